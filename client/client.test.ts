// The typed client over real HTTP against a node:http fixture server: authentication, the section 7 retry
// policy (network errors, 429 with Retry-After, 500, 502; nothing else) and multipart uploads.
import Busboy from 'busboy';
import { createPartnerClient, type RetryEvent } from './index';
import { startFixtureServer, type FixtureServer, type RecordedRequest } from './test/fixture-server';

const SEND = {
  client_ref: 'acme-shoes-de',
  to: '4915112345678',
  type: 'text' as const,
  text: { body: 'Your order 10482 has shipped.' },
};
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const ERROR = (code: string) => ({ error: { code, message: code } });

interface ParsedMultipart {
  fields: Record<string, string>;
  files: Record<string, { filename: string; mimeType: string; bytes: Buffer }>;
}

function parseMultipart(request: RecordedRequest): Promise<ParsedMultipart> {
  return new Promise((resolve, reject) => {
    const parsed: ParsedMultipart = { fields: {}, files: {} };
    const parser = Busboy({ headers: request.headers as Parameters<typeof Busboy>[0]['headers'] });
    parser.on('field', (name, value) => {
      parsed.fields[name] = value;
    });
    parser.on('file', (name, stream, info) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        parsed.files[name] = { filename: info.filename ?? '', mimeType: info.mimeType, bytes: Buffer.concat(chunks) };
      });
    });
    parser.on('close', () => resolve(parsed));
    parser.on('error', reject);
    parser.end(request.body);
  });
}

