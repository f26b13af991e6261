// What the store holds in memory (store/sql/held-in-memory.ts), held to its word. On PostgreSQL, two instances
// on one database: what one instance read and kept (a page of clients, a client's templates, a closed service
// window, a month's usage) is dropped when the other changes it, and the rate-limit window is counted in the
// database, never in memory. On SQLite, where one process owns the file: the hot requests write nothing to it.
import { api } from '../fuzz/hardening-kit';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestServer, testDatabaseKind, type TestServer } from './testing';
import { useTwoInstances } from './testing/two-instances';
import { testClock } from './testing/clock';
import { eventually, openDataOf } from './testing/data';

const clock = testClock('2026-11-24T10:00:05.000Z');
const onPostgres = testDatabaseKind() === 'postgres';
const send = (clientRef: string, to: string, extra: Record<string, unknown> = {}) => ({ client_ref: clientRef, to, type: 'text', text: { body: 'Your order has shipped.' }, ...extra });

(onPostgres ? describe : describe.skip)('two instances on one PostgreSQL database', () => {
  let a: TestServer;
  let b: TestServer;
  useTwoInstances({ now: clock.now, env: { RATE_LIMIT_MAX: '1000', TICK_INTERVAL_MS: '0', TEMPLATE_REVIEW_DELAY_MS: '600000' } }, (started) => ({ a, b } = started));

  test('a client connected through one instance is in the page and count of GET /clients of the other, which had them cached', async () => {
    const key = await a.createKey({ mode: 'live', scopes: 'all' });
    const before = await api(b.baseUrl, key)('GET', '/clients?limit=100');
    expect(before.status).toBe(200);
    expect((await api(b.baseUrl, key)('GET', '/clients?limit=100')).json).toEqual(before.json);
    await a.connectClient({ clientRef: 'listed-by-both', channel: 'chat' });
    await eventually(async () => (await api(b.baseUrl, key)('GET', '/clients?limit=100')).json.total === before.json.total + 1);
    const after = await api(b.baseUrl, key)('GET', '/clients?limit=100');
    expect(after.json.results.map((c: { client_ref: string }) => c.client_ref)).toContain('listed-by-both');
  });

  test('a template created through one instance is listed by GET /templates of the other, which had the list cached', async () => {
    const key = await a.createKey({ mode: 'live', scopes: 'all' });
    await a.connectClient({ clientRef: 'templates-both', channel: 'chat' });
    const names = async () => ((await api(b.baseUrl, key)('GET', '/templates?client_ref=templates-both')).json.results as { name: string }[]).map((t) => t.name);
    const before = await names();
    expect(await names()).toEqual(before);
    const created = await api(a.baseUrl, key)('POST', '/templates', { client_ref: 'templates-both', name: 'held_shipping_update', category: 'UTILITY', body: { text: 'Order {{1}}', examples: ['1'] } });
    expect(created.status).toBe(201);
    await eventually(async () => (await names()).includes('held_shipping_update'));
  });

  test("an end user's message through one instance opens the service window for a test-key send through the other, which had it closed", async () => {
    const testKey = await a.createKey({ mode: 'test', scopes: 'all' });
    await a.connectClient({ clientRef: 'window-both', channel: 'chat' });
    const outside = await api(b.baseUrl, testKey)('POST', '/messages/send', send('window-both', '4915112340001'));
    expect([outside.status, outside.json.error.code]).toEqual([422, 'outside_service_window']);
    expect((await api(b.baseUrl, testKey)('POST', '/messages/send', send('window-both', '4915112340001'))).status).toBe(422);
    await a.sandbox('/inbound', { client_ref: 'window-both', from: '4915112340001', text: 'Hello' });
    await eventually(async () => (await api(b.baseUrl, testKey)('POST', '/messages/send', send('window-both', '4915112340001'))).status === 200);
  });

  test('a live send through one instance counts in GET /usage of the other, which had the month cached', async () => {
    const key = await a.createKey({ mode: 'live', scopes: 'all' });
    await a.connectClient({ clientRef: 'usage-both', channel: 'chat' });
    const outbound = async () => (await api(b.baseUrl, key)('GET', '/usage')).json.current.outbound_messages as number;
    const before = await outbound();
    expect(await outbound()).toBe(before);
    const sent = await api(a.baseUrl, key)('POST', '/messages/send', send('usage-both', '4915112340002'));
    expect([sent.status, sent.json.dry_run]).toEqual([200, undefined]);
    await eventually(async () => (await outbound()) === before + 1);
  });

  test('the rate-limit window is counted in the database: remaining falls by one per request, whichever instance answers', async () => {
    const key = await a.createKey({ mode: 'live', scopes: 'all' });
    const remaining: number[] = [];
    for (let i = 0; i < 6; i++) remaining.push(Number((await api((i % 2 === 0 ? a : b).baseUrl, key)('GET', '/clients')).headers.get('x-ratelimit-remaining')));
    expect(remaining).toEqual([999, 998, 997, 996, 995, 994]);
  });

  test('a key revoked through one instance is refused by the other, which had it cached', async () => {
    const key = await a.createKey({ mode: 'live', scopes: 'all' });
    for (let i = 0; i < 3; i++) expect((await api(b.baseUrl, key)('GET', '/clients')).status).toBe(200);
    const stored = await a.domain.keys.authenticate(key, '127.0.0.1');
    const revoked = await fetch(`${a.origin}/sandbox/keys/${stored.id}/revoke`, { method: 'POST', headers: { authorization: `Bearer ${a.sandboxToken}` } });
    expect(revoked.status).toBe(200);
    const tookMs = await eventually(async () => (await api(b.baseUrl, key)('GET', '/clients')).status === 401, 5_000);
    expect((await api(b.baseUrl, key)('GET', '/clients')).status).toBe(401);
    process.stdout.write(`cache invalidation across instances: refused by the other instance ${Math.round(tookMs)} ms after the revocation\n`);
  });
});

