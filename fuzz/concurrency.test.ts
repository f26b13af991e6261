// Concurrency: the rate limit lets through exactly its limit per window under concurrent load; message ids
// never repeat; a single-use hosted session connects once even when completed by simultaneous requests.
import { startTestServer, type TestServer } from '../server/testing';
import { api, completeSession, createSession, isEnvelope4xx, phoneFor } from './hardening-kit';


const LIMIT = 40;
let clock = new Date('2026-11-22T10:00:05.000Z').getTime();
let server: TestServer;

beforeAll(async () => {
  // A clock the test moves by hand, so a burst never straddles a window boundary by accident.
  server = await startTestServer({ now: () => new Date(clock), env: { RATE_LIMIT_MAX: String(LIMIT), RATE_LIMIT_WINDOW_SECONDS: '60' } });
}, 30_000);
afterAll(async () => {
  await server?.close();
});

const burst = <T>(n: number, f: (i: number) => Promise<T>) => Promise.all(Array.from({ length: n }, (_, i) => f(i)));

describe('rate limit under concurrent load', () => {
  test(`${5 * LIMIT} simultaneous requests with one key get exactly ${LIMIT} through per window, the rest 429 with Retry-After`, async () => {
    const fresh = await server.createKey({ mode: 'live', scopes: 'all' });
    for (const window of [0, 1]) {
      const answers = await burst(5 * LIMIT, () => api(server.baseUrl, fresh)('GET', '/clients'));
      const ok = answers.filter((a) => a.status === 200);
      const limited = answers.filter((a) => a.status === 429);
      expect({ window, ok: ok.length, limited: limited.length }).toEqual({ window, ok: LIMIT, limited: 4 * LIMIT });
      // Each allowed request saw its own remaining count: LIMIT-1 … 0, each once.
      const remaining = ok.map((a) => Number(a.headers.get('x-ratelimit-remaining'))).sort((a, b) => a - b);
      expect(remaining).toEqual(Array.from({ length: LIMIT }, (_, i) => i));
      for (const a of limited) {
        expect(isEnvelope4xx(a) && a.json.error.code).toBe('rate_limited');
        expect(Number(a.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      }
      clock += 60_000; // next window
    }
  });

  test(`two keys bursting at once each get their own ${LIMIT}`, async () => {
    const [a, b] = await Promise.all([server.createKey({ mode: 'live', scopes: 'all' }), server.createKey({ mode: 'live', scopes: 'all' })]);
    const answers = await burst(4 * LIMIT, (i) => api(server.baseUrl, i % 2 ? a : b)('GET', '/clients').then((r) => ({ k: i % 2, s: r.status })));
    expect(answers.filter((x) => x.k === 1 && x.s === 200)).toHaveLength(LIMIT);
    expect(answers.filter((x) => x.k === 0 && x.s === 200)).toHaveLength(LIMIT);
    clock += 60_000;
  });
});

describe('message ids', () => {
  test(`${LIMIT} simultaneous dry-run sends get ${LIMIT} distinct message ids`, async () => {
    const ref = `conc-send-${Date.now().toString(36)}`;
    await server.connectClient({ clientRef: ref, channel: 'chat' });
    const k = await server.createKey({ mode: 'live', scopes: 'all' });
    const answers = await burst(LIMIT, (i) =>
      api(server.baseUrl, k)('POST', '/messages/send', { client_ref: ref, to: '4915112345678', type: 'text', text: { body: `m${i}` }, dry_run: true }),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(LIMIT).fill(200));
    const ids = answers.map((a) => a.json.message_id as string);
    expect(new Set(ids).size).toBe(LIMIT);
    clock += 60_000;
  });
});

describe('single-use hosted sessions', () => {
  for (const channel of ['chat', 'social'] as const) {
    test(`a ${channel} session completed by 20 simultaneous requests connects exactly once; the others are refused`, async () => {
      const k = await server.createKey({ mode: 'live', scopes: 'all' });
      const ref = `conc-${channel}-${Date.now().toString(36)}`;
      const session = await createSession(server.baseUrl, k, ref, channel);
      expect(session.status).toBe(201);
      // Distinct accounts per attempt: a second success could not hide behind a "number already connected".
      const answers = await burst(20, (i) =>
        completeSession(session.url!, { business_name: `${ref}-${i}`, ...(channel === 'chat' ? { phone_number: phoneFor(`${ref}-${i}`) } : { username: `acct_${i}_${Date.now().toString(36)}` }) }),
      );
      const connected = answers.filter((a) => a.status === 200);
      expect(connected).toHaveLength(1);
      for (const a of answers.filter((x) => x.status !== 200)) expect(a.status).toBeGreaterThanOrEqual(400);
      const client = await api(server.baseUrl, k)('GET', `/clients/${ref}`);
      expect(client.status).toBe(200);
      expect(client.json.channel).toBe(channel);
      // The page is single-use after the race too.
      const again = await completeSession(session.url!, { business_name: ref, ...(channel === 'chat' ? { phone_number: phoneFor(`${ref}-again`) } : { username: 'acct_again' }) });
      expect(again.status).toBeGreaterThanOrEqual(400);
      clock += 60_000;
    });
  }
});
