// Webhook attempts are independent of each other: a receiver that hangs on one delivery holds one slot for
// its 5 s and delays no other delivery.
import express from 'express';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { startTestServer, type TestServer } from './testing';

test('an immediate retry leaves while another delivery attempt still hangs on a slow receiver', async () => {
  const attemptsOf = new Map<string, number[]>();
  let releaseHung: () => void = () => undefined;
  const hungReleased = new Promise<void>((resolve) => (releaseHung = resolve));
  let retried: () => void = () => undefined;
  const retryArrived = new Promise<void>((resolve) => (retried = resolve));
  const receiver = express();
  receiver.post('/hook', express.json(), async (req, res) => {
    const message = (req.body as { test?: { message?: string } }).test?.message ?? '';
    const seen = [...(attemptsOf.get(message) ?? []), performance.now()];
    attemptsOf.set(message, seen);
    if (message === 'hang') {
      await hungReleased;
      res.status(200).end();
    } else if (seen.length === 1) {
      res.status(500).end();
    } else {
      retried();
      res.status(200).end();
    }
  });
  const http = await new Promise<Server>((done) => {
    const s = receiver.listen(0, '127.0.0.1', () => done(s));
  });
  let server: TestServer | undefined;
  try {
    server = await startTestServer({ env: { TICK_INTERVAL_MS: '0' } });
    await fetch(`${server.origin}/sandbox/webhook`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${server.sandboxToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ url: `http://127.0.0.1:${(http.address() as AddressInfo).port}/hook` }),
    });
    await server.sandbox('/webhook/test', { message: 'hang' });
    await server.sandbox('/webhook/test', { message: 'fails once' });
    // The condition, not a time: the retry arrives while the first delivery is still held open (it waits
    // for its 5 s timeout otherwise, since nothing releases it before the retry is seen).
    const outcome = await Promise.race([retryArrived.then(() => 'retried while the other hung'), new Promise((r) => setTimeout(() => r('no retry within 4 s'), 4_000).unref())]);
    expect(outcome).toBe('retried while the other hung');
    expect(attemptsOf.get('hang')).toHaveLength(1);
    const [first, second] = attemptsOf.get('fails once')!;
    expect(second! - first!).toBeLessThan(4_000);
  } finally {
    releaseHung();
    await server?.close();
    await new Promise((done) => http.close(done));
  }
});