describe('createPartnerClient', () => {
  let server: FixtureServer;
  let sleeps: number[];
  let retries: RetryEvent[];

  beforeEach(async () => {
    server = await startFixtureServer();
    sleeps = [];
    retries = [];
  });
  afterEach(async () => {
    await server.close();
  });

  /** A client whose backoff waits are recorded instead of slept; jitter draws its maximum. */
  function recordingClient(retry: Parameters<typeof createPartnerClient>[0]['retry'] = {}) {
    return createPartnerClient({
      baseUrl: server.baseUrl,
      apiKey: 'ik_test_fixture',
      retry,
      random: () => 0.999999,
      sleep: async (ms) => {
        sleeps.push(ms);
      },
      onRetry: (event) => retries.push(event),
    });
  }

  it('sends the API key as a bearer token and a JSON body to the versioned path', async () => {
    const api = recordingClient();
    const { data, error } = await api.POST('/messages/send', { body: SEND });
    expect(error).toBeUndefined();
    expect(data?.message_id).toBe('m_fixture');
    const [request] = server.requests;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/v1/messages/send');
    expect(request?.headers.authorization).toBe('Bearer ik_test_fixture');
    expect(request?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request?.body.toString() ?? '')).toEqual(SEND);
  });

  it('serializes query parameters and path parameters of GET operations', async () => {
    server.script({ status: 200, json: { results: [], count: 0 } });
    const api = recordingClient();
    await api.GET('/templates', { params: { query: { client_ref: 'acme-shoes-de', status: 'APPROVED' } } });
    expect(server.requests[0]?.url).toBe('/v1/templates?client_ref=acme-shoes-de&status=APPROVED');
  });

  it('retries a network failure (connection closed without answer) and then succeeds', async () => {
    server.script({ drop: true });
    const api = recordingClient();
    const { data } = await api.POST('/messages/send', { body: SEND });
    expect(data?.success).toBe(true);
    expect(server.requests).toHaveLength(2);
    expect(retries[0]?.reason).toHaveProperty('error');
    expect(JSON.parse(server.requests[1]?.body.toString() ?? '')).toEqual(SEND);
  });

  it('waits at least Retry-After seconds before retrying a 429 (real clock)', async () => {
    server.script({ status: 429, json: ERROR('rate_limited'), headers: { 'Retry-After': '1' } });
    const api = createPartnerClient({ baseUrl: server.baseUrl, apiKey: 'ik_test_fixture', retry: { baseDelayMs: 1 } });
    const { data } = await api.POST('/messages/send', { body: SEND });
    expect(data?.success).toBe(true);
    expect(server.requests).toHaveLength(2);
    const waited = (server.requests[1]?.receivedAt ?? 0) - (server.requests[0]?.receivedAt ?? 0);
    expect(waited).toBeGreaterThanOrEqual(1000);
  });

  it('honours Retry-After over a shorter backoff, and backoff over a shorter Retry-After', async () => {
    server.script(
      { status: 429, json: ERROR('rate_limited'), headers: { 'Retry-After': '7' } },
      { status: 429, json: ERROR('rate_limited'), headers: { 'Retry-After': '1' } },
    );
    const api = recordingClient({ baseDelayMs: 2_000, maxDelayMs: 60_000 });
    await api.POST('/messages/send', { body: SEND });
    // retry 1: max(7000, ~2000) ; retry 2: max(1000, ~4000)
    expect(sleeps).toEqual([7000, 3999]);
  });

  it('retries 500 and 502 with capped exponential backoff and jitter', async () => {
    server.script(
      { status: 500, json: ERROR('internal_error') },
      { status: 502, json: ERROR('upstream_unavailable') },
      { status: 500, json: ERROR('internal_error') },
      { status: 502, json: ERROR('upstream_unavailable') },
    );
    const api = recordingClient({ maxRetries: 5, baseDelayMs: 100, maxDelayMs: 500 });
    const { data } = await api.POST('/messages/send', { body: SEND });
    expect(data?.success).toBe(true);
    expect(server.requests).toHaveLength(5);
    // ceilings 100, 200, 400, then capped at 500; the jitter draw is the (near) maximum here
    expect(sleeps).toEqual([99, 199, 399, 499]);
    expect(retries.map((event) => event.reason)).toEqual([
      { status: 500 },
      { status: 502 },
      { status: 500 },
      { status: 502 },
    ]);
  });

  it('draws the jitter uniformly below the backoff ceiling', async () => {
    server.script({ status: 502, json: ERROR('upstream_unavailable') });
    const api = createPartnerClient({
      baseUrl: server.baseUrl,
      apiKey: 'ik_test_fixture',
      retry: { baseDelayMs: 1000 },
      random: () => 0.25,
      sleep: async (ms) => {
        sleeps.push(ms);
      },
    });
    await api.GET('/usage');
    expect(sleeps).toEqual([250]);
  });

  it.each([
    [400, 'bad_request'],
    [401, 'unauthorized'],
    [402, 'trial_expired'],
    [403, 'forbidden'],
    [404, 'not_found'],
    [409, 'conflict'],
    [422, 'provider_rejected'],
  ])('never retries a %i %s (validation, auth, trial, scope, not-found, conflict, provider policy)', async (status, code) => {
    server.script({ status, json: ERROR(code) });
    const api = recordingClient();
    const { error, response } = await api.POST('/messages/send', { body: SEND });
    expect(response.status).toBe(status);
    expect(error?.error.code).toBe(code);
    expect(server.requests).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it('gives up after maxRetries and returns the last retryable answer', async () => {
    server.script(
      { status: 502, json: ERROR('upstream_unavailable') },
      { status: 502, json: ERROR('upstream_unavailable') },
      { status: 502, json: ERROR('upstream_unavailable') },
    );
    const api = recordingClient({ maxRetries: 2 });
    const { error, response } = await api.POST('/messages/send', { body: SEND });
    expect(response.status).toBe(502);
    expect(error?.error.code).toBe('upstream_unavailable');
    expect(server.requests).toHaveLength(3);
  });

  it('throws the network error once retries are exhausted', async () => {
    server.script({ drop: true }, { drop: true });
    const api = recordingClient({ maxRetries: 1 });
    await expect(api.POST('/messages/send', { body: SEND })).rejects.toThrow('fetch failed');
    expect(server.requests).toHaveLength(2);
  });

  it('returns a 429 whose Retry-After exceeds maxRetryAfterMs to the caller unretried', async () => {
    server.script({ status: 429, json: ERROR('rate_limited'), headers: { 'Retry-After': '120' } });
    const api = recordingClient({ maxRetryAfterMs: 60_000 });
    const { response } = await api.POST('/messages/send', { body: SEND });
    expect(response.status).toBe(429);
    expect(response.headers.get('Retry-After')).toBe('120');
    expect(server.requests).toHaveLength(1);
  });

  it('stops retrying once the next wait would pass maxTotalDelayMs, and returns the last answer', async () => {
    server.script(
      { status: 502, json: ERROR('upstream_unavailable') },
      { status: 502, json: ERROR('upstream_unavailable') },
      { status: 502, json: ERROR('upstream_unavailable') },
    );
    const api = recordingClient({ baseDelayMs: 400, maxDelayMs: 8_000, maxTotalDelayMs: 1_000 });
    const { response } = await api.POST('/messages/send', { body: SEND });
    // waits 399, then 799 would make 1198 > 1000: no third request
    expect(sleeps).toEqual([399]);
    expect(response.status).toBe(502);
    expect(server.requests).toHaveLength(2);
  });

  it('throws a network error at once when a retry would pass maxTotalDelayMs', async () => {
    server.script({ drop: true });
    const api = recordingClient({ baseDelayMs: 2_000, maxTotalDelayMs: 1_000 });
    await expect(api.POST('/messages/send', { body: SEND })).rejects.toThrow('fetch failed');
    expect(sleeps).toEqual([]);
    expect(server.requests).toHaveLength(1);
  });

  it('by default waits at most 10 s for one Retry-After and 30 s in all', async () => {
    server.script(
      { status: 429, json: ERROR('rate_limited'), headers: { 'Retry-After': '10' } },
      { status: 429, json: ERROR('rate_limited'), headers: { 'Retry-After': '10' } },
      { status: 429, json: ERROR('rate_limited'), headers: { 'Retry-After': '10' } },
    );
    const api = recordingClient({ baseDelayMs: 1 });
    const { response } = await api.POST('/messages/send', { body: SEND });
    expect(sleeps).toEqual([10_000, 10_000, 10_000]);
    expect(sleeps.reduce((sum, ms) => sum + ms, 0)).toBeLessThanOrEqual(30_000);
    expect(response.status).toBe(200);
  });

  it('sends exactly once with retry: false', async () => {
    server.script({ status: 502, json: ERROR('upstream_unavailable') });
    const api = recordingClient(false);
    const { response } = await api.POST('/messages/send', { body: SEND });
    expect(response.status).toBe(502);
    expect(server.requests).toHaveLength(1);
  });

  it('does not retry a request the caller aborted', async () => {
    server.script({ drop: true });
    const api = recordingClient();
    const controller = new AbortController();
    controller.abort();
    await expect(api.POST('/messages/send', { body: SEND, signal: controller.signal })).rejects.toThrow();
    expect(retries).toEqual([]);
  });

  it('uploads POST /media as real multipart/form-data with the file bytes and type', async () => {
    server.script({ status: 201, json: { success: true, media_id: '1013859600285441', kind: 'image', expires_in_days: 30 } });
    const bytes = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0xff, 0xd9]);
    const api = recordingClient();
    const { data } = await api.POST('/media', {
      body: { client_ref: 'acme-shoes-de', file: new File([bytes], 'photo.jpg', { type: 'image/jpeg' }) },
    });
    expect(data?.media_id).toBe('1013859600285441');
    const [request] = server.requests;
    expect(request?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    const parsed = await parseMultipart(request as RecordedRequest);
    expect(parsed.fields).toEqual({ client_ref: 'acme-shoes-de' });
    expect(parsed.files.file?.filename).toBe('photo.jpg');
    expect(parsed.files.file?.mimeType).toBe('image/jpeg');
    expect(parsed.files.file?.bytes.equals(bytes)).toBe(true);
  });

  it('resends the whole multipart body of POST /templates/media when it retries', async () => {
    server.script(
      { status: 502, json: ERROR('upstream_unavailable') },
      { status: 201, json: { handle: '4::aW1hZ2U=:AR', format: 'IMAGE', filename: 'upload', size: 4 } },
    );
    const api = recordingClient();
    const { data } = await api.POST('/templates/media', {
      body: { client_ref: 'acme-shoes-de', format: 'IMAGE', file: new Blob([PNG_MAGIC], { type: 'image/png' }) },
    });
    expect(data?.format).toBe('IMAGE');
    expect(server.requests).toHaveLength(2);
    for (const request of server.requests) {
      const parsed = await parseMultipart(request);
      expect(parsed.fields).toEqual({ client_ref: 'acme-shoes-de', format: 'IMAGE' });
      expect(parsed.files.file?.mimeType).toBe('image/png');
      expect(parsed.files.file?.bytes.equals(PNG_MAGIC)).toBe(true);
    }
  });

  it('refuses to build a client without baseUrl or apiKey', () => {
    expect(() => createPartnerClient({ baseUrl: '', apiKey: 'ik_test_x' })).toThrow(/baseUrl/);
    expect(() => createPartnerClient({ baseUrl: 'http://localhost:4000/v1', apiKey: '' })).toThrow(/apiKey/);
  });
});
