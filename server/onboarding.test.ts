import { DEFAULT_PARTNER_ID } from './store/records';
import { startTestServer, type TestServer } from './testing';
import { call } from './testing/contract-calls';
import { testClock } from './testing/clock';

/** Submits the hosted page as a person would: GET the form, POST it with `fields`. */
async function completeHostedPage(url: string, fields: Record<string, string>): Promise<{ status: number; html: string }> {
  const page = await fetch(url);
  const html = await page.text();
  if (page.status !== 200) return { status: page.status, html };
  const action = /<form method="post" action="([^"]+)"/.exec(html)![1]!;
  const token = /name="token" value="([^"]+)"/.exec(html)![1]!;
  const res = await fetch(new URL(action, url), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token, business_name: 'ACME', ...fields }).toString(),
  });
  return { status: res.status, html: await res.text() };
}

describe('clients', () => {
  let server: TestServer;
  let key: string;
  beforeAll(async () => {
    server = await startTestServer();
    key = (await server.domain.keys.create(DEFAULT_PARTNER_ID, { mode: 'test', scopes: ['clients:read'] })).plain;
    for (let i = 0; i < 25; i++) await server.connectClient({ clientRef: `client-${String(i).padStart(2, '0')}`, channel: i % 2 ? 'social' : 'chat' });
  });
  afterAll(() => server.close());

  test('GET /clients answers the page object, oldest first, 20 by default', async () => {
    const res = await call(server.baseUrl, 'GET', '/clients', { key });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ count: 20, total: 25, limit: 20, offset: 0 });
    expect(res.body.results.map((c: { client_ref: string }) => c.client_ref).slice(0, 3)).toEqual(['client-00', 'client-01', 'client-02']);
  });

  test('limit and offset page through the clients', async () => {
    const res = await call(server.baseUrl, 'GET', '/clients', { key, path: '/clients?limit=10&offset=20' });
    expect(res.body).toMatchObject({ count: 5, total: 25, limit: 10, offset: 20 });
    expect(res.body.results[0].client_ref).toBe('client-20');
  });

  test.each([['limit=0'], ['limit=101'], ['offset=-1'], ['limit=ten']])('GET /clients?%s is refused with 400 bad_request', async (query) => {
    const res = await call(server.baseUrl, 'GET', '/clients', { key, path: `/clients?${query}` });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('bad_request');
  });

  test('GET /clients/{client_ref} answers the client with its channel fields', async () => {
    const chat = await call(server.baseUrl, 'GET', '/clients/{client_ref}', { key, path: '/clients/client-00' });
    expect(chat.body).toMatchObject({ client_ref: 'client-00', channel: 'chat', phone_number: expect.stringMatching(/^\+\d+$/) });
    const social = await call(server.baseUrl, 'GET', '/clients/{client_ref}', { key, path: '/clients/client-01' });
    expect(social.body).toMatchObject({ client_ref: 'client-01', channel: 'social', business_account_id: expect.any(String) });
    expect(social.body.phone_number).toBeUndefined();
  });

  test('an unknown client_ref gives 404 not_found', async () => {
    const res = await call(server.baseUrl, 'GET', '/clients/{client_ref}', { key, path: '/clients/nobody' });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('not_found');
  });
});

