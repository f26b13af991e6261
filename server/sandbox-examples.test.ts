// The sandbox's examples (POST /sandbox/examples): what the request examples of openapi.yaml name exists for
// the partner afterwards, again after the samples edited and deleted it, and never for two partners of one
// server. docs/samples.test.ts runs every code sample of the reference against a server given them.
import { startTestServer, type TestServer } from './testing';
import { call } from './testing/contract-calls';

let server: TestServer;
let key: string;
beforeAll(async () => {
  server = await startTestServer();
  key = await server.createKey({ mode: 'test', scopes: 'all' });
});
afterAll(() => server.close());

const examples = (partner?: string) =>
  fetch(`${server.origin}/sandbox/examples${partner ? `?partner=${partner}` : ''}`, { method: 'POST', headers: { authorization: `Bearer ${server.sandboxToken}` } });
const template = () => call(server.baseUrl, 'GET', '/templates/{template_ref}', { key, path: '/templates/1204493507483321?client_ref=acme-shoes-de' });

test('puts the example clients, media and approved templates in place for the partner', async () => {
  const res = await examples();
  expect(res.status).toBe(200);
  expect(await res.json()).toMatchObject({ clients: [{ client_ref: 'acme-shoes-de', channel: 'chat' }, { client_ref: 'acme-shoes-social', channel: 'social' }] });
  expect((await template()).body).toMatchObject({ name: 'order_shipped', language: 'de_DE', status: 'APPROVED' });
  const media = await call(server.baseUrl, 'GET', '/media/{media_id}', { key, path: '/media/1469203871245587?client_ref=acme-shoes-de' });
  expect(media.status).toBe(200);
  expect(media.bytes.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
  // the customer wrote in: a free-form test-key send to them is inside the window
  const sent = await call(server.baseUrl, 'POST', '/messages/send', { key, body: { client_ref: 'acme-shoes-de', to: '4915112345678', type: 'text', text: { body: 'Hi' } } });
  expect(sent.status).toBe(200);
});

test('run again, approves the edited template again and brings the deleted one back', async () => {
  const body = {
    client_ref: 'acme-shoes-de',
    name: 'Order Shipped',
    language: 'de_DE',
    category: 'UTILITY',
    body: { text: 'Hallo {{1}}, deine Bestellung {{2}} ist unterwegs.', examples: ['Anna', '10482'] },
  };
  const edited = await call(server.baseUrl, 'PATCH', '/templates/{template_ref}', { key, path: '/templates/order_shipped?client_ref=acme-shoes-de&language=de_DE', body });
  expect(edited.body).toMatchObject({ status: 'PENDING' });
  expect((await examples()).status).toBe(200);
  expect((await template()).body).toMatchObject({ status: 'APPROVED' });
  expect((await call(server.baseUrl, 'DELETE', '/templates/{template_ref}', { key, path: '/templates/order_shipped?client_ref=acme-shoes-de&language=de_DE' })).status).toBe(204);
  expect((await template()).status).toBe(404);
  expect((await examples()).status).toBe(200);
  expect((await template()).body).toMatchObject({ id: '1204493507483321', status: 'APPROVED' });
});

test("another partner of the server gets 409: the examples' ids are the provider's, held once per server", async () => {
  const created = await fetch(`${server.origin}/sandbox/partners`, {
    method: 'POST',
    headers: { authorization: `Bearer ${server.sandboxToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Other partner' }),
  });
  const partner = ((await created.json()) as { id: string }).id;
  const res = await examples(partner);
  expect(res.status).toBe(409);
  expect(await res.json()).toMatchObject({ error: { code: 'conflict', message: expect.stringContaining('held by another partner') } });
});
