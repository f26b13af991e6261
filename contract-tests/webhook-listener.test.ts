// The run's receiver as an implementation's sender meets it on the wire.
import { request } from 'node:http';
import { startWebhookListener } from './webhook-listener';

test('the run receiver keeps idle connections open, announcing no keep-alive timeout, so it never closes one under an attempt on its way', async () => {
  const listener = await startWebhookListener({ host: '127.0.0.1', port: 0, secret: 'whsec_listener', timeoutMs: 1_000 });
  try {
    const answer = await new Promise<{ status?: number; connection: string; keepAlive?: string }>((resolve, reject) => {
      const req = request(listener.url, { method: 'POST', headers: { 'content-type': 'application/json' } }, (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode, connection: String(res.headers.connection), keepAlive: res.headers['keep-alive']?.toString() }));
      });
      req.on('error', reject);
      req.end('{"event":"webhook.test"}');
    });
    // Unsigned: refused as section 6 asks; the connection stays usable with no idle limit announced.
    expect(answer).toEqual({ status: 401, connection: 'keep-alive', keepAlive: undefined });
  } finally {
    await listener.close();
  }
});
