// Partner accounts: the sandbox operator creates partners and their keys; a key sees and changes only its
// partner's clients, templates, media, sessions, webhook configuration, deliveries and usage, and another
// partner's resource is 404, never 403.
import { DEFAULT_PARTNER_ID } from './store/records';
import { startTestServer, type TestServer } from './testing';
import { call } from './testing/contract-calls';
import { startWebhookReceiver, type WebhookReceiver } from './testing/webhook-receiver';

let server: TestServer;
let acme: { id: string; key: string; receiver: WebhookReceiver };
let globex: { id: string; key: string; receiver: WebhookReceiver };

/** A partner made through the sandbox as its operator would: the partner, a live key with every scope, a receiver. */
async function partner(name: string) {
  const created = await server.sandbox('/partners', { name });
  const key = (await server.sandbox('/keys', { mode: 'live', scopes: 'all' }, created.id)).key as string;
  const receiver = await startWebhookReceiver();
  const config = await fetch(`${server.origin}/sandbox/webhook?partner=${created.id}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${server.sandboxToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ url: receiver.url }),
  }).then((r) => r.json());
  receiver.state.secret = config.secret;
  return { id: created.id as string, key, receiver };
}

beforeAll(async () => {
  server = await startTestServer({ env: { TICK_INTERVAL_MS: '0', TEMPLATE_REVIEW_DELAY_MS: '1000' } });
  acme = await partner('ACME');
  globex = await partner('Globex');
  // Both partners name a client "shop": references are the partner's own.
  await server.sandbox('/clients', { client_ref: 'shop', channel: 'chat' }, acme.id);
  await server.sandbox('/clients', { client_ref: 'shop', channel: 'chat' }, globex.id);
  await server.sandbox('/clients', { client_ref: 'acme-only', channel: 'chat' }, acme.id);
});
afterAll(async () => {
  await server.close();
  await acme.receiver.close();
  await globex.receiver.close();
});

test('the sandbox creates partners (ptn_ ids) beside the default one, and an unknown partner is 404', async () => {
  const listed = await fetch(`${server.origin}/sandbox/partners`, { headers: { authorization: `Bearer ${server.sandboxToken}` } }).then((r) => r.json());
  expect(listed.partners.map((p: { id: string }) => p.id)).toEqual([DEFAULT_PARTNER_ID, acme.id, globex.id]);
  expect(acme.id).toMatch(/^ptn_/);
  const unknown = await fetch(`${server.origin}/sandbox/keys?partner=ptn_nobody`, { headers: { authorization: `Bearer ${server.sandboxToken}` } });
  expect(unknown.status).toBe(404);
  expect((await unknown.json()).error.code).toBe('not_found');
});

test("a key lists only its partner's clients, and the same client_ref is a different client per partner", async () => {
  const acmeList = await call(server.baseUrl, 'GET', '/clients', { key: acme.key });
  const globexList = await call(server.baseUrl, 'GET', '/clients', { key: globex.key });
  expect(acmeList.body.results.map((c: { client_ref: string }) => c.client_ref)).toEqual(['shop', 'acme-only']);
  expect(globexList.body.results.map((c: { client_ref: string }) => c.client_ref)).toEqual(['shop']);
  expect(globexList.body.total).toBe(1);
  const acmeShop = await call(server.baseUrl, 'GET', '/clients/{client_ref}', { key: acme.key, path: '/clients/shop' });
  const globexShop = await call(server.baseUrl, 'GET', '/clients/{client_ref}', { key: globex.key, path: '/clients/shop' });
  expect(acmeShop.body.phone_number_id).not.toBe(globexShop.body.phone_number_id);
});

test("another partner's client is 404 not_found (never 403) on every route that names it", async () => {
  const key = globex.key;
  const answers = [
    await call(server.baseUrl, 'GET', '/clients/{client_ref}', { key, path: '/clients/acme-only' }),
    await call(server.baseUrl, 'POST', '/messages/send', { key, body: { client_ref: 'acme-only', to: '4915112345678', type: 'text', text: { body: 'hi' }, dry_run: true } }),
    await call(server.baseUrl, 'GET', '/templates', { key, path: '/templates?client_ref=acme-only' }),
    await call(server.baseUrl, 'POST', '/templates', {
      key,
      body: { client_ref: 'acme-only', name: 'stolen', category: 'UTILITY', body: { text: 'Hi {{1}}', examples: ['A'] } },
    }),
    await call(server.baseUrl, 'GET', '/media/{media_id}', { key, path: '/media/1234567890123456?client_ref=acme-only' }),
  ];
  expect(answers.map((a) => [a.status, a.body.error.code])).toEqual(Array(answers.length).fill([404, 'not_found']));
});

test("another partner's template is 404 even on a client reference both partners use", async () => {
  const created = await call(server.baseUrl, 'POST', '/templates', {
    key: acme.key,
    body: { client_ref: 'shop', name: 'acme_shipping', category: 'UTILITY', body: { text: 'Order {{1}}', examples: ['1'] } },
  });
  expect(created.status).toBe(201);
  const byName = await call(server.baseUrl, 'GET', '/templates/{template_ref}', { key: globex.key, path: '/templates/acme_shipping?client_ref=shop' });
  const byId = await call(server.baseUrl, 'DELETE', '/templates/{template_ref}', { key: globex.key, path: `/templates/${created.body.id}?client_ref=shop` });
  expect([byName.status, byId.status]).toEqual([404, 404]);
  const list = await call(server.baseUrl, 'GET', '/templates', { key: globex.key, path: '/templates?client_ref=shop' });
  expect(list.body.results).toEqual([]);
  // Globex may use the same name on its own "shop": names are per client of a partner.
  const own = await call(server.baseUrl, 'POST', '/templates', {
    key: globex.key,
    body: { client_ref: 'shop', name: 'acme_shipping', category: 'UTILITY', body: { text: 'Order {{1}}', examples: ['1'] } },
  });
  expect(own.status).toBe(201);
});

test("inbound media of one partner's client cannot be downloaded through another partner's client", async () => {
  const received = await server.sandbox(
    '/inbound',
    { client_ref: 'shop', from: '4915100000077', media: { type: 'image', content_base64: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]).toString('base64'), mime_type: 'image/jpeg' } },
    acme.id,
  );
  const own = await call(server.baseUrl, 'GET', '/media/{media_id}', { key: acme.key, path: `/media/${received.media_id}?client_ref=shop` });
  const other = await call(server.baseUrl, 'GET', '/media/{media_id}', { key: globex.key, path: `/media/${received.media_id}?client_ref=shop` });
  expect(own.status).toBe(200);
  expect([other.status, other.body.error.code]).toEqual([404, 'media_not_found']);
});

test("usage counts each partner's live traffic apart", async () => {
  const before = (await call(server.baseUrl, 'GET', '/usage', { key: globex.key })).body.current.total_messages;
  await server.sandbox('/inbound', { client_ref: 'shop', from: '4915112345678', text: 'hello' }, acme.id);
  const sent = await call(server.baseUrl, 'POST', '/messages/send', { key: acme.key, body: { client_ref: 'shop', to: '4915112345678', type: 'text', text: { body: 'hi' } } });
  expect(sent.status).toBe(200);
  expect((await call(server.baseUrl, 'GET', '/usage', { key: acme.key })).body.current.outbound_messages).toBeGreaterThanOrEqual(1);
  expect((await call(server.baseUrl, 'GET', '/usage', { key: globex.key })).body.current.total_messages).toBe(before);
});

test("a partner's events reach its own receiver only, signed with its own secret, and its delivery log is its own", async () => {
  const fired = await server.sandbox('/webhook/test', { client_ref: 'shop' }, globex.id);
  await server.tick();
  expect(globex.receiver.received.map((d) => d.body.event_id)).toContain(fired.event_id);
  expect(acme.receiver.received.map((d) => d.body.event_id)).not.toContain(fired.event_id);
  expect(globex.receiver.problems).toEqual([]);
  const acmeLog = await fetch(`${server.origin}/sandbox/webhook/deliveries?partner=${acme.id}`, { headers: { authorization: `Bearer ${server.sandboxToken}` } }).then((r) => r.json());
  expect(acmeLog.deliveries.map((d: { event_id: string }) => d.event_id)).not.toContain(fired.event_id);
  const redeliver = await fetch(`${server.origin}/sandbox/webhook/redeliver?partner=${acme.id}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${server.sandboxToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ ref: fired.event_id }),
  });
  expect(redeliver.status).toBe(404);
});