(onPostgres ? describe.skip : describe)('one server on its SQLite file', () => {
  let dataDir: string;
  let server: TestServer;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'held-in-memory-'));
    // The partners' request logs write each request (in batches): kept off here, the hot requests' own writes are the question.
    server = await startTestServer({ dataDir, now: clock.now, env: { RATE_LIMIT_MAX: '1000', TICK_INTERVAL_MS: '0', RATE_LIMIT_SAVE_MS: '60000', REQUEST_LOG_LIMIT: '0' } });
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('a dry-run send, GET /clients, GET /templates and GET /usage write nothing to the data file, and the rate limit still counts', async () => {
    const key = await server.createKey({ mode: 'live', scopes: 'all' });
    await server.connectClient({ clientRef: 'no-writes', channel: 'chat' });
    const call = api(server.baseUrl, key);
    const requests = () => [
      call('POST', '/messages/send', send('no-writes', '4915112340003', { dry_run: true })),
      call('GET', '/clients'),
      call('GET', '/templates?client_ref=no-writes'),
      call('GET', '/usage'),
    ];
    // The first GET /templates pulls the client's templates from the provider into the mirror (a write).
    for (const answer of await Promise.all(requests())) expect(answer.status).toBe(200);
    // Another connection's data_version moves whenever the server's connection commits anything.
    const data = await openDataOf(server);
    try {
      const version = async () => (await data.connection.get<{ data_version: number }>('PRAGMA data_version'))!.data_version;
      const before = await version();
      const answers: Awaited<ReturnType<typeof call>>[] = [];
      for (let i = 0; i < 5; i++) answers.push(...(await Promise.all(requests())));
      expect(answers.map((r) => r.status)).toEqual(answers.map(() => 200));
      expect(await version()).toBe(before);
      // Each request took its own count in the window, held in memory.
      const remaining = answers.map((r) => Number(r.headers.get('x-ratelimit-remaining'))).sort((x, y) => y - x);
      expect(remaining).toEqual(remaining.map((_, i) => remaining[0]! - i));
    } finally {
      await data.store.close();
    }
  });
});
