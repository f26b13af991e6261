// Baseline 1: a bare node:http server answering every request with a small JSON body.
import { createServer } from 'node:http';

const body = JSON.stringify({ hello: 'world' });
createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  });
}).listen(Number(process.env.PORT), '127.0.0.1');