describe('hosted onboarding sessions', () => {
  const clock = testClock();
  let server: TestServer;
  let key: string;
  beforeAll(async () => {
    server = await startTestServer({ now: clock.now, env: { PUBLIC_BASE_URL: 'http://placeholder.invalid' } });
    key = (await server.domain.keys.create(DEFAULT_PARTNER_ID, { mode: 'test', scopes: ['clients:write', 'clients:read'] })).plain;
  });
  afterAll(() => server.close());

  const openSession = async (route: '/embedded-signup/sessions' | '/social-connect/sessions', clientRef: string) => {
    const res = await call(server.baseUrl, 'POST', route, { key, body: { client_ref: clientRef } });
    // PUBLIC_BASE_URL prefixes the link; the test reaches the page at the server's real address.
    return { ...res, localUrl: String(res.body.url).replace('http://placeholder.invalid', server.origin) };
  };
  const clientExists = async (clientRef: string) =>
    (await call(server.baseUrl, 'GET', '/clients/{client_ref}', { key, path: `/clients/${clientRef}` })).status === 200;

  test('a chat session answers 201 with a hosted URL under PUBLIC_BASE_URL that expires in 600 s', async () => {
    const res = await openSession('/embedded-signup/sessions', 'acme-de');
    expect(res.status).toBe(201);
    expect(res.body.expires_in).toBe(600);
    expect(res.body.url).toMatch(new RegExp(`^http://placeholder\\.invalid/connect/${res.body.session_id}\\?token=[A-Za-z0-9_-]+$`));
  });

  test('completing the hosted page creates a real chat client, even with a test key', async () => {
    const session = await openSession('/embedded-signup/sessions', 'acme-chat');
    const done = await completeHostedPage(session.localUrl, { phone_number: '4915112345678' });
    expect(done.status).toBe(200);
    expect(done.html).toContain('Connected');
    const client = await call(server.baseUrl, 'GET', '/clients/{client_ref}', { key, path: '/clients/acme-chat' });
    expect(client.body).toMatchObject({ channel: 'chat', phone_number: '+4915112345678', business_name: 'ACME' });
  });

  test('completing the social hosted page creates a social client', async () => {
    const session = await openSession('/social-connect/sessions', 'acme-social');
    expect((await completeHostedPage(session.localUrl, { username: 'acme.shoes' })).status).toBe(200);
    expect(await clientExists('acme-social')).toBe(true);
  });

  test('a used session URL says so and creates nothing more', async () => {
    const session = await openSession('/embedded-signup/sessions', 'acme-once');
    expect((await completeHostedPage(session.localUrl, { phone_number: '4915100000001' })).status).toBe(200);
    const again = await fetch(session.localUrl);
    expect(again.status).toBe(410);
    expect(await again.text()).toContain('already been used');
  });

  test('a session expires 600 s after creation: the page says so and creates no client', async () => {
    const session = await openSession('/embedded-signup/sessions', 'acme-late');
    const form = await fetch(session.localUrl);
    expect(form.status).toBe(200);
    const html = await form.text();
    clock.advance(599_000);
    expect((await fetch(session.localUrl)).status).toBe(200);
    clock.advance(1_000);
    const token = /name="token" value="([^"]+)"/.exec(html)![1]!;
    const late = await fetch(`${server.origin}/connect/${session.body.session_id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token, business_name: 'ACME', phone_number: '4915100000002' }).toString(),
    });
    expect(late.status).toBe(410);
    expect(await late.text()).toContain('expired');
    expect(await clientExists('acme-late')).toBe(false);
  });

  test('a session URL with a wrong token is refused and creates nothing', async () => {
    const session = await openSession('/embedded-signup/sessions', 'acme-token');
    const res = await fetch(`${server.origin}/connect/${session.body.session_id}?token=forged`);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('not valid');
  });

  test('a chat session for a reference already connected on chat gives 409 number_already_connected', async () => {
    await server.connectClient({ clientRef: 'taken-chat', channel: 'chat' });
    const res = await openSession('/embedded-signup/sessions', 'taken-chat');
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('number_already_connected');
  });

  test('a chat session for a reference connected on social gives 409 conflict', async () => {
    await server.connectClient({ clientRef: 'taken-social', channel: 'social' });
    const res = await openSession('/embedded-signup/sessions', 'taken-social');
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('conflict');
  });

  test.each([['taken-chat'], ['taken-social']])('a social session for a connected reference (%s) gives 409 conflict', async (clientRef) => {
    const res = await openSession('/social-connect/sessions', clientRef);
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('conflict');
  });

  test('a number already connected under another reference fails on the page and creates no client', async () => {
    const first = await openSession('/embedded-signup/sessions', 'number-owner');
    expect((await completeHostedPage(first.localUrl, { phone_number: '4930901820' })).status).toBe(200);
    const second = await openSession('/embedded-signup/sessions', 'number-thief');
    const refused = await completeHostedPage(second.localUrl, { phone_number: '4930901820' });
    expect(refused.status).toBe(409);
    expect(refused.html).toContain('already connected under another client reference');
    expect(await clientExists('number-thief')).toBe(false);
  });

  test('a social account already connected under another reference fails on the page and creates no client', async () => {
    const first = await openSession('/social-connect/sessions', 'account-owner');
    expect((await completeHostedPage(first.localUrl, { username: 'shared_account' })).status).toBe(200);
    const second = await openSession('/social-connect/sessions', 'account-thief');
    expect((await completeHostedPage(second.localUrl, { username: 'Shared_Account' })).status).toBe(409);
    expect(await clientExists('account-thief')).toBe(false);
  });

  test('a provider that refuses or cannot be reached fails on the page and creates no client', async () => {
    const session = await openSession('/embedded-signup/sessions', 'acme-refused');
    expect((await completeHostedPage(session.localUrl, { phone_number: '15550000400' })).status).toBe(400);
    expect((await completeHostedPage(session.localUrl, { phone_number: '15550000502' })).status).toBe(502);
    expect(await clientExists('acme-refused')).toBe(false);
  });

  test('the hosted page escapes what it shows', async () => {
    const session = await openSession('/social-connect/sessions', 'acme-escape');
    const res = await completeHostedPage(session.localUrl, { username: '<script>alert(1)</script>' });
    expect(res.status).toBe(400);
    expect(res.html).not.toContain('<script>alert(1)</script>');
    expect(res.html).toContain('&lt;script&gt;');
  });
});

describe('code-exchange signup', () => {
  let server: TestServer;
  let key: string;
  beforeAll(async () => {
    server = await startTestServer();
    key = (await server.domain.keys.create(DEFAULT_PARTNER_ID, { mode: 'test', scopes: ['clients:write'] })).plain;
  });
  afterAll(() => server.close());
  const signup = (client_ref: string, auth_code: string) => call(server.baseUrl, 'POST', '/clients/signup', { key, body: { client_ref, auth_code } });

  test('a valid code creates a chat client: 201 with the client', async () => {
    const res = await signup('signup-ok', 'AQBx7Tq2mZc9kR4vN1pL8sW3yH6jF0dG5eC2bA7u');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ client_ref: 'signup-ok', channel: 'chat', phone_number_id: expect.any(String) });
  });

  test('an invalid code gives 400 bad_request and creates nothing', async () => {
    const res = await signup('signup-invalid', 'invalid-code-123');
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('bad_request');
  });

  test('a code used twice gives 400 bad_request the second time', async () => {
    expect((await signup('signup-first', 'once-only-code')).status).toBe(201);
    expect((await signup('signup-second', 'once-only-code')).status).toBe(400);
  });

  test('a code bound to an already connected number gives 409 conflict', async () => {
    expect((await signup('number-a', 'num-4915199999999-a')).status).toBe(201);
    const res = await signup('number-b', 'num-4915199999999-b');
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('conflict');
  });

  test('an already connected client_ref gives 409 conflict', async () => {
    const res = await signup('signup-ok', 'another-fresh-code');
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('conflict');
  });

  test('an unreachable provider gives 502 upstream_unavailable', async () => {
    const res = await signup('signup-down', 'unavailable-now');
    expect(res.status).toBe(502);
    expect(res.body.error.code).toBe('upstream_unavailable');
  });
});
