// Two instances of the server on one PostgreSQL database keep one request log and one clock per partner: a
// partner's log holds the requests either instance answered, read through either; a clock advanced through
// one moves the partner's time on the other, and another partner's time on neither.
import type { TestServer } from './testing';
import { call } from './testing/contract-calls';
import { eventually } from './testing/data';
import { useTwoInstances } from './testing/two-instances';

let a: TestServer;
let b: TestServer;
useTwoInstances({ now: () => new Date(), env: { TICK_INTERVAL_MS: '0' } }, (started) => ({ a, b } = started));

const CUSTOMER = '4915112345678';
const portal = async (server: TestServer, token: string, method: string, path: string, body?: unknown) => {
  const res = await fetch(`${server.origin}/sandbox${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
};

async function partner(name: string) {
  const created = await a.sandbox('/partners', { name });
  const token = created.portal_token as string;
  const test = (await portal(a, token, 'POST', '/keys', { mode: 'test', scopes: 'all' })).body.key as string;
  await portal(a, token, 'POST', '/clients', { client_ref: 'shop', channel: 'chat' });
  await portal(a, token, 'POST', '/test-recipients', { client_ref: 'shop', recipient: CUSTOMER });
  await portal(a, token, 'POST', '/inbound', { client_ref: 'shop', from: CUSTOMER, text: 'hello' });
  return { id: created.id as string, token, test };
}

test("a partner's request log holds the requests of both instances, read through either", async () => {
  const p = await partner('Logged');
  const ids: string[] = [];
  for (const server of [a, b, a, b]) ids.push((await call(server.baseUrl, 'GET', '/clients', { key: p.test })).headers.get('x-request-id')!);
  for (const reader of [a, b]) {
    await eventually(async () => {
      const listed = (await portal(reader, p.token, 'GET', '/requests?operation=listClients')).body.requests.map((r: { request_id: string }) => r.request_id);
      return ids.every((id) => listed.includes(id));
    });
  }
  const one = await portal(b, p.token, 'GET', `/requests/${ids[0]}`);
  expect(one.body).toMatchObject({ request_id: ids[0], operation: 'listClients', status: 200 });
});

test("a clock advanced through one instance moves the partner's time on the other, and no other partner's", async () => {
  const p = await partner('Advanced');
  const q = await partner('Untouched');
  const send = (server: TestServer, key: string) => call(server.baseUrl, 'POST', '/messages/send', { key, body: { client_ref: 'shop', to: CUSTOMER, type: 'text', text: { body: 'hi' } } });
  expect((await send(b, p.test)).status).toBe(200);
  expect((await portal(a, p.token, 'POST', '/clock/advance', { by: '25h' })).body.offset_seconds).toBe(25 * 3600);
  await eventually(async () => (await portal(b, p.token, 'GET', '/clock')).body.offset_seconds === 25 * 3600);
  const closed = await send(b, p.test);
  expect([closed.status, closed.body.error?.code]).toEqual([422, 'outside_service_window']);
  for (const server of [a, b]) {
    expect((await portal(server, q.token, 'GET', '/clock')).body.offset_seconds).toBe(0);
    expect((await send(server, q.test)).status).toBe(200);
  }
  await portal(b, p.token, 'POST', '/clock/reset');
  await eventually(async () => (await send(a, p.test)).status === 200);
});
