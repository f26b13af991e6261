// GET /metrics (operations/metrics.ts) on METRICS_PORT, apart from the API: after known traffic, the counts
// are exactly that traffic's (requests by operation, method and status, their durations, rate-limit refusals,
// webhook attempts by outcome), the gauges read what is (the oldest due webhook attempt by the injected clock,
// templates waiting for review, the database's connections), and no label carries a key, a reference, a
// partner or a request id. On SQLite and on PostgreSQL.
import { api } from '../fuzz/hardening-kit';
import { startTestServer, type TestServer } from './testing';
import { testClock } from './testing/clock';
import { startWebhookReceiver, type WebhookReceiver } from './testing/webhook-receiver';

const clock = testClock('2026-11-22T10:00:00.000Z');
const CLIENT = 'metrics-shop';
let server: TestServer;
let receiver: WebhookReceiver;
const requestIds: string[] = [];
const keys: string[] = [];

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  server = await startTestServer({ now: clock.now, env: { METRICS_PORT: '0', TICK_INTERVAL_MS: '0', RATE_LIMIT_MAX: '4', TEMPLATE_REVIEW_DELAY_MS: '5000' } });
});
afterAll(async () => {
  await server?.close();
  await receiver?.close();
});

/** A request to the API with a fresh key of every scope (or none); its status, its request id noted. */
async function request(method: string, path: string, body?: unknown, key: string | null = null): Promise<{ status: number; json: any }> {
  const res = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  requestIds.push(res.headers.get('x-request-id') ?? '');
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : undefined };
}

async function newKey(): Promise<string> {
  const key = await server.createKey({ mode: 'live', scopes: 'all' });
  keys.push(key);
  return key;
}

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The samples of a Prometheus text exposition. */
function parse(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) throw new Error(`not a sample line: ${line}`);
    const labels = Object.fromEntries([...(match[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]));
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

async function scrape(): Promise<{ samples: Sample[]; contentType: string | null }> {
  const res = await fetch(server.metricsUrl!);
  expect(res.status).toBe(200);
  return { samples: parse(await res.text()), contentType: res.headers.get('content-type') };
}

/** The value of one series (0 when absent: a counter never incremented). */
const valueOf = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  samples.find((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v) && Object.keys(s.labels).length === Object.keys(labels).length)?.value ?? 0;

test('after known traffic, requests are counted by operation, method and status, with a duration each; rate-limit refusals counted apart', async () => {
  const before = (await scrape()).samples;
  const counted = (name: string, labels: Record<string, string>, now: Sample[]) => valueOf(now, name, labels) - valueOf(before, name, labels);

  for (let i = 0; i < 3; i++) expect((await request('GET', '/status')).status).toBe(200);
  const reader = await newKey();
  for (let i = 0; i < 2; i++) expect((await request('GET', '/clients', undefined, reader)).status).toBe(200);
  expect((await request('GET', '/clients/nobody-here', undefined, reader)).status).toBe(404);
  expect((await request('GET', '/nowhere')).status).toBe(404);
  const limited = await newKey();
  const usage: number[] = [];
  for (let i = 0; i < 6; i++) usage.push((await request('GET', '/usage', undefined, limited)).status);
  expect(usage).toEqual([200, 200, 200, 200, 429, 429]);

  const { samples, contentType } = await scrape();
  expect(contentType).toBe('text/plain; version=0.0.4; charset=utf-8');
  const requests = 'partner_messaging_http_requests_total';
  expect(counted(requests, { operation: 'getStatus', method: 'GET', status: '200' }, samples)).toBe(3);
  expect(counted(requests, { operation: 'listClients', method: 'GET', status: '200' }, samples)).toBe(2);
  expect(counted(requests, { operation: 'getClient', method: 'GET', status: '404' }, samples)).toBe(1);
  expect(counted(requests, { operation: 'unmatched', method: 'GET', status: '404' }, samples)).toBe(1);
  expect(counted(requests, { operation: 'getUsage', method: 'GET', status: '200' }, samples)).toBe(4);
  expect(counted(requests, { operation: 'getUsage', method: 'GET', status: '429' }, samples)).toBe(2);
  expect(counted('partner_messaging_rate_limit_refusals_total', {}, samples)).toBe(2);
  expect(counted('partner_messaging_http_request_duration_seconds_count', { operation: 'getStatus' }, samples)).toBe(3);
  expect(counted('partner_messaging_http_request_duration_seconds_bucket', { operation: 'getUsage', le: '+Inf' }, samples)).toBe(6);
  // The requests that found the key in memory, and those that asked the database.
  expect(valueOf(samples, 'partner_messaging_cache_reads_total', { read: 'keysByHash', result: 'hit' })).toBeGreaterThan(0);
  expect(valueOf(samples, 'partner_messaging_cache_reads_total', { read: 'keysByHash', result: 'miss' })).toBeGreaterThan(0);
  expect(valueOf(samples, 'partner_messaging_db_statement_errors_total')).toBe(0);
  for (const state of ['in_use', 'idle', 'waiting']) expect(samples.some((s) => s.name === `partner_messaging_db_pool_${state}`)).toBe(true);
  expect(samples.some((s) => s.name === 'process_cpu_user_seconds_total')).toBe(true);
  expect(samples.some((s) => s.name === 'nodejs_heap_size_used_bytes')).toBe(true);
});

test('webhook attempts are counted by outcome, and the oldest due attempt\'s age follows the clock', async () => {
  const before = (await scrape()).samples;
  const attempts = (outcome: string, now: Sample[]) =>
    valueOf(now, 'partner_messaging_webhook_attempts_total', { outcome }) - valueOf(before, 'partner_messaging_webhook_attempts_total', { outcome });
  const put = await fetch(`${server.origin}/sandbox/webhook`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${server.sandboxToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ url: receiver.url }),
  });
  receiver.state.secret = (await put.json()).secret;

  await server.sandbox('/webhook/test', {});
  await server.tick();
  // One refused once, then delivered by its immediate retry.
  receiver.state.answers = [500];
  await server.sandbox('/webhook/test', {});
  await server.tick();
  let samples = (await scrape()).samples;
  expect(attempts('delivered', samples)).toBe(2);
  expect(attempts('retried', samples)).toBe(1);
  expect(attempts('failed', samples)).toBe(0);
  expect(valueOf(samples, 'partner_messaging_webhook_oldest_due_seconds')).toBe(0);

  // One the receiver keeps refusing waits for its next attempt; 90 s after it was due, it is 90 s late.
  receiver.state.answers = Array.from({ length: 10 }, () => 500);
  await server.sandbox('/webhook/test', {});
  await server.tick();
  const due = (await server.store.webhooks.nextDueAt())!;
  clock.set(new Date(due.getTime() + 90_000));
  samples = (await scrape()).samples;
  expect(valueOf(samples, 'partner_messaging_webhook_oldest_due_seconds')).toBe(90);
  expect(attempts('retried', samples)).toBeGreaterThan(1);
  receiver.state.answers = [];
});

