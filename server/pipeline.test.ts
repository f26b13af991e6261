import { DEFAULT_PARTNER_ID } from './store/records';
import { startTestServer, type TestServer } from './testing';
import { foldValidationDetails } from './edge/validation-details';
import { call, contractProblems, sendWithBody } from './testing/contract-calls';
import { testClock } from './testing/clock';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('request pipeline', () => {
  let server: TestServer;
  let key: string;
  beforeAll(async () => {
    server = await startTestServer({ now: testClock().now });
    key = (await server.domain.keys.create(DEFAULT_PARTNER_ID, { mode: 'test', scopes: 'all' })).plain;
  });
  afterAll(() => server.close());

  test('every response carries a UUID v4 X-Request-Id, 401 and 404 included, a new one each time', async () => {
    const answers = [
      await call(server.baseUrl, 'GET', '/status'),
      await call(server.baseUrl, 'GET', '/usage'),
      await call(server.baseUrl, 'GET', '/clients', { key }),
      await fetch(`${server.baseUrl}/no-such-route`),
    ];
    const ids = answers.map((a) => a.headers.get('x-request-id'));
    for (const id of ids) expect(id).toMatch(UUID_V4);
    expect(new Set(ids).size).toBe(ids.length);
    expect(answers[1]!.status).toBe(401);
    expect(answers[3]!.status).toBe(404);
  });

  test('GET /status answers {status: ok, version: v1} without a key and without rate-limit headers', async () => {
    const res = await call(server.baseUrl, 'GET', '/status');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', version: 'v1' });
    expect(res.headers.get('x-ratelimit-limit')).toBeNull();
  });

  test('malformed JSON is refused with 400 bad_request in the envelope', async () => {
    const res = await call(server.baseUrl, 'POST', '/embedded-signup/sessions', { key, raw: '{"client_ref": "acme' });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('bad_request');
  });

  test('a JSON body over the 1 MB limit is refused with 400 bad_request, not 413', async () => {
    const res = await call(server.baseUrl, 'POST', '/clients/signup', {
      key,
      body: { client_ref: 'big', auth_code: 'x'.repeat(1024 * 1024 + 10) },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('bad_request');
  });

  test('a body that is not JSON (text/plain) is refused with 400 bad_request', async () => {
    const res = await call(server.baseUrl, 'POST', '/clients/signup', {
      key,
      raw: 'client_ref=a',
      headers: { 'content-type': 'text/plain' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('bad_request');
  });

  test('an invalid body field gives 400 bad_request with details keyed by the field', async () => {
    const res = await call(server.baseUrl, 'POST', '/embedded-signup/sessions', { key, body: { client_ref: '-starts-with-dash' } });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('bad_request');
    expect(Object.keys(res.body.error.details)).toEqual(['client_ref']);
  });

  test('a missing required body field is reported as "is required" under its name', async () => {
    const res = await call(server.baseUrl, 'POST', '/clients/signup', { key, body: { client_ref: 'acme' } });
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual({ auth_code: ['is required'] });
  });

  test('a nested field error of a oneOf body is reported under its dotted path, other branches left out', async () => {
    const res = await call(server.baseUrl, 'POST', '/messages/send', {
      key,
      body: { client_ref: 'acme', to: '4915112345678', type: 'text', text: {} },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual({ 'text.body': ['is required'] });
  });

  test('a query parameter out of range gives 400 with details under the parameter name', async () => {
    const res = await call(server.baseUrl, 'GET', '/clients', { key, path: '/clients?limit=0' });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.error.details)).toEqual(['limit']);
  });

  test('an unknown query parameter gives 400 bad_request naming it', async () => {
    const res = await call(server.baseUrl, 'GET', '/clients', { key, path: '/clients?page=2' });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.error.details)).toEqual(['page']);
  });

  test('a missing parameter declaring x-error-code-when-missing answers that code (GET /media without client_ref)', async () => {
    const res = await call(server.baseUrl, 'GET', '/media/{media_id}', { key, path: '/media/1469203871245587' });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('client_ref_required');
    expect(res.body.error.details).toEqual({ client_ref: ['is required'] });
  });

  test('a body sent to an operation that declares none is not read: the request is answered as without one', async () => {
    const bodies: Array<[string, Record<string, string>, string]> = [
      ['broken JSON', { 'content-type': 'application/json' }, '{"client_ref": '],
      ['a JSON object', { 'content-type': 'application/json' }, '{"status":"down"}'],
      ['text', { 'content-type': 'text/plain' }, 'hello'],
      ['64 KiB without a type', {}, 'x'.repeat(64 * 1024)],
    ];
    for (const [path, auth] of [['/status', {}], ['/clients', { authorization: `Bearer ${key}` }]] as const) {
      const without = await call(server.baseUrl, 'GET', path, { key: 'authorization' in auth ? key : undefined });
      for (const [kind, headers, body] of bodies) {
        const res = await sendWithBody(`${server.baseUrl}${path}`, 'GET', { ...auth, ...headers }, body);
        expect({ path, kind, status: res.status, body: JSON.parse(res.text) }).toEqual({ path, kind, status: 200, body: without.body });
        expect(contractProblems('GET', path, res)).toEqual([]);
      }
    }
  });

  test('an unknown route, or a method the path does not have, gives 404 not_found in the envelope', async () => {
    for (const [method, path] of [['GET', '/v1/nothing-here'], ['DELETE', '/v1/usage'], ['GET', '/elsewhere']] as const) {
      const res = await fetch(`${server.origin}${path}`, { method, headers: { authorization: `Bearer ${key}` } });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: { code: 'not_found', message: expect.any(String), doc_url: `${server.origin}/docs/#/errors-and-retries/not_found` } });
    }
  });
});

describe('unexpected failures', () => {
  let server: TestServer;
  let key: string;
  beforeEach(async () => {
    server = await startTestServer();
    key = (await server.domain.keys.create(DEFAULT_PARTNER_ID, { mode: 'test', scopes: 'all' })).plain;
  });
  afterEach(() => server.close());

  test('an unexpected error gives 500 internal_error with no stack trace in the body', async () => {
    server.store.clients.page = () => {
      throw new Error('disk on fire at /secret/path');
    };
    const res = await call(server.baseUrl, 'GET', '/clients', { key });
    expect(res.status).toBe(500);
    expect(res.body.error.code).toBe('internal_error');
    expect(res.text).not.toMatch(/disk on fire|secret|at .*\.ts/);
  });

  test('a response that would break the contract is not sent: it becomes 500 internal_error', async () => {
    server.store.clients.findByRef = async () => ({
      partner_id: DEFAULT_PARTNER_ID,
      client_ref: 'acme', channel: 'fax' as 'chat', business_name: 'x', phone_number: null, phone_number_id: null,
      business_account_id: '1', account_key: '1', connected_at: new Date(),
    });
    const res = await call(server.baseUrl, 'GET', '/clients/{client_ref}', { key, path: '/clients/acme' });
    expect(res.status).toBe(500);
    expect(res.body.error.code).toBe('internal_error');
  });
});

describe('folding validator errors into details', () => {
  const cases: Array<[string, { issues: Array<{ path: string; message: string }>; body?: unknown; want: Record<string, string[]> }]> = [
    ['strips the location prefix and dots the path', { issues: [{ path: '/body/text/body', message: 'must be string' }], want: { 'text.body': ['must be string'] } }],
    ['reports a query parameter under its name', { issues: [{ path: '/query/limit', message: 'must be <= 100' }], want: { limit: ['must be <= 100'] } }],
    ['reads discriminator paths without the /body prefix', { issues: [{ path: 'text/body', message: 'must be string' }], want: { 'text.body': ['must be string'] } }],
    ['turns a missing property into "is required" under the property', { issues: [{ path: '/body', message: "must have required property 'to'" }], want: { to: ['is required'] } }],
    ['merges the same message reported by every branch', {
      issues: [{ path: '/body/to', message: "must have required property 'to'" }, { path: '/body/to', message: "must have required property 'to'" }, { path: '/body', message: 'must match exactly one schema in oneOf' }],
      want: { to: ['is required'] },
    }],
    ['keeps only the branch the body selects', {
      issues: [{ path: '/body/image', message: "must have required property 'image'" }, { path: '/body/location/latitude', message: 'must be number' }, { path: '/body', message: 'must match exactly one schema in oneOf' }],
      body: { type: 'location', location: { latitude: 'x' } },
      want: { 'location.latitude': ['must be number'] },
    }],
    ['folds unselected alternatives into one message on the whole body, named (request body)', {
      issues: [{ path: '/body/template_ref', message: "must have required property 'template_ref'" }, { path: '/body/template', message: "must have required property 'template'" }, { path: '/body', message: 'must match exactly one schema in oneOf' }],
      body: {},
      want: { '(request body)': ['one of template_ref, template is required'] },
    }],
  ];
  test.each(cases)('%s', (_name, { issues, body, want }) => {
    expect(foldValidationDetails(issues, body)).toEqual(want);
  });
});
