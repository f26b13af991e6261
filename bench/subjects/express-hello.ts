// Baseline 2: an Express 5 "hello" app (one JSON route, no middleware), the same Express the server uses.
import express from 'express';

const app = express();
app.all('/{*any}', (_req, res) => {
  res.json({ hello: 'world' });
});
app.listen(Number(process.env.PORT), '127.0.0.1');
