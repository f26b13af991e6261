// Faults on demand (the sandbox's /faults, `npm run sandbox -- faults …`): one key's requests answered 429,
// 500 or 502, delayed or cut off, for the next N or a share, optionally of one operation; a partner's webhook
// events sent twice or out of order. Every request goes over real HTTP, and every answer of the API is held to
// openapi.yaml by the contract's response checker (`call`).
import { OPERATIONS, responseKeyOf, type OperationId } from '../generated/server';
import type { ApiKey } from './store/records';
import { DEFAULT_PARTNER_ID } from './store/records';
import { startTestServer, type TestServer } from './testing';
import { testClock } from './testing/clock';
import { call } from './testing/contract-calls';
import { eventually } from './testing/data';
import { uploadForm } from './testing/messaging-fixture';
import { SAMPLES, ofSize } from './testing/samples';
import { startWebhookReceiver, type WebhookReceiver } from './testing/webhook-receiver';

const clock = testClock('2026-11-22T10:00:00.000Z');
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ now: clock.now, env: { TICK_INTERVAL_MS: '0' } });
});
afterAll(() => server.close());

/** A sandbox request with the admin token; its status and parsed answer. */
async function sandbox(method: string, path: string, body?: unknown, partner?: string): Promise<{ status: number; body: any }> {
  const url = `${server.origin}/sandbox${path}${partner ? `${path.includes('?') ? '&' : '?'}partner=${encodeURIComponent(partner)}` : ''}`;
  const res = await fetch(url, {
    method,
    headers: { authorization: `Bearer ${server.sandboxToken}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

async function addFault(body: Record<string, unknown>, partner?: string): Promise<any> {
  const added = await sandbox('POST', '/faults', body, partner);
  if (added.status !== 201) throw new Error(`POST /sandbox/faults answered ${added.status}: ${JSON.stringify(added.body)}`);
  return added.body;
}

const faultOf = async (id: string) => (await sandbox('GET', '/faults')).body.faults.find((f: { id: string }) => f.id === id);

async function newKey(scopes: string[] | 'all' = 'all', partner = DEFAULT_PARTNER_ID): Promise<{ key: ApiKey; plain: string }> {
  return server.domain.keys.create(partner, { mode: 'live', scopes });
}

const usage = (plain: string) => call(server.baseUrl, 'GET', '/usage', { key: plain });
const SEND = { client_ref: 'nobody-here', to: '4915112345678', type: 'text', text: { body: 'Hello' } };

describe("faults on demand for one key's requests", () => {
  test('a 429 fault answers the next request of its key rate_limited with Retry-After and a request id, then the key is served as before', async () => {
    const { key, plain } = await newKey();
    const fault = await addFault({ kind: '429', key: key.id, retry_after_seconds: 2 });
    expect(fault).toMatchObject({ kind: '429', key_id: key.id, key_prefix: key.prefix, times: 1, remaining: 1, applied: 0, retry_after_seconds: 2 });
    const limited = await usage(plain);
    expect(limited.status).toBe(429);
    expect(limited.body.error).toEqual({
      code: 'rate_limited',
      message: `Injected by sandbox fault ${fault.id}: rate limited; retry after 2 s.`,
      doc_url: `${server.origin}/docs/#/errors-and-retries/rate_limited`,
    });
    expect(limited.headers.get('retry-after')).toBe('2');
    expect(limited.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(limited.headers.get('x-ratelimit-limit')).not.toBeNull();
    expect((await usage(plain)).status).toBe(200);
  });

  test('a 500 fault answers internal_error and a 502 fault upstream_unavailable, in the envelope, in place of what the operation would answer', async () => {
    const { key, plain } = await newKey();
    await addFault({ kind: '500', key: key.id });
    const failed = await call(server.baseUrl, 'GET', '/clients', { key: plain });
    expect(failed.status).toBe(500);
    expect(failed.body.error.code).toBe('internal_error');
    expect(failed.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect((await call(server.baseUrl, 'GET', '/clients', { key: plain })).status).toBe(200);

    await addFault({ kind: '502', key: key.id });
    const unreachable = await call(server.baseUrl, 'POST', '/messages/send', { key: plain, body: SEND });
    expect(unreachable.status).toBe(502);
    expect(unreachable.body.error.code).toBe('upstream_unavailable');
    // The operation itself: no such client
    expect((await call(server.baseUrl, 'POST', '/messages/send', { key: plain, body: SEND })).status).toBe(404);
  });

  test('a delay fault holds the request at least its delay_ms, then it is answered as usual', async () => {
    const { key, plain } = await newKey();
    const fault = await addFault({ kind: 'delay', key: key.id, delay_ms: 600 });
    const started = performance.now();
    const answer = await usage(plain);
    expect(performance.now() - started).toBeGreaterThanOrEqual(600);
    expect(answer.status).toBe(200);
    expect(await faultOf(fault.id)).toMatchObject({ applied: 1, remaining: 0 });
  });

  test('a drop fault closes the connection without an answer; the next request is answered', async () => {
    const { key, plain } = await newKey();
    await addFault({ kind: 'drop', key: key.id });
    const dropped = await fetch(`${server.baseUrl}/usage`, { headers: { authorization: `Bearer ${plain}` } }).then(
      (res) => `answered ${res.status}`,
      (error: Error) => `failed: ${error.message}`,
    );
    expect(dropped).toBe('failed: fetch failed');
    expect((await usage(plain)).status).toBe(200);
  });

  test('a fault for the next 3 requests answers exactly the next 3, then the key is served as before, and the list shows it used up', async () => {
    const { key, plain } = await newKey();
    const fault = await addFault({ kind: '502', key: key.id, operation: 'sendMessage', times: 3 });
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await call(server.baseUrl, 'POST', '/messages/send', { key: plain, body: SEND })).status);
    expect(statuses).toEqual([502, 502, 502, 404, 404]);
    expect(await faultOf(fault.id)).toMatchObject({ times: 3, remaining: 0, applied: 3 });
  });

  test('a share answers that share of the requests, evenly spread from the first: 50 % every other one, 25 % one in four', async () => {
    const half = await newKey();
    const halfFault = await addFault({ kind: '500', key: half.key.id, share_percent: 50 });
    const quarter = await newKey();
    await addFault({ kind: '500', key: quarter.key.id, share_percent: 25 });
    const statuses = async (plain: string, n: number) => {
      const seen = [];
      for (let i = 0; i < n; i++) seen.push((await usage(plain)).status);
      return seen;
    };
    expect(await statuses(half.plain, 6)).toEqual([500, 200, 500, 200, 500, 200]);
    expect(await statuses(quarter.plain, 8)).toEqual([500, 200, 200, 200, 500, 200, 200, 200]);
    expect(await faultOf(halfFault.id)).toMatchObject({ share_percent: 50, times: null, remaining: null, applied: 3 });
  });

  test("a fault for one operation leaves the key's other operations alone", async () => {
    const { key, plain } = await newKey();
    await addFault({ kind: '429', key: key.id, operation: 'getUsage', share_percent: 100 });
    expect((await call(server.baseUrl, 'GET', '/clients', { key: plain })).status).toBe(200);
    expect((await usage(plain)).status).toBe(429);
    expect((await call(server.baseUrl, 'GET', '/clients', { key: plain })).status).toBe(200);
    expect((await usage(plain)).status).toBe(429);
  });

  test("a fault never reaches another key, of the same partner or of another, nor a request without a key", async () => {
    const { key, plain } = await newKey();
    await addFault({ kind: '500', key: key.id, share_percent: 100 });
    const sibling = await newKey();
    const partner = (await sandbox('POST', '/partners', { name: 'Faults elsewhere' })).body.id as string;
    const stranger = await newKey('all', partner);
    expect((await usage(sibling.plain)).status).toBe(200);
    expect((await usage(stranger.plain)).status).toBe(200);
    expect((await call(server.baseUrl, 'GET', '/status', { key: plain })).status).toBe(200);
    expect((await usage(plain)).status).toBe(500);
    // another partner's key cannot be named at all: it is not one of this partner's
    expect((await sandbox('POST', '/faults', { kind: '500', key: stranger.key.id })).status).toBe(404);
  });

  test('a request the edge refuses (no scope) takes no turn of a fault; a malformed request is answered 400 first and takes its turn', async () => {
    const { key, plain } = await newKey(['templates:read']);
    const fault = await addFault({ kind: '500', key: key.id, times: 2 });
    expect((await usage(plain)).status).toBe(403);
    expect(await faultOf(fault.id)).toMatchObject({ remaining: 2 });
    const malformed = await call(server.baseUrl, 'GET', '/templates', { key: plain });
    expect([malformed.status, malformed.body.error.code]).toEqual([400, 'bad_request']);
    expect(await faultOf(fault.id)).toMatchObject({ remaining: 1 });
    expect((await call(server.baseUrl, 'GET', '/templates', { key: plain, path: '/templates?client_ref=acme' })).status).toBe(500);
  });

  test('a 502 fault for an operation whose contract documents no 502 is refused with 400 naming why', async () => {
    const { key } = await newKey();
    const without502 = (Object.keys(OPERATIONS) as OperationId[]).filter((id) => OPERATIONS[id].secured && !responseKeyOf(OPERATIONS[id].responses, 502));
    expect([...without502].sort()).toEqual(['createEmbeddedSignupSession', 'createSocialConnectSession', 'getClient', 'getTemplate', 'getUsage', 'listClients', 'listTemplates']);
    for (const operation of without502) {
      const refused = await sandbox('POST', '/faults', { kind: '502', key: key.id, operation });
      expect(refused.status).toBe(400);
      expect(refused.body.error.code).toBe('bad_request');
      expect(refused.body.error.message).toContain(`${operation} (`);
      expect(refused.body.error.message).toContain('does not document 502 in openapi.yaml');
      expect(refused.body.error.details).toEqual({ kind: [`502 is not documented for ${operation}`] });
    }
    const status = await sandbox('POST', '/faults', { kind: '500', key: key.id, operation: 'getStatus' });
    expect(status).toMatchObject({ status: 400, body: { error: { message: 'getStatus needs no key, so no key\'s fault reaches it.' } } });
    expect((await sandbox('GET', '/faults')).body.faults.filter((f: { key_id: string }) => f.key_id === key.id)).toEqual([]);
  });

  test('a 502 fault for every operation reaches only those documenting 502: listClients is served while sendMessage is answered 502', async () => {
    const { key, plain } = await newKey();
    const fault = await addFault({ kind: '502', key: key.id, share_percent: 100 });
    expect(fault.applies_to).toContain('sendMessage');
    expect(fault.applies_to).not.toContain('listClients');
    expect(fault.applies_to).not.toContain('getUsage');
    expect((await call(server.baseUrl, 'GET', '/clients', { key: plain })).status).toBe(200);
    expect((await call(server.baseUrl, 'POST', '/messages/send', { key: plain, body: SEND })).status).toBe(502);
  });

  test('faults are listed with what took them and cleared by command: one by id, those of one key, all of the partner', async () => {
    const partner = (await sandbox('POST', '/partners', { name: 'Faults listed' })).body.id as string;
    const first = await newKey('all', partner);
    const second = await newKey('all', partner);
    const a = await addFault({ kind: '429', key: first.key.prefix, times: 2 }, partner);
    const b = await addFault({ kind: 'drop', key: first.key.id, operation: 'getClient' }, partner);
    const c = await addFault({ kind: '500', key: second.key.id }, partner);
    const d = await addFault({ kind: 'duplicate_delivery' }, partner);
    await call(server.baseUrl, 'GET', '/usage', { key: first.plain });
    const listed = (await sandbox('GET', '/faults', undefined, partner)).body.faults;
    expect(listed.map((f: { id: string }) => f.id)).toEqual([a.id, b.id, c.id, d.id]);
    expect(listed[0]).toMatchObject({ key_id: first.key.id, key_prefix: first.key.prefix, applied: 1, remaining: 1 });
    expect(listed[1]).toMatchObject({ kind: 'drop', operation: 'getClient', applies_to: ['getClient'] });
    expect(listed[3]).toMatchObject({ kind: 'duplicate_delivery', key_id: null, applies_to: [] });
    // the default partner's list holds none of them
    expect((await sandbox('GET', '/faults')).body.faults.map((f: { id: string }) => f.id)).not.toContain(a.id);

    expect(await sandbox('DELETE', `/faults/${c.id}`, undefined, partner)).toMatchObject({ status: 200, body: { id: c.id, kind: '500' } });
    expect((await sandbox('DELETE', `/faults/${c.id}`, undefined, partner)).status).toBe(404);
    expect((await call(server.baseUrl, 'GET', '/usage', { key: second.plain })).status).toBe(200);
    expect(await sandbox('DELETE', `/faults?key=${first.key.id}`, undefined, partner)).toMatchObject({ status: 200, body: { cleared: 2 } });
    expect((await call(server.baseUrl, 'GET', '/usage', { key: first.plain })).status).toBe(200);
    expect(await sandbox('DELETE', '/faults', undefined, partner)).toMatchObject({ status: 200, body: { cleared: 1 } });
    expect((await sandbox('GET', '/faults', undefined, partner)).body.faults).toEqual([]);
  });

  test.each([
    ['no key for a request fault', { kind: '500' }, 'key'],
    ['a delay without delay_ms', { kind: 'delay', key: 'KEY' }, 'delay_ms'],
    ['delay_ms on another kind', { kind: '500', key: 'KEY', delay_ms: 10 }, 'delay_ms'],
    ['retry_after_seconds on another kind', { kind: '502', key: 'KEY', retry_after_seconds: 3 }, 'retry_after_seconds'],
    ['times and a share together', { kind: '500', key: 'KEY', times: 2, share_percent: 50 }, 'times'],
    ['an operation openapi.yaml does not have', { kind: 'drop', key: 'KEY', operation: 'sendMessages' }, 'operation'],
    ['a key for a delivery fault', { kind: 'out_of_order_delivery', key: 'KEY' }, 'key'],
    ['an operation for a delivery fault', { kind: 'duplicate_delivery', operation: 'sendMessage' }, 'operation'],
  ])('a fault is refused with 400 naming the field: %s', async (_name, body, field) => {
    const { key } = await newKey();
    const sent = Object.fromEntries(Object.entries(body).map(([name, value]) => [name, value === 'KEY' ? key.id : value]));
    const refused = await sandbox('POST', '/faults', sent);
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe('bad_request');
    expect(Object.keys(refused.body.error.details)).toContain(field);
  });
});

