// A clock per partner: advancing it moves that partner's time, and only that partner's, for every rule that
// reads time (service windows, hosted sessions, media ids, trials and grace, key expiry, a deleted template's
// name, the month's usage, simulated reviews, due webhook attempts); its answers and events are in its time,
// and another partner's answers do not change.
import { startTestServer, type TestServer } from './testing';
import { testClock } from './testing/clock';
import { call } from './testing/contract-calls';
import { startWebhookReceiver, type WebhookReceiver } from './testing/webhook-receiver';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const CUSTOMER = '4915112345678';
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\0'), Buffer.alloc(600, 0x33)]);

interface Partner {
  id: string;
  token: string;
  live: string;
  test: string;
  receiver: WebhookReceiver;
}

let server: TestServer;
let a: Partner;
let b: Partner;

async function portal(p: Partner, method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
  const res = await fetch(`${server.origin}/sandbox${path}`, {
    method,
    headers: { authorization: `Bearer ${p.token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}
const advance = async (p: Partner, by: string) => {
  const res = await portal(p, 'POST', '/clock/advance', { by });
  expect(res.status).toBe(200);
  return res.body;
};
const api = (key: string, method: string, route: string, opts: { path?: string; body?: unknown } = {}) => call(server.baseUrl, method, route, { key, ...opts });
const send = (key: string, text = 'hi') => api(key, 'POST', '/messages/send', { body: { client_ref: 'shop', to: CUSTOMER, type: 'text', text: { body: text } } });

async function partner(name: string): Promise<Partner> {
  const created = await server.sandbox('/partners', { name });
  const key = async (mode: string) => (await server.sandbox('/keys', { mode, scopes: 'all' }, created.id)).key as string;
  const receiver = await startWebhookReceiver();
  const p: Partner = { id: created.id, token: created.portal_token, live: await key('live'), test: await key('test'), receiver };
  receiver.state.secret = (await portal(p, 'PUT', '/webhook', { url: receiver.url })).body.secret;
  await portal(p, 'POST', '/clients', { client_ref: 'shop', channel: 'chat' });
  await portal(p, 'POST', '/test-recipients', { client_ref: 'shop', recipient: CUSTOMER });
  return p;
}

/** What is done to both partners alike, A's then B's. */
const both = <T>(act: (p: Partner) => Promise<T>) => Promise.all([act(a), act(b)]);

beforeAll(async () => {
  server = await startTestServer({ env: { TICK_INTERVAL_MS: '0', TEMPLATE_REVIEW_DELAY_MS: String(HOUR) } });
  a = await partner('A');
  b = await partner('B');
});
afterEach(async () => {
  await both((p) => portal(p, 'POST', '/clock/reset'));
});
afterAll(async () => {
  await server.close();
  await both((p) => p.receiver.close());
});

test("clock show, advance and reset move the partner's time alone", async () => {
  const shown = (await portal(a, 'GET', '/clock')).body;
  expect(shown).toEqual({ partner_id: a.id, now: expect.any(String), offset_seconds: 0, server_now: expect.any(String) });
  const advanced = await advance(a, '1d1h');
  expect(advanced.offset_seconds).toBe(25 * 3600);
  expect(Date.parse(advanced.now) - Date.parse(advanced.server_now)).toBe(25 * HOUR);
  expect((await portal(b, 'GET', '/clock')).body.offset_seconds).toBe(0);
  expect((await portal(a, 'POST', '/clock/advance', { by: '3651d' })).status).toBe(400);
  expect((await portal(a, 'POST', '/clock/advance', { by: 'soon' })).status).toBe(400);
  const reset = (await portal(a, 'POST', '/clock/reset')).body;
  expect(reset.offset_seconds).toBe(0);
});

test("a customer service window closes in the partner's time (422 outside_service_window); the other partner's stays open", async () => {
  await both((p) => portal(p, 'POST', '/inbound', { client_ref: 'shop', from: CUSTOMER, text: 'hello' }));
  expect((await both((p) => send(p.test))).map((r) => r.status)).toEqual([200, 200]);
  await advance(a, '25h');
  const [inA, inB] = await both((p) => send(p.test));
  expect([inA.status, inA.body.error?.code]).toEqual([422, 'outside_service_window']);
  expect(inB.status).toBe(200);
});

test("a hosted session expires in the partner's time; the other partner's opens", async () => {
  const [sa, sb] = await both((p) => api(p.live, 'POST', '/embedded-signup/sessions', { body: { client_ref: `new-${p.id}` } }));
  await advance(a, '11m');
  const [pageA, pageB] = await Promise.all([fetch(sa.body.url), fetch(sb.body.url)]);
  expect(await pageA.text()).toContain('expired');
  expect(pageB.status).toBe(200);
  expect(await pageB.text()).not.toContain('expired');
});

test("a media id passes 30 days in the partner's time (404); the other partner's is still served", async () => {
  const ids = await both(async (p) => (await portal(p, 'POST', '/inbound', { client_ref: 'shop', from: CUSTOMER, media: { type: 'image', content_base64: JPEG.toString('base64'), mime_type: 'image/jpeg' } })).body.media_id as string);
  await advance(a, '31d');
  const [ma, mb] = await Promise.all([api(a.live, 'GET', '/media/{media_id}', { path: `/media/${ids[0]}?client_ref=shop` }), api(b.live, 'GET', '/media/{media_id}', { path: `/media/${ids[1]}?client_ref=shop` })]);
  expect(ma.status).toBe(404);
  expect(mb.status).toBe(200);
});

test("a trial and its grace end in the partner's time (402 trial_expired); the other partner still sends", async () => {
  const endsAt = new Date(Date.now() + DAY).toISOString();
  await both((p) => portal(p, 'PUT', '/trial', { ends_at: endsAt, grace_days: 1 }));
  await both((p) => portal(p, 'POST', '/inbound', { client_ref: 'shop', from: CUSTOMER, text: 'hello' }));
  await advance(a, '3d');
  const [sa, sb] = await both((p) => send(p.live));
  expect([sa.status, sa.body.error?.code]).toEqual([402, 'trial_expired']);
  expect(sb.status).toBe(200);
  await both((p) => portal(p, 'PUT', '/trial', { ends_at: null }));
});

test("a key expires in its partner's time (401); the other partner's key of the same lifetime works", async () => {
  const keys = await both(async (p) => (await portal(p, 'POST', '/keys', { mode: 'live', scopes: 'all', expires: '30d' })).body.key as string);
  await advance(a, '31d');
  const [ka, kb] = await Promise.all([api(keys[0], 'GET', '/clients'), api(keys[1], 'GET', '/clients')]);
  expect([ka.status, ka.body.error?.code]).toEqual([401, 'unauthorized']);
  expect(kb.status).toBe(200);
});

test("a deleted template's name is free after 30 days of the partner's time; the other partner's is still blocked", async () => {
  const template = { client_ref: 'shop', name: 'clock_promo', category: 'UTILITY', body: { text: 'Hi {{1}}', examples: ['A'] } };
  await both(async (p) => {
    await portal(p, 'POST', '/templates/review', { client_ref: 'shop', template_ref: (await api(p.live, 'POST', '/templates', { body: template })).body.id, status: 'APPROVED' });
    expect((await api(p.live, 'DELETE', '/templates/{template_ref}', { path: '/templates/clock_promo?client_ref=shop' })).status).toBe(204);
  });
  expect((await both((p) => api(p.live, 'POST', '/templates', { body: template }))).map((r) => r.status)).toEqual([409, 409]);
  await advance(a, '31d');
  const [ta, tb] = await both((p) => api(p.live, 'POST', '/templates', { body: template }));
  expect(ta.status).toBe(201);
  expect(tb.status).toBe(409);
});

test("the month's usage moves into history in the partner's time; the other partner's month stays current", async () => {
  await both((p) => portal(p, 'POST', '/inbound', { client_ref: 'shop', from: CUSTOMER, text: 'hello' }));
  await both((p) => send(p.live));
  const before = (await api(a.live, 'GET', '/usage')).body.current;
  await advance(a, '32d');
  const [ua, ub] = await both((p) => api(p.live, 'GET', '/usage'));
  expect(ua.body.current.period).not.toBe(before.period);
  expect(ua.body.history).toContainEqual(before);
  expect(ub.body.current.period).toBe(before.period);
});

test("a simulated review comes due when the partner's clock passes it; the other partner's stays PENDING", async () => {
  const template = { client_ref: 'shop', name: 'clock_review', category: 'UTILITY', body: { text: 'Order {{1}}', examples: ['1'] } };
  await both((p) => api(p.live, 'POST', '/templates', { body: template }));
  const status = (p: Partner) => api(p.live, 'GET', '/templates/{template_ref}', { path: '/templates/clock_review?client_ref=shop' }).then((r) => r.body.status);
  expect(await Promise.all([a, b].map(status))).toEqual(['PENDING', 'PENDING']);
  await advance(a, '2h');
  await server.tick();
  expect(await Promise.all([a, b].map(status))).toEqual(['APPROVED', 'PENDING']);
  const approved = (p: Partner) => p.receiver.received.filter((r) => r.body.event === 'template.status' && r.body.template.name === 'clock_review');
  expect(approved(a).map((r) => r.body.template.status)).toEqual(['APPROVED']);
  expect(approved(b)).toEqual([]);
});

test("a due webhook attempt comes due in the partner's time; the other partner's waits for its retry", async () => {
  const seen = (p: Partner) => p.receiver.received.filter((r) => r.body.test?.message === 'clock retry').length;
  // The first attempt and its immediate retry fail; the next retry is due 10 s later.
  for (const p of [a, b]) p.receiver.state.answers.push(500, 500);
  await both((p) => portal(p, 'POST', '/webhook/test', { message: 'clock retry' }));
  await server.tick();
  expect([seen(a), seen(b)]).toEqual([2, 2]);
  await advance(a, '1m');
  await server.tick();
  expect([seen(a), seen(b)]).toEqual([3, 2]);
});

test("answers, events and the request log are in the partner's time", async () => {
  await advance(a, '10d');
  const key = (await portal(a, 'POST', '/keys', { mode: 'live', scopes: 'all' })).body;
  expect(Date.parse(key.created_at) - Date.now()).toBeGreaterThan(10 * DAY - HOUR);
  const fired = (await portal(a, 'POST', '/webhook/test', { message: 'clock time' })).body;
  await server.tick();
  const event = a.receiver.received.find((r) => r.body.event_id === fired.event_id)!.body;
  expect(Date.parse(event.timestamp) - Date.now()).toBeGreaterThan(10 * DAY - HOUR);
  const listed = await api(a.live, 'GET', '/clients');
  const logged = (await portal(a, 'GET', `/requests/${listed.headers.get('x-request-id')}`)).body;
  expect(Date.parse(logged.at) - Date.now()).toBeGreaterThan(10 * DAY - HOUR);
  const bKey = (await portal(b, 'POST', '/keys', { mode: 'live', scopes: 'all' })).body;
  expect(Math.abs(Date.parse(bKey.created_at) - Date.now())).toBeLessThan(HOUR);
});

describe("the ticker runs each partner's due work in its own time", () => {
  const clock = testClock();
  let ticked: TestServer;
  beforeAll(async () => {
    ticked = await startTestServer({ now: clock.now, env: { TICK_INTERVAL_MS: '0', TEMPLATE_REVIEW_DELAY_MS: String(HOUR) } });
  });
  afterAll(() => ticked.close());

  test("a review planned in an advanced partner's time comes due on the tick once the server's time brings that partner's time past it", async () => {
    const made = await ticked.sandbox('/partners', { name: 'Ahead' });
    const token = made.portal_token as string;
    const ask = (method: string, path: string, body?: unknown) =>
      fetch(`${ticked.origin}/sandbox${path}`, { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) }).then((r) => r.json());
    const key = (await ask('POST', '/keys', { mode: 'live', scopes: 'all' })).key as string;
    await ask('POST', '/clients', { client_ref: 'shop', channel: 'chat' });
    await ask('POST', '/clock/advance', { by: '25h' });
    await call(ticked.baseUrl, 'POST', '/templates', { key, body: { client_ref: 'shop', name: 'ticked_review', category: 'UTILITY', body: { text: 'Hi {{1}}', examples: ['A'] } } });
    const status = async () => (await call(ticked.baseUrl, 'GET', '/templates/{template_ref}', { key, path: '/templates/ticked_review?client_ref=shop' })).body.status;
    clock.advance(30 * 60_000);
    await ticked.tick();
    expect(await status()).toBe('PENDING');
    clock.advance(31 * 60_000);
    await ticked.tick();
    expect(await status()).toBe('APPROVED');
  });
});
