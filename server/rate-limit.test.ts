import { DEFAULT_PARTNER_ID } from './store/records';
import { FixedWindowRateLimiter } from './domain/access/rate-limit';
import { MemoryRateLimitCounters } from './store/memory-rate-limits';
import { startTestServer, type TestServer } from './testing';
import { call } from './testing/contract-calls';
import { testClock } from './testing/clock';

describe('rate limiting per key', () => {
  // 10:00:30 is mid-window: a 60 s window started at 10:00:00.
  const clock = testClock('2026-11-22T10:00:30.000Z');
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ now: clock.now, env: { RATE_LIMIT_MAX: '3', RATE_LIMIT_WINDOW_SECONDS: '60' } });
  });
  afterAll(() => server.close());

  test('authenticated responses carry X-RateLimit-Limit and a falling X-RateLimit-Remaining', async () => {
    const key = (await server.domain.keys.create(DEFAULT_PARTNER_ID, { mode: 'test', scopes: 'all' })).plain;
    const remaining: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await call(server.baseUrl, 'GET', '/clients', { key });
      expect(res.headers.get('x-ratelimit-limit')).toBe('3');
      remaining.push(res.headers.get('x-ratelimit-remaining')!);
    }
    expect(remaining).toEqual(['2', '1', '0']);
  });

  test('a request past the ceiling gets 429 rate_limited with Retry-After until the window ends, then passes again', async () => {
    const key = (await server.domain.keys.create(DEFAULT_PARTNER_ID, { mode: 'test', scopes: 'all' })).plain;
    for (let i = 0; i < 3; i++) expect((await call(server.baseUrl, 'GET', '/usage', { key })).status).toBe(200);
    const refused = await call(server.baseUrl, 'GET', '/usage', { key });
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('rate_limited');
    expect(refused.headers.get('retry-after')).toBe('30');
    expect(refused.headers.get('x-ratelimit-remaining')).toBe('0');
    clock.advance(30_000);
    expect((await call(server.baseUrl, 'GET', '/usage', { key })).status).toBe(200);
  });

  test('each key has its own window', async () => {
    const first = (await server.domain.keys.create(DEFAULT_PARTNER_ID, { mode: 'test', scopes: 'all' })).plain;
    const second = (await server.domain.keys.create(DEFAULT_PARTNER_ID, { mode: 'live', scopes: 'all' })).plain;
    for (let i = 0; i < 3; i++) await call(server.baseUrl, 'GET', '/usage', { key: first });
    expect((await call(server.baseUrl, 'GET', '/usage', { key: first })).status).toBe(429);
    expect((await call(server.baseUrl, 'GET', '/usage', { key: second })).status).toBe(200);
  });

  test('errors of an authenticated request (400, 403, 404) carry the limit headers too', async () => {
    const key = (await server.domain.keys.create(DEFAULT_PARTNER_ID, { mode: 'test', scopes: ['clients:read'] })).plain;
    const answers = [
      await call(server.baseUrl, 'GET', '/clients', { key, path: '/clients?limit=500' }),
      await call(server.baseUrl, 'POST', '/embedded-signup/sessions', { key, body: { client_ref: 'x' } }),
      await call(server.baseUrl, 'GET', '/clients/{client_ref}', { key, path: '/clients/nobody' }),
    ];
    expect(answers.map((a) => a.status)).toEqual([400, 403, 404]);
    expect(answers.map((a) => a.headers.get('x-ratelimit-remaining'))).toEqual(['2', '1', '0']);
  });
});

describe('fixed window', () => {
  test('Retry-After is at least 1 second, even at the last millisecond of a window', async () => {
    const clock = testClock('2026-11-22T10:00:59.999Z');
    const limiter = new FixedWindowRateLimiter({ max: 1, windowSeconds: 60 }, new MemoryRateLimitCounters(), clock.now);
    expect((await limiter.consume('k')).allowed).toBe(true);
    expect(await limiter.consume('k')).toMatchObject({ allowed: false, remaining: 0, retryAfterSeconds: 1 });
    clock.advance(1);
    expect((await limiter.consume('k')).allowed).toBe(true);
  });
});
