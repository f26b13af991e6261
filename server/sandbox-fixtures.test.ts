// The sandbox's fixtures file for the drift check (POST /sandbox/contract-fixtures): every entry does on this
// server what docs/contract-testing-in-ci.md says it is for, and the issuers give something new on every call.
import { DEFAULT_PARTNER_ID } from './store/records';
import { startTestServer, type TestServer } from './testing';
import { call } from './testing/contract-calls';
import { startWebhookReceiver, type WebhookReceiver } from './testing/webhook-receiver';

let server: TestServer;
let receiver: WebhookReceiver;
let fx: Record<string, any>;
beforeAll(async () => {
  server = await startTestServer();
  receiver = await startWebhookReceiver();
  const res = await fetch(`${server.origin}/sandbox/contract-fixtures`, { method: 'POST', headers: { authorization: `Bearer ${server.sandboxToken}` } });
  expect(res.status).toBe(201);
  fx = await res.json();
});
afterAll(async () => {
  await receiver.close();
  await server.close();
});

const api = (method: string, route: string, key: string, opts: { path?: string; body?: unknown } = {}) => call(server.baseUrl, method, route, { key, ...opts });
/** Runs one of the file's HTTP requests, with its placeholders filled in. */
async function perform(action: { method: string; url: string; headers?: Record<string, string>; body?: unknown }, values: Record<string, string> = {}) {
  const body = action.body === undefined ? undefined : JSON.stringify(action.body).replace(/\{(\w+)\}/g, (m, name: string) => values[name] ?? m);
  const res = await fetch(action.url, { method: action.method, headers: { ...action.headers, ...(body ? { 'content-type': 'application/json' } : {}) }, body });
  return { status: res.status, json: await res.json() };
}
const liveText = (clientRef: string, dryRun: boolean) => ({ client_ref: clientRef, to: fx.test_recipient, type: 'text', text: { body: 'Hi' }, dry_run: dryRun });

test('the file names this server and a key with every scope', async () => {
  expect(fx.base_url).toBe(server.baseUrl);
  expect((await api('GET', '/usage', fx.api_key)).status).toBe(200);
});

test('its extra keys are two more keys of the same partner with every scope, each with a rate-limit window of its own', async () => {
  expect(fx.extra_api_keys).toHaveLength(2);
  expect(new Set([fx.api_key, ...fx.extra_api_keys]).size).toBe(3);
  for (const key of fx.extra_api_keys) {
    const res = await api('GET', '/clients/{client_ref}', key, { path: `/clients/${fx.chat_client_ref}` });
    expect(res.status).toBe(200);
  }
  const remainingOf = async (key: string) => Number((await fetch(`${server.baseUrl}/usage`, { headers: { authorization: `Bearer ${key}` } })).headers.get('x-ratelimit-remaining'));
  // Two more requests of the first extra key: its count alone goes down by them.
  await remainingOf(fx.extra_api_keys[0]);
  await remainingOf(fx.extra_api_keys[0]);
  const [first, second] = [await remainingOf(fx.extra_api_keys[0]), await remainingOf(fx.extra_api_keys[1])];
  expect(first).toBe(second - 2);
});

test('its clients are connected on their channels', async () => {
  for (const [ref, channel] of [[fx.chat_client_ref, 'chat'], [fx.social_client_ref, 'social']]) {
    expect((await api('GET', '/clients/{client_ref}', fx.api_key, { path: `/clients/${ref}` })).body.channel).toBe(channel);
  }
});

test('the restricted key is valid but holds no scope of a public operation (403)', async () => {
  const res = await api('GET', '/clients', fx.restricted_api_key);
  expect([res.status, res.body.error.code]).toEqual([403, 'forbidden']);
});

test.each([
  ['expired', 'expired_api_key', /expired at/],
  ['revoked', 'revoked_api_key', /revoked/],
])('the %s key is refused with 401', async (_kind, entry, message) => {
  const res = await api('GET', '/usage', fx[entry]);
  expect([res.status, res.body.error.code]).toEqual([401, 'unauthorized']);
  expect(res.body.error.message).toMatch(message);
});

