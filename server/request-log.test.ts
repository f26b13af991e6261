// A request log per partner: each /v1 request of the partner's keys with its time, method, operation, status,
// error code, request id, duration, key prefix and both bodies (uploads and downloads by size and hash), keys,
// secrets and tokens never stored; filtered and paged newest first; bounded per partner; the partner's alone.
import { createHash } from 'node:crypto';
import { startTestServer, type TestServer } from './testing';
import { call } from './testing/contract-calls';

let server: TestServer;
let acme: { id: string; token: string; key: string; keyPrefix: string };
let globex: { id: string; token: string; key: string };

const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\0'), Buffer.alloc(700, 0x42)]);
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

const portal = async (token: string, path: string, init: { method?: string; body?: unknown } = {}) => {
  const res = await fetch(`${server.origin}/sandbox${path}`, {
    method: init.method ?? 'GET',
    headers: { authorization: `Bearer ${token}`, ...(init.body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: res.status, body: await res.json() };
};
const logOf = async (token: string, query = '') => {
  const { status, body } = await portal(token, `/requests${query}`);
  if (status !== 200) throw new Error(`GET /sandbox/requests${query} answered ${status}: ${JSON.stringify(body)}`);
  return body;
};

beforeAll(async () => {
  server = await startTestServer({ env: { TICK_INTERVAL_MS: '0' } });
  const made = async (name: string) => {
    const created = await server.sandbox('/partners', { name });
    const key = await server.sandbox('/keys', { mode: 'live', scopes: 'all' }, created.id);
    await server.sandbox('/clients', { client_ref: 'shop', channel: 'chat' }, created.id);
    return { id: created.id as string, token: created.portal_token as string, key: key.key as string, keyPrefix: key.prefix as string };
  };
  acme = await made('ACME');
  globex = await made('Globex');
});
afterAll(() => server.close());

test('each /v1 request of a key is logged with time, method, operation, status, error code, request id, duration and key prefix', async () => {
  const refused = await call(server.baseUrl, 'POST', '/messages/send', { key: acme.key, body: { client_ref: 'nobody', to: '4915112345678', type: 'text', text: { body: 'hi' } } });
  expect(refused.status).toBe(404);
  const requestId = refused.headers.get('x-request-id')!;
  const { requests } = await logOf(acme.token, `?request_id=${requestId}`);
  expect(requests).toEqual([
    {
      request_id: requestId,
      at: expect.any(String),
      method: 'POST',
      path: '/v1/messages/send',
      operation: 'sendMessage',
      status: 404,
      error_code: 'not_found',
      duration_ms: expect.any(Number),
      key_id: expect.stringMatching(/^key_/),
      key_prefix: acme.keyPrefix,
    },
  ]);
  expect(Math.abs(Date.parse(requests[0].at) - Date.now())).toBeLessThan(60_000);
  const one = await portal(acme.token, `/requests/${requestId}`);
  expect(one.body.request_body).toEqual({ content_type: 'application/json', size: expect.any(Number), json: { client_ref: 'nobody', to: '4915112345678', type: 'text', text: { body: 'hi' } } });
  expect(one.body.response_body).toEqual({ content_type: expect.stringContaining('application/json'), size: expect.any(Number), json: refused.body });
});

test('keys, secrets and tokens are never stored: the Authorization header, a hosted session token, a signup code', async () => {
  const session = await call(server.baseUrl, 'POST', '/embedded-signup/sessions', { key: acme.key, body: { client_ref: 'new-shop' } });
  expect(session.status).toBe(201);
  const token = new URL(session.body.url).searchParams.get('token')!;
  const signup = await call(server.baseUrl, 'POST', '/clients/signup', { key: acme.key, body: { client_ref: 'coded', auth_code: 'sandbox-code-secretvalue123' } });
  const logged = await Promise.all([session, signup].map((r) => portal(acme.token, `/requests/${r.headers.get('x-request-id')}`)));
  const text = JSON.stringify(logged);
  expect(text).not.toContain(acme.key);
  expect(text).not.toContain(token);
  expect(text).not.toContain('sandbox-code-secretvalue123');
  expect(logged[0]!.body.request_headers.authorization).toBe('[redacted]');
  expect(new URL(logged[0]!.body.response_body.json.url).searchParams.get('token')).toBe('[redacted]');
  expect(logged[1]!.body.request_body.json.auth_code).toBe('[redacted]');
  const stored = await server.store.requestLog.page(acme.id, { limit: 500 });
  expect(JSON.stringify(stored)).not.toContain(acme.key);
  expect(JSON.stringify(stored)).not.toContain(token);
});

test('an upload is logged as its fields and its file by size and hash, a download by size and hash', async () => {
  const form = new FormData();
  form.append('client_ref', 'shop');
  form.append('file', new Blob([new Uint8Array(JPEG)], { type: 'image/jpeg' }), 'shoe.jpg');
  const upload = await call(server.baseUrl, 'POST', '/media', { key: acme.key, raw: form });
  expect(upload.status).toBe(201);
  const inbound = await portal(acme.token, '/inbound', { method: 'POST', body: { client_ref: 'shop', from: '4915112345678', media: { type: 'image', content_base64: JPEG.toString('base64'), mime_type: 'image/jpeg' } } });
  const download = await call(server.baseUrl, 'GET', '/media/{media_id}', { key: acme.key, path: `/media/${inbound.body.media_id}?client_ref=shop` });
  expect(download.status).toBe(200);
  const [up, down] = await Promise.all([upload, download].map(async (r) => (await portal(acme.token, `/requests/${r.headers.get('x-request-id')}`)).body));
  expect(up.request_body).toEqual({
    content_type: expect.stringContaining('multipart/form-data'),
    size: expect.any(Number),
    fields: { client_ref: 'shop' },
    files: [{ field: 'file', filename: 'shoe.jpg', content_type: 'image/jpeg', size: JPEG.length, sha256: sha256(JPEG) }],
  });
  expect(down.response_body).toEqual({ content_type: 'image/jpeg', size: JPEG.length, sha256: sha256(JPEG) });
  expect(down.operation).toBe('downloadMedia');
});

test('the log filters by operation, status, error code, key and time range, newest first, in pages', async () => {
  for (let i = 0; i < 3; i++) await call(server.baseUrl, 'GET', '/clients', { key: acme.key });
  await call(server.baseUrl, 'GET', '/clients/{client_ref}', { key: acme.key, path: '/clients/nobody' });
  const listed = await logOf(acme.token, '?operation=listClients&status=200');
  expect(listed.requests.length).toBe(3);
  expect(listed.requests.every((r: { operation: string; status: number }) => r.operation === 'listClients' && r.status === 200)).toBe(true);
  const times = listed.requests.map((r: { at: string }) => Date.parse(r.at));
  expect([...times].sort((a, b) => b - a)).toEqual(times);
  expect((await logOf(acme.token, '?error_code=not_found')).requests.map((r: { error_code: string }) => r.error_code)).toContain('not_found');
  expect((await logOf(acme.token, `?key=${acme.keyPrefix}&operation=listClients`)).requests.length).toBe(3);
  expect((await logOf(acme.token, `?since=${encodeURIComponent(new Date(Date.now() + 3_600_000).toISOString())}`)).requests).toEqual([]);
  expect((await logOf(acme.token, `?until=${encodeURIComponent(new Date(Date.now() - 3_600_000).toISOString())}`)).requests).toEqual([]);
  const first = await logOf(acme.token, '?limit=2');
  expect(first.requests.length).toBe(2);
  const second = await logOf(acme.token, `?limit=2&cursor=${first.next_cursor}`);
  expect(second.requests.length).toBe(2);
  const all = (await logOf(acme.token, '?limit=500')).requests.map((r: { request_id: string }) => r.request_id);
  expect([...first.requests, ...second.requests].map((r: { request_id: string }) => r.request_id)).toEqual(all.slice(0, 4));
  expect((await portal(acme.token, '/requests?cursor=nonsense')).status).toBe(400);
});

test("a partner's log holds its own keys' requests only; another partner's request id is 404", async () => {
  const theirs = await call(server.baseUrl, 'GET', '/clients', { key: globex.key });
  const id = theirs.headers.get('x-request-id')!;
  expect((await logOf(acme.token, `?request_id=${id}`)).requests).toEqual([]);
  expect((await portal(acme.token, `/requests/${id}`)).status).toBe(404);
  expect((await logOf(globex.token, `?request_id=${id}`)).requests.length).toBe(1);
});

test('a request refused before its key was accepted is in no partner\'s log', async () => {
  const refused = await call(server.baseUrl, 'GET', '/clients', { key: 'ik_live_notakeyatallnotakeyatall00' });
  expect(refused.status).toBe(401);
  const id = refused.headers.get('x-request-id')!;
  for (const token of [acme.token, globex.token]) expect((await logOf(token, `?request_id=${id}`)).requests).toEqual([]);
});

describe('the bound of the log', () => {
  let bounded: TestServer;
  let now = Date.parse('2026-11-22T10:00:00.000Z');
  beforeAll(async () => {
    bounded = await startTestServer({ env: { TICK_INTERVAL_MS: '0', REQUEST_LOG_LIMIT: '5', REQUEST_LOG_DAYS: '7' }, now: () => new Date(now) });
  });
  afterAll(() => bounded.close());

  test('each partner keeps its last REQUEST_LOG_LIMIT requests, none older than REQUEST_LOG_DAYS, without trimming the others', async () => {
    const a = await bounded.sandbox('/partners', { name: 'A' });
    const b = await bounded.sandbox('/partners', { name: 'B' });
    const keyA = (await bounded.sandbox('/keys', { mode: 'live', scopes: 'all' }, a.id)).key;
    const keyB = (await bounded.sandbox('/keys', { mode: 'live', scopes: 'all' }, b.id)).key;
    for (let i = 0; i < 3; i++) await call(bounded.baseUrl, 'GET', '/clients', { key: keyB });
    const sent: string[] = [];
    for (let i = 0; i < 8; i++) sent.push((await call(bounded.baseUrl, 'GET', '/clients', { key: keyA })).headers.get('x-request-id')!);
    const read = async (token: string) =>
      (await (await fetch(`${bounded.origin}/sandbox/requests?limit=500`, { headers: { authorization: `Bearer ${token}` } })).json()).requests.map((r: { request_id: string }) => r.request_id);
    expect(await read(a.portal_token)).toEqual(sent.slice(3).reverse());
    expect((await read(b.portal_token)).length).toBe(3);
    now += 8 * 86_400_000;
    const fresh = (await call(bounded.baseUrl, 'GET', '/clients', { key: keyA })).headers.get('x-request-id')!;
    expect(await read(a.portal_token)).toEqual([fresh]);
  });
});
