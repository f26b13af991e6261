// Baseline 3: the floor of the reference server's stack. Express 5 (served as the server serves it,
// http/app-server.ts) + express.json + express-openapi-validator
// (requests and responses validated against openapi.yaml with server/app.ts's own options) and a
// constant, valid answer to POST /v1/messages/send: no authentication, rate limit, store or rule. The gap
// between this and Express hello is the price of validation alone; the reference server cannot beat it.
import express, { type ErrorRequestHandler, type RequestHandler } from 'express';
import * as OpenApiValidator from 'express-openapi-validator';
import { contractValidation } from '../../server/app';
import { createAppServer } from '../../server/http/app-server';
import { jsonBody } from '../../server/http/json-body';
import { contract } from '../../spec';

const app = express();
app.disable('x-powered-by');
app.set('etag', false);
app.use(jsonBody());
app.use(OpenApiValidator.middleware(contractValidation(contract())) as RequestHandler[]);
app.post('/v1/messages/send', (_req, res) => {
  res.setHeader('X-Request-Id', '9b2f0c1e-8d3a-4c55-9f1e-0a6b2c3d4e5f');
  res.setHeader('X-RateLimit-Limit', '600');
  res.setHeader('X-RateLimit-Remaining', '599');
  res.status(200).json({ success: true, message_id: 'dryrun_0123456789abcdef0123456789abcdef', dry_run: true });
});
const answerErrors: ErrorRequestHandler = (error, _req, res, _next) => {
  res.status(error.status ?? 500).json({ error: { code: 'bad_request', message: String(error.message) } });
};
app.use(answerErrors);
createAppServer(app).listen(Number(process.env.PORT), '127.0.0.1');
