// A local webhook receiver for the delivery benchmark: verifies X-Service-Signature (HMAC-SHA256 of the raw
// body, constant-time compare) and answers 204 (401 on a bad signature). Reports its counts on stdout every
// 50 ms as one JSON line: verified, rejected, and the times of the first and last verified delivery since
// the last /__reset. Control: POST /__hold (keep deliveries unanswered), /__release (drop the held ones and
// answer again), /__reset (restart the timeline).
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';

const secret = process.env.WEBHOOK_SECRET ?? '';
let verified = 0;
let rejected = 0;
let first: number | null = null;
let last: number | null = null;
let hold = false;
const held: ServerResponse[] = [];
const report = () => process.stdout.write(`${JSON.stringify({ t: Date.now(), verified, rejected, first, last })}\n`);

createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    if (req.url?.startsWith('/__')) {
      if (req.url === '/__hold') hold = true;
      if (req.url === '/__release') {
        hold = false;
        for (const r of held.splice(0)) r.destroy();
      }
      if (req.url === '/__reset') first = last = null;
      res.writeHead(204).end();
      return;
    }
    if (hold) {
      held.push(res);
      return;
    }
    const raw = Buffer.concat(chunks);
    const expected = Buffer.from(`sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`);
    const given = Buffer.from(String(req.headers['x-service-signature'] ?? ''));
    const ok = given.length === expected.length && timingSafeEqual(given, expected);
    if (ok) {
      verified++;
      last = Date.now();
      first ??= last;
    } else rejected++;
    res.writeHead(ok ? 204 : 401).end();
  });
}).listen(Number(process.env.PORT), '127.0.0.1');
setInterval(report, 50).unref();
process.on('SIGTERM', () => {
  report();
  process.exit(0);
});
