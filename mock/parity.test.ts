// The mock answers a request that breaks the contract as the reference server does: the same invalid requests go
// to both (real HTTP, both under /v1) and must get the same status, error code and `details`, each envelope with
// the `doc_url` of its code, and every answer of the mock holds openapi.yaml. Also: the mock serves with and
// without /v1, refuses keys without the ik_test_/ik_live_ prefix, names the operation's scope in a rehearsed 403,
// sends the rate-limit headers, bounds request bodies and leaves unread a body the operation does not declare, as
// the server does: both run the same request edge (server/edge).
import { connect } from 'node:net';
import { contract } from '../spec';
import { startTestServer, type TestServer } from '../server/testing';
import { contractProblems, sendWithBody } from '../server/testing/contract-calls';
import { startMock, type MockServer } from './server';

type KeyChoice = 'valid' | 'none' | string;

interface InvalidRequest {
  method: string;
  /** Relative to /v1. */
  path: string;
  key?: KeyChoice;
  headers?: Record<string, string>;
  json?: unknown;
  raw?: string | FormData;
}

const SEND = { client_ref: 'acme-shoes-de', to: '4915112345678', type: 'text', text: { body: 'Hello' } };
const multipartWithout = (fields: Record<string, string>) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
};

const INVALID: Array<[string, InvalidRequest]> = [
  ['no Authorization header', { method: 'GET', path: '/clients', key: 'none' }],
  ['an Authorization header that is not Bearer', { method: 'GET', path: '/clients', key: 'none', headers: { Authorization: 'Basic dXNlcjpwYXNz' } }],
  ['a bearer value without the ik_test_/ik_live_ prefix', { method: 'GET', path: '/usage', key: 'sk_live_4eC39HqLyjWDarjtT1zdp7dc' }],
  ['a key in the query string', { method: 'GET', path: '/usage?api_key=ik_live_abc', key: 'none' }],
  ['a send without `to`', { method: 'POST', path: '/messages/send', json: { client_ref: 'acme-shoes-de', type: 'text', text: { body: 'Hi' } } }],
  ['a text send with an empty text.body', { method: 'POST', path: '/messages/send', json: { ...SEND, text: { body: '' } } }],
  ['a send of an unknown type', { method: 'POST', path: '/messages/send', json: { ...SEND, type: 'hologram' } }],
  ['a send of type "txt" (the allowed types are listed)', { method: 'POST', path: '/messages/send', json: { ...SEND, type: 'txt' } }],
  ['a send without a type', { method: 'POST', path: '/messages/send', json: { client_ref: 'acme-shoes-de', to: '4915112345678', text: { body: 'Hi' } } }],
  ['a send whose `to` is a number and whose text is a string', { method: 'POST', path: '/messages/send', json: { ...SEND, to: 4915112345678, text: 'Hello' } }],
  ['a location send with a latitude that is not a number', { method: 'POST', path: '/messages/send', json: { ...SEND, type: 'location', location: { latitude: 'north', longitude: 13.4 } } }],
  ['an array as the body', { method: 'POST', path: '/messages/send', json: [SEND] }],
  ['a send with `dryRun` (a near miss of dry_run)', { method: 'POST', path: '/messages/send', json: { ...SEND, dryRun: true } }],
  ['a send with `dry-run` and `Client_Ref` beside the real fields', { method: 'POST', path: '/messages/send', json: { ...SEND, 'dry-run': true, Client_Ref: 'x' } }],
  ['a send with `text.preview-url` (a near miss inside the payload)', { method: 'POST', path: '/messages/send', json: { ...SEND, text: { body: 'Hi', 'preview-url': true } } }],
  ['a template send with `dryrun` (a near miss of dry_run)', {
    method: 'POST',
    path: '/messages/send-template',
    json: { client_ref: 'acme-shoes-de', to: '4915112345678', template_ref: 'order_shipped', dryrun: true },
  }],
  ['a template send with neither template_ref nor template', { method: 'POST', path: '/messages/send-template', json: { client_ref: 'acme-shoes-de', to: '4915112345678' } }],
  ['a template with an unknown category and a button of an unknown type', {
    method: 'POST',
    path: '/templates',
    json: { client_ref: 'acme-shoes-de', name: 'x', category: 'UTIL', body: { text: 'Hi' }, buttons: [{ type: 'LINK', text: 'Go' }] },
  }],
  ['a template with a URL button without its url, and a header of an unknown format', {
    method: 'POST',
    path: '/templates',
    json: { client_ref: 'acme-shoes-de', name: 'x', body: { text: 'Hi' }, header: { format: 'GIF' }, buttons: [{ type: 'URL', text: 'Go' }] },
  }],
  ['a template image header with both media_handle and media_url', {
    method: 'POST',
    path: '/templates',
    json: { client_ref: 'acme-shoes-de', name: 'x', body: { text: 'Hi' }, header: { format: 'IMAGE', media_handle: 'h', media_url: 'https://cdn.acme-shoes.de/a.jpg' } },
  }],
  ['a send whose body is not JSON', { method: 'POST', path: '/messages/send', raw: '{"client_ref": ', headers: { 'Content-Type': 'application/json' } }],
  ['a template send with both template_ref and template', {
    method: 'POST',
    path: '/messages/send-template',
    json: { client_ref: 'acme-shoes-de', to: '4915112345678', template_ref: 'order_shipped', template: { name: 'order_shipped' } },
  }],
  ['limit=0 on GET /clients', { method: 'GET', path: '/clients?limit=0' }],
  ['limit=101 on GET /clients', { method: 'GET', path: '/clients?limit=101' }],
  ['a media download without client_ref', { method: 'GET', path: '/media/1469203871245587' }],
  ['listing templates without client_ref', { method: 'GET', path: '/templates' }],
  ['a template with a body over 1024 characters', {
    method: 'POST',
    path: '/templates',
    json: { client_ref: 'acme-shoes-de', name: 'too_long', category: 'UTILITY', language: 'en_US', body: { text: 'x'.repeat(1025) } },
  }],
  ['a template without a name', { method: 'POST', path: '/templates', json: { client_ref: 'acme-shoes-de', category: 'UTILITY', body: { text: 'Hi' } } }],
  ['a template media upload without file', { method: 'POST', path: '/templates/media', raw: multipartWithout({ client_ref: 'acme-shoes-de', format: 'IMAGE' }) }],
  ['a session without client_ref', { method: 'POST', path: '/embedded-signup/sessions', json: {} }],
  ['a signup without auth_code', { method: 'POST', path: '/clients/signup', json: { client_ref: 'acme-shoes-de' } }],
  ['an unknown path', { method: 'GET', path: '/nothing-here' }],
  // what an attacker or a sloppy client sends
  ['a path parameter that is not valid percent-encoding', { method: 'GET', path: '/clients/%E0%A4%A' }],
  ['built-in property names as the body\'s keys', { method: 'POST', path: '/messages/send', raw: '{"__proto__":{"client_ref":"x"},"constructor":{"prototype":{}},"toString":1}', headers: { 'Content-Type': 'application/json' } }],
  ['arrays nested 10,000 deep as the body', { method: 'POST', path: '/messages/send', raw: `${'['.repeat(10_000)}${']'.repeat(10_000)}`, headers: { 'Content-Type': 'application/json' } }],
  ['a JSON body over 1 MiB', { method: 'POST', path: '/messages/send', json: { ...SEND, text: { body: 'x'.repeat(1_100_000) } } }],
  ['a bare number as the body', { method: 'POST', path: '/messages/send', raw: '1e999', headers: { 'Content-Type': 'application/json' } }],
  ['limit of 400 digits', { method: 'GET', path: `/clients?limit=${'9'.repeat(400)}` }],
  ['limit spelt as an exponent', { method: 'GET', path: '/clients?limit=1e1' }],
  ['an unknown method on a known path', { method: 'PUT', path: '/clients' }],
];