test("the foreign media id is another partner's: its key is refused it exactly like an id never issued", async () => {
  const send = (id: string) => api('POST', '/messages/send', fx.api_key, { body: { client_ref: fx.chat_client_ref, to: fx.test_recipient, type: 'image', image: { id }, dry_run: true } });
  const [foreign, unknown] = [await send(fx.foreign_media_id), await send('1999999999999999')];
  expect([foreign.status, foreign.body.error.code]).toEqual([404, 'media_not_found']);
  expect(foreign.body).toEqual(unknown.body);
  // It is a real upload, by an account of another partner.
  const upload = server.simulator.calls.find((c) => c.method === 'uploadMedia' && c.outcome === fx.foreign_media_id);
  const owner = (await server.store.partners.list()).find((p) => p.name.startsWith('contract foreign'));
  const mine = await server.store.clients.findByRef(DEFAULT_PARTNER_ID, fx.chat_client_ref);
  expect(upload?.account.account_key).toBeDefined();
  expect(upload!.account.account_key).not.toBe(mine!.account_key);
  expect(owner?.id).not.toBe(DEFAULT_PARTNER_ID);
});

test("the trial-ended key's live send is 402 trial_expired, its dry run is not, and the partner's live sends go on", async () => {
  const gated = await api('POST', '/messages/send', fx.trial_expired_api_key, { body: liveText(fx.trial_expired_chat_client_ref, false) });
  expect([gated.status, gated.body.error.code]).toEqual([402, 'trial_expired']);
  expect((await api('POST', '/messages/send', fx.trial_expired_api_key, { body: liveText(fx.trial_expired_chat_client_ref, true) })).body.dry_run).toBe(true);
  expect((await api('POST', '/messages/send', fx.api_key, { body: liveText(fx.chat_client_ref, false) })).status).toBe(200);
});

test('the approved template is APPROVED in its language', async () => {
  const res = await api('GET', '/templates/{template_ref}', fx.api_key, {
    path: `/templates/${fx.approved_template}?client_ref=${fx.chat_client_ref}&language=${fx.approved_template_language}`,
  });
  expect(res.body.status).toBe('APPROVED');
});

