// Partner-scoped access to the sandbox: each partner's portal token (shown once, kept as a hash) opens the
// sandbox for that partner alone; another partner named with it is 404 as if it did not exist, the
// operations on every partner are 403, and the admin token keeps working as before.
import { createHash } from 'node:crypto';
import { OPERATIONS } from './sandbox/generated/server';
import { adminOnlyOperations } from './sandbox/access';
import { SANDBOX_SPEC_PATH } from './sandbox/router';
import { startTestServer, type TestServer } from './testing';
import { call } from './testing/contract-calls';

let server: TestServer;
let acme: { id: string; token: string };
let globex: { id: string; token: string };

const sandbox = (token: string, method: string, path: string, body?: unknown) =>
  fetch(`${server.origin}/sandbox${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

beforeAll(async () => {
  server = await startTestServer({ env: { TICK_INTERVAL_MS: '0' } });
  const made = async (name: string) => {
    const created = await server.sandbox('/partners', { name });
    return { id: created.id as string, token: created.portal_token as string };
  };
  acme = await made('ACME');
  globex = await made('Globex');
  await server.sandbox('/clients', { client_ref: 'acme-shop', channel: 'chat' }, acme.id);
});
afterAll(() => server.close());

test('POST /sandbox/partners answers the portal token once; it is kept only as a hash', async () => {
  expect(acme.token).toMatch(/^ptk_[A-Za-z0-9_-]{32,}$/);
  const listed = await (await sandbox(server.sandboxToken, 'GET', '/partners')).json();
  expect(JSON.stringify(listed)).not.toContain(acme.token);
  const kept = await server.store.portalTokens.findByHash(createHash('sha256').update(acme.token).digest('hex'));
  expect(kept).toEqual({ partnerId: acme.id, hash: createHash('sha256').update(acme.token).digest('hex'), issuedAt: expect.any(Date) });
});

test("a portal token acts for its own partner without naming it, and says whose it is", async () => {
  const me = await (await sandbox(acme.token, 'GET', '/me')).json();
  expect(me).toEqual({ access: 'portal', partner: { id: acme.id, name: 'ACME', created_at: expect.any(String) } });
  const key = await (await sandbox(acme.token, 'POST', '/keys', { mode: 'live', scopes: 'all' })).json();
  expect(key.partner_id).toBe(acme.id);
  const clients = await call(server.baseUrl, 'GET', '/clients', { key: key.key });
  expect(clients.body.results.map((c: { client_ref: string }) => c.client_ref)).toEqual(['acme-shop']);
});

test('a portal token naming another partner is answered 404 exactly as an unknown partner is', async () => {
  const other = await sandbox(acme.token, 'GET', `/keys?partner=${globex.id}`);
  const unknown = await sandbox(server.sandboxToken, 'GET', '/keys?partner=ptn_nobody');
  expect(other.status).toBe(404);
  const body = await other.json();
  expect(body.error.code).toBe('not_found');
  expect(body.error.message).toBe((await unknown.json()).error.message.replace('ptn_nobody', globex.id));
  const own = await sandbox(acme.token, 'GET', `/keys?partner=${acme.id}`);
  expect(own.status).toBe(200);
});

test("a portal token cannot reach another partner's client, webhook, deliveries or faults", async () => {
  const answers = await Promise.all([
    sandbox(globex.token, 'POST', '/inbound', { client_ref: 'acme-shop', from: '4915112345678', text: 'hi' }),
    sandbox(globex.token, 'GET', `/webhook?partner=${acme.id}`),
    sandbox(globex.token, 'GET', `/webhook/deliveries?partner=${acme.id}`),
    sandbox(globex.token, 'GET', `/faults?partner=${acme.id}`),
    sandbox(globex.token, 'POST', `/clock/advance?partner=${acme.id}`, { by: '1h' }),
    sandbox(globex.token, 'GET', `/requests?partner=${acme.id}`),
  ]);
  expect(answers.map((a) => a.status)).toEqual([404, 404, 404, 404, 404, 404]);
});

test('the operations on every partner answer a portal token 403 forbidden, and only those', async () => {
  const adminOnly = adminOnlyOperations(SANDBOX_SPEC_PATH).sort();
  expect(adminOnly).toEqual(['sandboxContractFixtures', 'sandboxCreatePartner', 'sandboxIssuePortalToken', 'sandboxListPartners', 'sandboxSetProvider', 'sandboxTick']);
  for (const id of adminOnly) {
    const route = OPERATIONS[id];
    const res = await sandbox(acme.token, route.method.toUpperCase(), route.path.replace('{partner_id}', acme.id), route.method === 'get' ? undefined : {});
    expect({ id, status: res.status, code: (await res.json()).error.code }).toEqual({ id, status: 403, code: 'forbidden' });
  }
});

test('the admin token keeps every operation, for any partner', async () => {
  expect((await sandbox(server.sandboxToken, 'POST', '/tick')).status).toBe(200);
  expect((await sandbox(server.sandboxToken, 'GET', `/keys?partner=${globex.id}`)).status).toBe(200);
  const me = await (await sandbox(server.sandboxToken, 'GET', `/me?partner=${globex.id}`)).json();
  expect(me).toEqual({ access: 'admin', partner: expect.objectContaining({ id: globex.id }) });
});

test('a new portal token retires the old one at once', async () => {
  const issued = await server.sandbox(`/partners/${globex.id}/portal-token`, {});
  expect(issued).toEqual({ partner_id: globex.id, portal_token: expect.stringMatching(/^ptk_/), issued_at: expect.any(String) });
  expect(issued.portal_token).not.toBe(globex.token);
  const old = await sandbox(globex.token, 'GET', '/me');
  expect(old.status).toBe(401);
  expect((await old.json()).error.code).toBe('unauthorized');
  expect((await sandbox(issued.portal_token, 'GET', '/me')).status).toBe(200);
  globex.token = issued.portal_token;
});

test('a portal token for an unknown partner id cannot be issued (404), and a made-up token is 401', async () => {
  const res = await sandbox(server.sandboxToken, 'POST', '/partners/ptn_nobody/portal-token', {});
  expect(res.status).toBe(404);
  const made = await sandbox(`ptk_${'A'.repeat(43)}`, 'GET', '/me');
  expect(made.status).toBe(401);
  const none = await fetch(`${server.origin}/sandbox/me`);
  expect(none.status).toBe(401);
});