describe("faults on demand for a partner's webhook deliveries", () => {
  let receiver: WebhookReceiver;
  let partner: string;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    partner = (await sandbox('POST', '/partners', { name: 'Webhook faults' })).body.id as string;
    receiver.state.secret = (await sandbox('PUT', '/webhook', { url: receiver.url }, partner)).body.secret;
  });
  afterAll(() => receiver.close());

  /** Fires a webhook.test event for the partner; its event id. */
  const fire = async (message: string): Promise<string> => (await sandbox('POST', '/webhook/test', { message }, partner)).body.event_id;
  const received = (eventId: string) => receiver.received.filter((d) => d.body.event_id === eventId);
  const idle = () => server.composition.deliveries.idle();

  test('a duplicate_delivery fault sends the next event twice, each signed, with the same event id and bytes; the one after once', async () => {
    await addFault({ kind: 'duplicate_delivery' }, partner);
    const twice = await fire('twice');
    await eventually(async () => received(twice).length === 2);
    const [first, second] = received(twice);
    expect(second!.raw.equals(first!.raw)).toBe(true);
    const once = await fire('once');
    await eventually(async () => received(once).length === 1);
    await idle();
    expect(received(once)).toHaveLength(1);
    expect(received(twice)).toHaveLength(2);
    expect(receiver.problems).toEqual([]);
    await sandbox('DELETE', '/faults', undefined, partner);
  });

  test('an out_of_order_delivery fault holds an event back until the next one has been delivered', async () => {
    await addFault({ kind: 'out_of_order_delivery' }, partner);
    const earlier = await fire('earlier');
    await idle();
    expect(received(earlier)).toEqual([]);
    const later = await fire('later');
    await eventually(async () => received(earlier).length === 1);
    const order = receiver.received.map((d) => d.body.event_id).filter((id) => id === earlier || id === later);
    expect(order).toEqual([later, earlier]);
    expect(receiver.problems).toEqual([]);
    await sandbox('DELETE', '/faults', undefined, partner);
  });

  test('an event held back by an out_of_order_delivery fault goes out on its own after 60 s when no other event follows', async () => {
    await addFault({ kind: 'out_of_order_delivery' }, partner);
    const alone = await fire('alone');
    await idle();
    expect(received(alone)).toEqual([]);
    clock.advance(60_000);
    await server.tick();
    await eventually(async () => received(alone).length === 1);
    await sandbox('DELETE', '/faults', undefined, partner);
  });
});