test('the inbound media id downloads for the chat client', async () => {
  const res = await api('GET', '/media/{media_id}', fx.api_key, { path: `/media/${fx.inbound_media_id}?client_ref=${fx.chat_client_ref}` });
  expect(res.status).toBe(200);
  expect(res.bytes.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
});

test('a test-key send to the test recipient is delivered (no dry_run, no hint)', async () => {
  const res = await api('POST', '/messages/send-template', fx.test_api_key, {
    body: { client_ref: fx.chat_client_ref, to: fx.test_recipient, template_ref: fx.approved_template, parameters: ['Anna', '10482'] },
  });
  expect(res.status).toBe(200);
  expect(res.body.dry_run).toBeUndefined();
  expect(res.body.hint).toBeUndefined();
});

test('the signup-code issuer gives a new code each call, each exchanged once', async () => {
  const issue = fx.signup_auth_code;
  const [a, b] = [(await perform(issue.issue)).json.auth_code, (await perform(issue.issue)).json.auth_code];
  expect(a).not.toBe(b);
  const signup = (ref: string, code: string) => api('POST', '/clients/signup', fx.api_key, { body: { client_ref: ref, auth_code: code } });
  expect((await signup(`fx-signup-${Date.now()}`, a)).status).toBe(201);
  expect((await signup(`fx-signup-again-${Date.now()}`, a)).status).toBe(400);
  expect(issue.pick).toBe('/auth_code');
});

test('the rate-limit issuer gives a fresh live key each call', async () => {
  const { issue, pick } = fx.rate_limit_api_key;
  expect(pick).toBe('/key');
  const [a, b] = [(await perform(issue)).json.key, (await perform(issue)).json.key];
  expect(a).not.toBe(b);
  const res = await api('GET', '/usage', a);
  expect(Number(res.headers.get('x-ratelimit-remaining'))).toBe(Number(res.headers.get('x-ratelimit-limit')) - 1);
});

test('webhook_configure points the receiver at the run, and webhook_test_trigger fires a signed webhook.test there', async () => {
  receiver.state.secret = 'whsec_contract_fixtures_test';
  const configured = await perform(fx.webhook_configure, { webhook_url: receiver.url, webhook_secret: receiver.state.secret });
  expect(configured.json.url).toBe(receiver.url);
  expect((await perform(fx.webhook_test_trigger)).status).toBe(202);
  await server.tick();
  expect(receiver.received.map((d) => d.body.event)).toContain('webhook.test');
  expect(receiver.problems).toEqual([]);
});

test("its foreign client, template and media are another partner's: they exist there, and the file's key gets 404 for each", async () => {
  const owner = (await server.domain.partners.list()).find((p) => p.name.startsWith('contract foreign'))!;
  const ownerKey = await server.createKey({ mode: 'live', scopes: 'all', partner: owner.id });
  const reads = [
    ['/clients/{client_ref}', `/clients/${fx.foreign_chat_client_ref}`],
    ['/templates/{template_ref}', `/templates/${fx.foreign_template}?client_ref=${fx.foreign_chat_client_ref}`],
    ['/media/{media_id}', `/media/${fx.foreign_media_id}?client_ref=${fx.foreign_chat_client_ref}`],
  ] as const;
  for (const [route, path] of reads) expect([route, (await api('GET', route, ownerKey, { path })).status]).toEqual([route, 200]);
  for (const [route, path] of reads) expect([route, (await api('GET', route, fx.api_key, { path })).status]).toEqual([route, 404]);
  const underOwnClient = await api('GET', '/media/{media_id}', fx.api_key, { path: `/media/${fx.foreign_media_id}?client_ref=${fx.chat_client_ref}` });
  expect([underOwnClient.status, underOwnClient.body.error.code]).toEqual([404, 'media_not_found']);
});

describe("a partner's fixtures file (POST /sandbox/contract-fixtures?partner=<id>)", () => {
  let partner: string;
  let pfx: Record<string, any>;
  const admin = () => ({ authorization: `Bearer ${server.sandboxToken}` });
  beforeAll(async () => {
    partner = (await server.sandbox('/partners', { name: 'Drift check partner' })).id;
    const res = await fetch(`${server.origin}/sandbox/contract-fixtures?partner=${partner}`, { method: 'POST', headers: admin() });
    expect(res.status).toBe(201);
    pfx = await res.json();
  });

  test("its keys and clients are the partner's: the default partner's key gets 404 for its client, and its key lists only them", async () => {
    const listed = await api('GET', '/clients', pfx.api_key);
    expect(listed.body.results.map((c: { client_ref: string }) => c.client_ref).sort()).toEqual([pfx.chat_client_ref, pfx.social_client_ref].sort());
    const fromDefault = await api('GET', '/clients/{client_ref}', fx.api_key, { path: `/clients/${pfx.chat_client_ref}` });
    expect([fromDefault.status, fromDefault.body.error.code]).toEqual([404, 'not_found']);
    const keys = await fetch(`${server.origin}/sandbox/keys?partner=${partner}`, { headers: admin() }).then((r) => r.json());
    expect(keys.keys.map((k: { partner_id: string }) => k.partner_id)).toEqual(keys.keys.map(() => partner));
    expect(keys.keys.length).toBeGreaterThanOrEqual(6);
  });

  test("its trial-ended key is gated while the partner's other keys send live", async () => {
    const gated = await api('POST', '/messages/send', pfx.trial_expired_api_key, { body: liveText(pfx.trial_expired_chat_client_ref, false) });
    expect([gated.status, gated.body.error.code]).toEqual([402, 'trial_expired']);
    expect((await api('POST', '/messages/send', pfx.api_key, { body: liveText(pfx.chat_client_ref, false) })).status).toBe(200);
  });

  test("its issuers and webhook requests act for the partner: the issued key sees the partner's client, the webhook set is the partner's", async () => {
    const issued = (await perform(pfx.rate_limit_api_key.issue)).json.key;
    expect((await api('GET', '/clients/{client_ref}', issued, { path: `/clients/${pfx.chat_client_ref}` })).status).toBe(200);
    await perform(pfx.webhook_configure, { webhook_url: 'https://partner-hooks.example/in', webhook_secret: 'whsec_partner_fixtures' });
    const webhookOf = (query: string) => fetch(`${server.origin}/sandbox/webhook${query}`, { headers: admin() }).then((r) => r.json());
    expect((await webhookOf(`?partner=${partner}`)).url).toBe('https://partner-hooks.example/in');
    expect((await webhookOf('')).url).not.toBe('https://partner-hooks.example/in');
    expect((await perform(pfx.webhook_test_trigger)).status).toBe(202);
  });
});
