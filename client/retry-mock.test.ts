// The default retry against a 429 rehearsed on the mock (its example asks for Retry-After: 17): the client
// does not wait 17 s per attempt, it hands the 429 back at once (17 s is over the 10 s cap on one wait).
import { startMock, type MockServer } from '../mock/server';
import { DEFAULT_RETRY_POLICY, createPartnerClient, type RetryEvent } from './index';

describe('default retry policy against the mock', () => {
  let mock: MockServer;
  beforeAll(async () => {
    mock = await startMock();
  }, 60_000);
  afterAll(async () => {
    await mock?.close();
  });

  it('returns a rehearsed 429 with Retry-After 17 at once, unretried', async () => {
    const retries: RetryEvent[] = [];
    const api = createPartnerClient({ baseUrl: `${mock.url}/v1`, apiKey: 'ik_test_retry', onRetry: (event) => retries.push(event) });
    const started = Date.now();
    const { error, response } = await api.GET('/usage', { headers: { Prefer: 'code=429' } });
    expect(response.status).toBe(429);
    expect(error?.error.code).toBe('rate_limited');
    expect(Number(response.headers.get('Retry-After')) * 1000).toBeGreaterThan(DEFAULT_RETRY_POLICY.maxRetryAfterMs);
    expect(retries).toEqual([]);
    expect(Date.now() - started).toBeLessThan(DEFAULT_RETRY_POLICY.maxRetryAfterMs);
  });
});
