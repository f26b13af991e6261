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
  expect(await res.json()).toMatchObject({
    clients: [{ client_ref: 'acme-shoes-de', channel: 'chat' }, { client_ref: 'acme-shoes-social', channel: 'social' }],
    templates: [
      { id: '1204493507483321', name: 'order_shipped', language: 'de_DE', outcome: 'created' },
      { id: '1350277419863120', name: 'autumn_collection', language: 'en_US', outcome: 'created' },
    ],
  });
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
  const again = await examples();
  expect(again.status).toBe(200);
  expect(((await again.json()) as { templates: Array<{ outcome: string }> }).templates.map((t) => t.outcome)).toEqual(['reused', 'reused']);
  expect((await template()).body).toMatchObject({ status: 'APPROVED' });
  expect((await call(server.baseUrl, 'DELETE', '/templates/{template_ref}', { key, path: '/templates/order_shipped?client_ref=acme-shoes-de&language=de_DE' })).status).toBe(204);
  expect((await template()).status).toBe(404);
  expect((await examples()).status).toBe(200);
  expect((await template()).body).toMatchObject({ id: '1204493507483321', status: 'APPROVED' });
});

test('a template of the partner under an example\'s name and language is kept and the example skipped, saying which: reads and sends by name go on without 409', async () => {
  // a server whose default partner made its own order_shipped in de_DE (the quickstart's steps before it used another name)
  const fresh = await startTestServer();
  try {
    const freshKey = await fresh.createKey({ mode: 'test', scopes: 'all' });
    await fresh.connectClient({ clientRef: 'acme-shoes-de', channel: 'chat' });
    const mine = await call(fresh.baseUrl, 'POST', '/templates', {
      key: freshKey,
      body: { client_ref: 'acme-shoes-de', name: 'Order Shipped', language: 'de_DE', category: 'UTILITY', body: { text: 'Hallo {{1}}, Bestellung {{2}} ist unterwegs.', examples: ['Anna', '1'] } },
    });
    await fresh.sandbox('/templates/review', { client_ref: 'acme-shoes-de', template_ref: mine.body.id, status: 'APPROVED' });
    const placed = await fresh.sandbox('/examples', {});
    expect(placed.templates[0]).toEqual({
      client_ref: 'acme-shoes-de',
      id: '1204493507483321',
      name: 'order_shipped',
      language: 'de_DE',
      status: 'APPROVED',
      outcome: 'skipped',
      note: expect.stringContaining(`Template ${mine.body.id} of acme-shoes-de is already order_shipped in de_DE`),
    });
    expect(placed.templates[1]).toMatchObject({ name: 'autumn_collection', outcome: 'created' });
    const read = await call(fresh.baseUrl, 'GET', '/templates/{template_ref}', { key: freshKey, path: '/templates/order_shipped?client_ref=acme-shoes-de&language=de_DE' });
    expect(read.body).toMatchObject({ id: mine.body.id, status: 'APPROVED' });
    const listed = await call(fresh.baseUrl, 'GET', '/templates', { key: freshKey, path: '/templates?client_ref=acme-shoes-de&search=order_shipped' });
    expect(listed.body.count).toBe(1);
    const sent = await call(fresh.baseUrl, 'POST', '/messages/send-template', {
      key: freshKey,
      body: { client_ref: 'acme-shoes-de', to: '4915112345678', template_ref: 'order_shipped', language: 'de_DE', parameters: ['Anna', '10482'] },
    });
    expect(sent.status).toBe(200);
  } finally {
    await fresh.close();
  }
});

test('a name that matches several templates is 409 naming each one\'s id and language', async () => {
  for (const language of ['de_DE', 'en_US']) {
    const created = await call(server.baseUrl, 'POST', '/templates', {
      key,
      body: { client_ref: 'acme-shoes-de', name: 'delivery_delay', language, category: 'UTILITY', body: { text: 'Sorry, {{1}}.', examples: ['Anna'] } },
    });
    expect(created.status).toBe(201);
  }
  const ids = (await call(server.baseUrl, 'GET', '/templates', { key, path: '/templates?client_ref=acme-shoes-de&search=delivery_delay' })).body.results as Array<{ id: string; language: string }>;
  const byLanguage = Object.fromEntries(ids.map((t) => [t.language, t.id]));
  const res = await call(server.baseUrl, 'GET', '/templates/{template_ref}', { key, path: '/templates/delivery_delay?client_ref=acme-shoes-de' });
  expect(res.status).toBe(409);
  expect(res.body.error).toMatchObject({
    code: 'conflict',
    message: `Template delivery_delay exists in de_DE (id ${byLanguage.de_DE}) and en_US (id ${byLanguage.en_US}); pass language, or the id as template_ref.`,
    details: { templates: [{ id: byLanguage.de_DE, language: 'de_DE' }, { id: byLanguage.en_US, language: 'en_US' }] },
  });
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
