// The typed client's retry (retry.ts) against the reference server's faults on demand (its sandbox's
// /faults), over real HTTP: it retries 429, 500, 502 and dropped connections, waits at least Retry-After,
// caps its waits, and never retries 400, 401, 403 or 422. Every request the client makes is counted at its
// fetch; the waits are recorded by its injected sleep (the server's answers are real, the clock is not
// waited on).
import { DEFAULT_PARTNER_ID } from '../server/store/records';
import { startTestServer, type TestServer } from '../server/testing';
import { DEFAULT_RETRY_POLICY, createPartnerClient, type RetryEvent, type RetryPolicy } from './index';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { TICK_INTERVAL_MS: '0' } });
  await server.connectClient({ clientRef: 'retry-shop', channel: 'chat' });
});
afterAll(() => server.close());

async function addFault(body: Record<string, unknown>): Promise<void> {
  const res = await fetch(`${server.origin}/sandbox/faults`, {
    method: 'POST',
    headers: { authorization: `Bearer ${server.sandboxToken}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (res.status !== 201) throw new Error(`POST /sandbox/faults answered ${res.status}: ${await res.text()}`);
}

/** A client on a fresh key, counting the requests it sends and recording its retries and waits. */
async function client(opts: { scopes?: string[]; retry?: Partial<RetryPolicy> } = {}) {
  const { key, plain } = await server.domain.keys.create(DEFAULT_PARTNER_ID, { mode: 'live', scopes: opts.scopes ?? 'all' });
  const sent: string[] = [];
  const retries: RetryEvent[] = [];
  const waits: number[] = [];
  const api = createPartnerClient({
    baseUrl: server.baseUrl,
    apiKey: plain,
    retry: opts.retry,
    fetch: (request) => {
      sent.push(`${request.method} ${new URL(request.url).pathname}`);
      return fetch(request);
    },
    onRetry: (event) => retries.push(event),
    sleep: async (ms) => void waits.push(ms),
  });
  return { api, keyId: key.id, sent, retries, waits };
}

const SEND = { client_ref: 'retry-shop', to: '4915112345678', type: 'text' as const, text: { body: 'Hello' } };

describe("the client's retry against the server's faults", () => {
  test.each([
    ['429', 429],
    ['500', 500],
    ['502', 502],
  ])('a %s answered twice is retried, and the third attempt is answered', async (kind, status) => {
    const { api, keyId, sent, retries } = await client();
    await addFault({ kind, key: keyId, operation: 'sendMessage', times: 2 });
    const { data, response } = await api.POST('/messages/send', { body: SEND });
    expect(response.status).toBe(200);
    expect(data?.message_id).toEqual(expect.any(String));
    expect(sent).toEqual(['POST /v1/messages/send', 'POST /v1/messages/send', 'POST /v1/messages/send']);
    expect(retries.map((r) => r.reason)).toEqual([{ status }, { status }]);
  });

  test('a dropped connection is retried as a network failure', async () => {
    const { api, keyId, sent, retries } = await client();
    await addFault({ kind: 'drop', key: keyId, operation: 'listClients' });
    const { response } = await api.GET('/clients');
    expect(response.status).toBe(200);
    expect(sent).toHaveLength(2);
    expect(retries).toHaveLength(1);
    expect((retries[0]!.reason as { error: Error }).error.message).toBe('fetch failed');
  });

  test("a delay longer than the caller's per-attempt timeout fails that attempt as a network failure, and it is retried", async () => {
    const { key, plain } = await server.domain.keys.create(DEFAULT_PARTNER_ID, { mode: 'live', scopes: 'all' });
    await addFault({ kind: 'delay', key: key.id, operation: 'getUsage', delay_ms: 120_000 });
    const retries: RetryEvent[] = [];
    const api = createPartnerClient({
      baseUrl: server.baseUrl,
      apiKey: plain,
      // Each attempt on its own timeout: one that times out is a network failure, not the caller's abort. The
      // delayed attempt never answers within it; the others answer well within it, even on a loaded machine.
      fetch: (request) => fetch(request, { signal: AbortSignal.timeout(5_000) }),
      onRetry: (event) => retries.push(event),
      sleep: async () => undefined,
    });
    const { response } = await api.GET('/usage');
    expect(response.status).toBe(200);
    expect(retries.length).toBeGreaterThanOrEqual(1);
    expect(retries.map((r) => (r.reason as { error: Error }).error.name)).toEqual(retries.map(() => 'TimeoutError'));
  });

  test('it waits at least Retry-After before retrying a 429', async () => {
    const { api, keyId, waits } = await client();
    await addFault({ kind: '429', key: keyId, operation: 'getUsage', retry_after_seconds: 4 });
    expect((await api.GET('/usage')).response.status).toBe(200);
    expect(waits).toHaveLength(1);
    expect(waits[0]).toBeGreaterThanOrEqual(4_000);
  });

  test('a Retry-After over its cap on one wait is handed back at once, unretried', async () => {
    const { api, keyId, sent, waits } = await client();
    await addFault({ kind: '429', key: keyId, operation: 'getUsage', retry_after_seconds: DEFAULT_RETRY_POLICY.maxRetryAfterMs / 1000 + 1 });
    const { error, response } = await api.GET('/usage');
    expect(response.status).toBe(429);
    expect(error?.error.code).toBe('rate_limited');
    expect(response.headers.get('Retry-After')).toBe(String(DEFAULT_RETRY_POLICY.maxRetryAfterMs / 1000 + 1));
    expect(sent).toHaveLength(1);
    expect(waits).toEqual([]);
  });

  test('its waits stop at the cap on the total: a 429 asking for 3 s each time is retried while the waits fit in 7 s', async () => {
    const { api, keyId, sent, waits } = await client({ retry: { maxRetries: 10, maxTotalDelayMs: 7_000 } });
    await addFault({ kind: '429', key: keyId, operation: 'getUsage', retry_after_seconds: 3, share_percent: 100 });
    const { response } = await api.GET('/usage');
    expect(response.status).toBe(429);
    expect(waits.reduce((sum, ms) => sum + ms, 0)).toBeLessThanOrEqual(7_000);
    expect(waits).toHaveLength(2);
    expect(sent).toHaveLength(3);
  });

  test('after maxRetries retries it hands back the last 500', async () => {
    const { api, keyId, sent } = await client({ retry: { maxRetries: 2 } });
    await addFault({ kind: '500', key: keyId, operation: 'listClients', times: 5 });
    const { error, response } = await api.GET('/clients');
    expect(response.status).toBe(500);
    expect(error?.error.code).toBe('internal_error');
    expect(sent).toHaveLength(3);
  });

  test('it never retries a 400, 401, 403 or 422: one request each', async () => {
    const { api, sent, retries } = await client({ scopes: ['messages:send'] });
    const invalid = await api.POST('/messages/send', { body: { ...SEND, to: '' } });
    const forbidden = await api.GET('/clients');
    const rejected = await api.POST('/messages/send', { body: { ...SEND, to: '4915112340422' } });
    const unauthorized = await createPartnerClient({ baseUrl: server.baseUrl, apiKey: 'ik_test_not-a-key', onRetry: (event) => retries.push(event) }).GET('/clients');
    expect([invalid.response.status, forbidden.response.status, rejected.response.status, unauthorized.response.status]).toEqual([400, 403, 422, 401]);
    expect(sent).toHaveLength(3);
    expect(retries).toEqual([]);
  });
});