describe('the mock answers invalid requests as the reference server does', () => {
  let server: TestServer;
  let mock: MockServer;
  let serverKey: string;
  const MOCK_KEY = 'ik_live_parity_mock_key';

  beforeAll(async () => {
    [server, mock] = await Promise.all([startTestServer(), startMock()]);
    serverKey = await server.createKey({ mode: 'live', scopes: 'all' });
  }, 60_000);
  afterAll(async () => {
    await Promise.all([server?.close(), mock?.close()]);
  });

  async function send(base: string, validKey: string, request: InvalidRequest) {
    const headers: Record<string, string> = { ...request.headers };
    const key = request.key ?? 'valid';
    if (key !== 'none') headers.Authorization = `Bearer ${key === 'valid' ? validKey : key}`;
    let body: string | FormData | undefined;
    if (request.json !== undefined) {
      body = JSON.stringify(request.json);
      headers['Content-Type'] = 'application/json';
    } else body = request.raw;
    const response = await fetch(`${base}${request.path}`, { method: request.method, headers, body });
    const bytes = Buffer.from(await response.arrayBuffer());
    const json = JSON.parse(bytes.toString('utf8') || 'null') as { error?: { code?: string; details?: unknown; doc_url?: string } } | null;
    return { status: response.status, code: json?.error?.code, details: json?.error?.details, docUrl: json?.error?.doc_url, headers: response.headers, bytes };
  }

  it.each(INVALID)('%s: same status, error code and details', async (_name, request) => {
    const fromServer = await send(server.baseUrl, serverKey, request);
    const fromMock = await send(`${mock.url}/v1`, MOCK_KEY, request);
    expect({ status: fromMock.status, code: fromMock.code, details: fromMock.details }).toEqual({ status: fromServer.status, code: fromServer.code, details: fromServer.details });
    expect(fromMock.status).toBeGreaterThanOrEqual(400);
    // each links the heading of its code in the rendered reference (the server's own /docs; the mock's default)
    expect(fromServer.docUrl).toBe(`${server.origin}/docs/#/errors-and-retries/${fromServer.code}`);
    expect(fromMock.docUrl).toBe(`http://localhost:4000/docs/#/errors-and-retries/${fromMock.code}`);
    const path = new URL(`http://x${request.path}`).pathname;
    const checked = contract().check({ method: request.method, path, status: fromMock.status, headers: fromMock.headers, body: fromMock.bytes });
    // an unknown path or method matches no operation; its 404 envelope is checked as the server's is
    if (checked.operation) expect(checked.violations).toEqual([]);
  });

  it('a body sent to an operation that declares none is not read: GET /status and GET /usage answer 200 as without one, on both', async () => {
    for (const path of ['/status', '/usage']) {
      for (const [base, key] of [[server.baseUrl, serverKey], [`${mock.url}/v1`, MOCK_KEY]] as const) {
        const res = await sendWithBody(`${base}${path}`, 'GET', { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, '{"broken');
        expect({ base, path, status: res.status }).toEqual({ base, path, status: 200 });
        expect(contractProblems('GET', path, res)).toEqual([]);
      }
    }
  });
});

describe('the mock bounds a request body in time', () => {
  let mock: MockServer;
  beforeAll(async () => {
    mock = await startMock({ bodyBounds: { idleMs: 300, totalMs: 60_000, lingerBytes: 1024 } });
  }, 60_000);
  afterAll(async () => {
    await mock?.close();
  });

  it('a body that stalls is cut with 400 bad_request in the envelope, as the server cuts it', async () => {
    const { port } = new URL(mock.url);
    const socket = connect(Number(port), '127.0.0.1');
    socket.write(
      'POST /v1/messages/send HTTP/1.1\r\nHost: mock\r\nAuthorization: Bearer ik_test_stalling\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"client_ref":',
    );
    // the answer comes when the mock gives up on the rest of the body; the client sends nothing more
    const answer = await new Promise<string>((done) => {
      let text = '';
      socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
      socket.on('close', () => done(text));
      socket.on('end', () => done(text));
    });
    socket.destroy();
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    const body = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as { error: { code: string; message: string } };
    expect(body.error).toMatchObject({ code: 'bad_request', message: 'The request body stalled: no data for 0.3 s.' });
  });
});

describe('the mock as partners use it', () => {
  let mock: MockServer;
  beforeAll(async () => {
    mock = await startMock({ rateLimit: { max: 3, windowSeconds: 3600 } });
  }, 60_000);
  afterAll(async () => {
    await mock?.close();
  });

  it('serves the same operations with and without the /v1 prefix', async () => {
    for (const path of ['/v1/status', '/status']) {
      const response = await fetch(`${mock.url}${path}`);
      expect({ path, status: response.status, body: await response.json() }).toEqual({ path, status: 200, body: { status: 'ok', version: 'v1' } });
    }
  });

  it.each(contract().operations.filter((op) => op.secured && op.responses['403']).map((op) => [op.operationId, op] as const))(
    'a rehearsed 403 of %s names the scope the operation requires',
    async (_id, op) => {
      const path = op.path.replace(/\{[^}]+\}/g, 'acme-shoes-de');
      const response = await fetch(`${mock.url}/v1${path}`, {
        method: op.method.toUpperCase(),
        // a key of its own: this mock's window is three requests
        headers: { Authorization: `Bearer ik_test_rehearse_${op.operationId}`, Prefer: 'code=403' },
      });
      expect(response.status).toBe(403);
      const body = (await response.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe('forbidden');
      expect(body.error.message).toContain(`the scope ${(op.requiredScopes ?? []).join(', ')} required by ${op.method.toUpperCase()} ${op.path}`);
    },
  );

  it('counts requests per key in the rate-limit headers and answers 429 with Retry-After past the window', async () => {
    const key = { Authorization: 'Bearer ik_live_rate_limit_probe' };
    const remaining: Array<string | null> = [];
    for (let index = 0; index < 3; index += 1) {
      const response = await fetch(`${mock.url}/v1/usage`, { headers: key });
      expect(response.headers.get('X-RateLimit-Limit')).toBe('3');
      remaining.push(response.headers.get('X-RateLimit-Remaining'));
    }
    expect(remaining).toEqual(['2', '1', '0']);
    const refused = await fetch(`${mock.url}/v1/usage`, { headers: key });
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('rate_limited');
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThanOrEqual(1);
  });

  it('keeps Prefer working: a named example, a documented status, and Prism’s 404 for an unknown example', async () => {
    const send = (prefer: string) =>
      fetch(`${mock.url}/v1/messages/send`, {
        method: 'POST',
        headers: { Authorization: 'Bearer ik_test_prefer', 'Content-Type': 'application/json', Prefer: prefer },
        body: JSON.stringify({ client_ref: 'acme-shoes-social', to: '17841405309211844', type: 'text', text: { body: 'Hi' } }),
      });
    const social = await send('example=social_with_warnings');
    expect(social.status).toBe(200);
    expect(((await social.json()) as { warnings?: unknown[] }).warnings?.length).toBeGreaterThan(0);
    const unsupported = await send('code=400, example=channel_type_unsupported');
    expect(unsupported.status).toBe(400);
    expect(((await unsupported.json()) as { error: { code: string } }).error.code).toBe('channel_type_unsupported');
    const unknown = await send('example=no_such_example');
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  });
});