describe('a delay on an upload', () => {
  let slow: TestServer;
  beforeAll(async () => {
    slow = await startTestServer({ env: { TICK_INTERVAL_MS: '0', BODY_IDLE_TIMEOUT_MS: '500' } });
    await slow.connectClient({ clientRef: 'uploads', channel: 'chat' });
  });
  afterAll(() => slow.close());

  test('an upload held by a delay longer than the body idle bound is not cut as stalled: it is answered after the delay', async () => {
    const { key, plain } = await slow.domain.keys.create(DEFAULT_PARTNER_ID, { mode: 'live', scopes: 'all' });
    const added = await fetch(`${slow.origin}/sandbox/faults`, {
      method: 'POST',
      headers: { authorization: `Bearer ${slow.sandboxToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ kind: 'delay', key: key.id, operation: 'uploadMedia', delay_ms: 1_500 }),
    });
    expect(added.status).toBe(201);
    const started = performance.now();
    const uploaded = await call(slow.baseUrl, 'POST', '/media', { key: plain, raw: uploadForm('uploads', ofSize(SAMPLES.jpeg, 4 * 1024 * 1024), 'image/jpeg') });
    expect(performance.now() - started).toBeGreaterThanOrEqual(1_500);
    expect(uploaded.status).toBe(201);
  });
});
