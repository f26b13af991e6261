// The webhook trigger against a local receiver that verifies the signature over the raw bytes (with the
// package's own verifyWebhookSignature) and fails the first attempts. Delays are injected (milliseconds),
// never the real 10 s / 60 s / 5 min.
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SIGNATURE_HEADER, WEBHOOK_MAX_ATTEMPTS, WEBHOOK_RETRY_DELAYS_MS, deliverWebhook, verifyWebhookSignature } from '../client/webhooks';
import { defaultPayload, payloadViolations, webhookEvents } from './webhooks';

const SECRET = 'whsec_contract_test';

type Behaviour = 'ok' | 'fail' | 'hang';
interface Delivery {
  at: number;
  body: Buffer;
  signature: string | undefined;
  verified: boolean;
}

/** A receiver that answers 401 on a bad signature, else follows `script` (then 200). */
async function receiver(script: Behaviour[] = []) {
  const deliveries: Delivery[] = [];
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks);
    const signature = req.headers[SIGNATURE_HEADER.toLowerCase()] as string | undefined;
    const verified = verifyWebhookSignature(body, signature, SECRET);
    deliveries.push({ at: performance.now(), body, signature, verified });
    if (!verified) return void res.writeHead(401).end();
    const behaviour = script.shift() ?? 'ok';
    if (behaviour === 'hang') return; // never answers: the attempt times out
    res.writeHead(behaviour === 'ok' ? 200 : 500).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  return {
    url,
    deliveries,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((r) => server.close(() => r()));
    },
  };
}

test('the default payload of each of the nine events is its first openapi.yaml example and holds the event schema', () => {
  expect(webhookEvents()).toHaveLength(9);
  for (const event of webhookEvents()) {
    const payload = defaultPayload(event) as { event: string };
    expect(payload.event).toBe(event);
    expect(payloadViolations(event, payload)).toEqual([]);
  }
});

test('a payload that breaks the event schema is reported with the field', () => {
  const broken = { ...(defaultPayload('message.status') as object), statuses: [] };
  expect(payloadViolations('message.status', broken)).toEqual(['/statuses must NOT have fewer than 1 items']);
});

test('a receiver that fails twice and then times out gets the same signed bytes on every retry until it answers 2xx', async () => {
  const r = await receiver(['fail', 'fail', 'hang', 'ok']);
  const body = Buffer.from(JSON.stringify(defaultPayload('message.received')));
  const retryDelays = [40, 80, 120];
  try {
    // A generous timeout, so a loaded machine does not turn the 500s into timeouts.
    const waited: number[] = [];
    const sleep = (ms: number) => {
      waited.push(ms);
      return new Promise<void>((done) => setTimeout(done, ms));
    };
    const result = await deliverWebhook({ url: r.url, secret: SECRET, body, schedule: retryDelays, timeoutMs: 2500, sleep });
    // One assertion on the whole story, so a failure shows every attempt.
    expect({ delivered: result.delivered, attempts: result.attempts.map((a) => a.status ?? a.error) }).toEqual({
      delivered: true,
      attempts: [500, 500, 'timeout after 2500 ms', 200],
    });
    expect(result.attempts[2]!.durationMs).toBeGreaterThanOrEqual(2490);
    expect(result.attempts.map((a) => a.delayMs)).toEqual([0, ...retryDelays]);
    expect(r.deliveries).toHaveLength(4);
    for (const d of r.deliveries) {
      expect(d.verified).toBe(true);
      expect(d.body.equals(body)).toBe(true);
    }
    // Each retry waited its delay after the previous attempt ended.
    expect(waited).toEqual([40, 80, 120]);
    expect(r.deliveries[1]!.at - r.deliveries[0]!.at).toBeGreaterThanOrEqual(35);
  } finally {
    await r.close();
  }
});

test('a receiver that never answers 2xx gets five attempts (the first, then the retry schedule), then the trigger gives up', async () => {
  const r = await receiver(['fail', 'fail', 'fail', 'fail', 'fail']);
  const waited: number[] = [];
  try {
    const result = await deliverWebhook({
      url: r.url,
      secret: SECRET,
      body: Buffer.from(JSON.stringify(defaultPayload('webhook.test'))),
      sleep: async (ms) => void waited.push(ms),
    });
    expect(result.delivered).toBe(false);
    expect(result.attempts).toHaveLength(5);
    expect(result.attempts).toHaveLength(WEBHOOK_MAX_ATTEMPTS);
    // The service's schedule, from client/webhooks.ts: immediately, then 10 s, 60 s, 5 min.
    expect(waited).toEqual(WEBHOOK_RETRY_DELAYS_MS.filter((d) => d > 0));
  } finally {
    await r.close();
  }
});

test('a receiver with another secret rejects every attempt with 401 (the signature covers the exact bytes)', async () => {
  const r = await receiver();
  try {
    const result = await deliverWebhook({
      url: r.url,
      secret: 'another-secret',
      body: Buffer.from(JSON.stringify(defaultPayload('template.status'))),
      schedule: [1],
    });
    expect(result.attempts.map((a) => a.status)).toEqual([401, 401]);
    expect(r.deliveries.every((d) => !d.verified)).toBe(true);
  } finally {
    await r.close();
  }
});

test('each of the nine events is fired with its default payload and a signature the receiver verifies', async () => {
  const r = await receiver();
  try {
    for (const event of webhookEvents()) {
      const result = await deliverWebhook({ url: r.url, secret: SECRET, body: Buffer.from(JSON.stringify(defaultPayload(event))), schedule: [] });
      expect([event, result.delivered]).toEqual([event, true]);
    }
    expect(r.deliveries.map((d) => (JSON.parse(d.body.toString('utf8')) as { event: string }).event)).toEqual(webhookEvents());
    expect(r.deliveries.every((d) => d.verified)).toBe(true);
  } finally {
    await r.close();
  }
});

test('npm run webhook:trigger sends a --payload file byte for byte, signed, and reports each attempt', async () => {
  const r = await receiver(['fail']);
  const file = join(mkdtempSync(join(tmpdir(), 'webhook-')), 'payload.json');
  // Pretty-printed on purpose: the signature must cover these exact bytes, not re-serialized JSON.
  const raw = `${JSON.stringify(defaultPayload('user.preferences'), null, 3)}\n`;
  writeFileSync(file, raw);
  try {
    const { code, out } = await new Promise<{ code: number; out: string }>((resolve) => {
      const args = ['user.preferences', '--url', r.url, '--secret', SECRET, '--payload', file, '--retry-delays-ms', '20', '--timeout-ms', '1000'];
      const child = spawn(process.execPath, ['--import', 'tsx', join(__dirname, 'webhook-trigger.ts'), ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
      let text = '';
      child.stdout.on('data', (d) => (text += d));
      child.stderr.on('data', (d) => (text += d));
      child.on('exit', (c) => resolve({ code: c ?? -1, out: text }));
    });
    expect(code).toBe(0);
    expect(out).toMatch(/attempt 1\/2: HTTP 500 in \d+ ms → retrying in 20 ms/);
    expect(out).toMatch(/attempt 2\/2: HTTP 200 in \d+ ms → delivered/);
    expect(r.deliveries.map((d) => d.body.toString('utf8'))).toEqual([raw, raw]);
    expect(r.deliveries.every((d) => d.verified)).toBe(true);
  } finally {
    await r.close();
  }
}, 30_000);