test('templates waiting for the simulated review are a gauge', async () => {
  const key = await newKey();
  await server.connectClient({ clientRef: CLIENT, channel: 'chat' });
  const before = valueOf((await scrape()).samples, 'partner_messaging_simulated_reviews_pending');
  for (const name of ['metrics_manual_one', 'metrics_manual_two']) {
    const created = await request('POST', '/templates', { client_ref: CLIENT, name, language: 'en_US', category: 'UTILITY', body: { text: 'Your code is ready.' } }, key);
    expect(created.status).toBe(201);
  }
  expect(valueOf((await scrape()).samples, 'partner_messaging_simulated_reviews_pending')).toBe(before + 2);
});

test('no label carries a key, a reference, a partner or a request id: only operation ids, methods, statuses, outcomes and kinds', async () => {
  const { samples } = await scrape();
  const ours = samples.filter((s) => s.name.startsWith('partner_messaging_'));
  const labelValues = new Set(ours.flatMap((s) => Object.values(s.labels)));
  const secrets = [...keys, ...keys.map((k) => k.slice(0, 12)), ...requestIds.filter(Boolean), CLIENT, 'nobody-here', 'default'];
  for (const value of labelValues) {
    for (const secret of secrets) expect({ value, carries: value.includes(secret) }).toEqual({ value, carries: false });
    expect(value).not.toMatch(/ik_(test|live)_/);
  }
  const labelNames = [...new Set(ours.flatMap((s) => Object.keys(s.labels)))];
  expect(labelNames.filter((n) => !['family', 'le', 'method', 'operation', 'outcome', 'read', 'result', 'status'].includes(n))).toEqual([]);
});

test('the metrics are not served on the API port, and the metrics port serves nothing else', async () => {
  const onApiPort = await fetch(`${server.origin}/metrics`);
  expect(onApiPort.status).toBe(404);
  expect((await onApiPort.json()).error.code).toBe('not_found');
  expect((await fetch(server.metricsUrl!.replace('/metrics', '/v1/status'))).status).toBe(404);
});

test('without METRICS_PORT no metrics are kept or served', async () => {
  const plain = await startTestServer();
  try {
    expect(plain.metricsUrl).toBeUndefined();
    expect(plain.composition.metrics).toBeUndefined();
    expect((await api(plain.baseUrl, null)('GET', '/status')).status).toBe(200);
  } finally {
    await plain.close();
  }
});