test("a hosted session connects the client for the partner whose key opened it, and another partner's keys cannot be managed", async () => {
  const session = await call(server.baseUrl, 'POST', '/social-connect/sessions', { key: globex.key, body: { client_ref: 'globex-social' } });
  const url = new URL(session.body.url);
  const page = await fetch(`${server.origin}${url.pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token: url.searchParams.get('token')!, business_name: 'Globex', username: 'globex_social' }).toString(),
  });
  expect(page.status).toBe(200);
  expect((await call(server.baseUrl, 'GET', '/clients/{client_ref}', { key: globex.key, path: '/clients/globex-social' })).status).toBe(200);
  expect((await call(server.baseUrl, 'GET', '/clients/{client_ref}', { key: acme.key, path: '/clients/globex-social' })).status).toBe(404);
  const globexKeys = await fetch(`${server.origin}/sandbox/keys?partner=${globex.id}`, { headers: { authorization: `Bearer ${server.sandboxToken}` } }).then((r) => r.json());
  const revokeAsAcme = await fetch(`${server.origin}/sandbox/keys/${globexKeys.keys[0].id}/revoke?partner=${acme.id}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${server.sandboxToken}` },
  });
  expect(revokeAsAcme.status).toBe(404);
  expect((await call(server.baseUrl, 'GET', '/clients', { key: globex.key })).status).toBe(200);
});
