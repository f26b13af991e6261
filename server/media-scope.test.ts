// The media scope rule (domain/media/media-scope.ts): a media id or template header handle serves only the
// client it was issued to, for 30 days. On a sandbox of two partners, every reference outside that scope
// (another partner's, another client's of the same partner, expired) gets exactly the answer an id that was
// never issued gets, on every operation that takes one, dry runs and test keys alike; nothing is sent or
// counted.
import { DAY_MS } from './domain/shared/clock';
import type { PartnerId } from './store/records';
import { startTestServer, type TestServer } from './testing';
import { testClock } from './testing/clock';
import { call, type ContractResponse } from './testing/contract-calls';
import { seedTemplate, uploadForm } from './testing/messaging-fixture';
import { SAMPLES } from './testing/samples';

const clock = testClock();
let server: TestServer;
/** Partner A (the one whose key probes) and partner B (whose media must stay invisible to A). */
let a: PartnerId;
let b: PartnerId;
/** A's live key, which sends and uploads; probes use keys of their own (see answerOf). */
let aKey: string;
let bKey: string;
const TO = '4915112345678';
/** A well-formed media id no one was issued. */
const NEVER_ISSUED = '1999999999999999';
const NEVER_ISSUED_HANDLE = '4::aW1hZ2UvcG5n:never-issued-handle';

beforeAll(async () => {
  server = await startTestServer({ now: clock.now, env: { RATE_LIMIT_MAX: '100000', TICK_INTERVAL_MS: '0' } });
  a = (await server.sandbox('/partners', { name: 'ACME' })).id;
  b = (await server.sandbox('/partners', { name: 'Globex' })).id;
  aKey = await server.createKey({ mode: 'live', scopes: 'all', partner: a });
  bKey = await server.createKey({ mode: 'live', scopes: 'all', partner: b });
  // Both partners name their chat client "shop"; A has a second one.
  await server.connectClient({ clientRef: 'shop', channel: 'chat', partner: a });
  await server.connectClient({ clientRef: 'shop', channel: 'chat', partner: b });
  await server.connectClient({ clientRef: 'back-office', channel: 'chat', partner: a });
  for (const partner of [a, b]) await server.domain.trial.set(partner, { endsAt: null, graceDays: 7 });
  await seedTemplate(server, {
    partner_id: a,
    client_ref: 'shop',
    name: 'shipped_photo',
    components: [{ type: 'HEADER', format: 'IMAGE' }, { type: 'BODY', text: 'Order {{1}} is on its way.' }],
  });
  await seedTemplate(server, {
    partner_id: a,
    client_ref: 'shop',
    name: 'autumn_picks',
    category: 'MARKETING',
    components: [
      { type: 'BODY', text: 'Our picks:' },
      { type: 'CAROUSEL', cards: [0, 1].map(() => ({ components: [{ type: 'HEADER', format: 'IMAGE' }, { type: 'BODY', text: 'Now {{1}} EUR' }] })) },
    ],
  });
});
afterAll(() => server.close());

/** Send media uploaded now by a partner's client (POST /media). */
async function uploaded(key: string, clientRef: string): Promise<string> {
  const res = await call(server.baseUrl, 'POST', '/media', { key, raw: uploadForm(clientRef, SAMPLES.png, 'image/png', 'photo.png') });
  expect(res.status).toBe(201);
  return res.body.media_id;
}

/** A header handle uploaded now by a partner's client (POST /templates/media). */
async function headerHandle(key: string, clientRef: string): Promise<string> {
  const res = await call(server.baseUrl, 'POST', '/templates/media', { key, raw: uploadForm(clientRef, SAMPLES.png, 'image/png', 'header.png') });
  expect(res.status).toBe(201);
  return res.body.handle;
}

/**
 * The ids of every kind outside the scope of A's "shop", each still held by its owner: B's, A's other
 * client's, and one of A's own shop uploaded 30 days ago (the clock moves on by that much).
 */
async function foreignIds(upload: (key: string, clientRef: string) => Promise<string>) {
  const expired = await upload(aKey, 'shop');
  clock.advance(30 * DAY_MS);
  return { "another partner's": await upload(bKey, 'shop'), "another client's": await upload(aKey, 'back-office'), expired };
}

/**
 * The whole answer but its request id (and Date, which ticks): status, every header, the body. Each probe
 * uses a key of its own, so X-RateLimit-Remaining is the same for all.
 */
async function answerOf(probe: (key: string) => Promise<ContractResponse>) {
  const res = await probe(await server.createKey({ mode: 'live', scopes: 'all', partner: a }));
  const headers: Record<string, string> = {};
  res.headers.forEach((value, name) => {
    if (name !== 'x-request-id' && name !== 'date') headers[name] = value;
  });
  return { status: res.status, headers, body: res.text };
}

const send = (key: string, body: Record<string, unknown>) => call(server.baseUrl, 'POST', '/messages/send', { key, body: { client_ref: 'shop', to: TO, ...body } });
const sendTemplate = (key: string, body: Record<string, unknown>) =>
  call(server.baseUrl, 'POST', '/messages/send-template', { key, body: { client_ref: 'shop', to: TO, ...body } });
const providerSends = () => server.simulator.calls.filter((c) => c.method === 'sendMessage').length;
const usageOf = async (key: string) => (await call(server.baseUrl, 'GET', '/usage', { key })).body.current;

describe('a media id serves only the client it was issued to, for 30 days', () => {
  const sends: Array<[string, (id: string) => Record<string, unknown>]> = [
    ['image.id of a free-form send', (id) => ({ type: 'image', image: { id, caption: 'Blue' } })],
    ['sticker.id of a free-form send', (id) => ({ type: 'sticker', sticker: { id } })],
    ['the image header of an interactive message', (id) => ({ type: 'interactive', interactive: { type: 'button', header: { type: 'image', image: { id } }, body: { text: 'Rebook?' }, action: { buttons: [{ type: 'reply', reply: { id: 'y', title: 'Yes' } }] } } })],
  ];

  test.each(sends)("on POST /messages/send, %s that is another partner's, another client's or expired is refused exactly like one never issued: 404 media_not_found", async (_where, body) => {
    const ids = await foreignIds(uploaded);
    const expected = await answerOf((key) => send(key, body(NEVER_ISSUED)));
    expect(expected.status).toBe(404);
    expect(JSON.parse(expected.body).error.code).toBe('media_not_found');
    for (const [kind, id] of Object.entries(ids)) {
      expect({ kind, answer: await answerOf((key) => send(key, body(id))) }).toEqual({ kind, answer: expected });
    }
    // Each id is still good for its owner: the refusal is about whose it is.
    expect((await send(bKey, { ...body(ids["another partner's"]), dry_run: true })).status).toBe(200);
    expect((await call(server.baseUrl, 'POST', '/messages/send', { key: aKey, body: { client_ref: 'back-office', to: TO, ...body(ids["another client's"]), dry_run: true } })).status).toBe(200);
    expect((await send(aKey, { ...body(await uploaded(aKey, 'shop')), dry_run: true })).status).toBe(200);
  });

  test('the refusal names the field and the partner’s own client, never the id or its owner', async () => {
    const res = await send(aKey, { type: 'image', image: { id: await uploaded(bKey, 'shop') } });
    expect(res.body).toEqual({
      error: {
        code: 'media_not_found',
        message: "The media id in image.id is not one of client shop's: a media id serves only the client it was issued to, for 30 days.",
        details: { 'image.id': ['is not a media id of this client, or is past its 30 days'] },
        doc_url: `${server.origin}/docs/#/errors-and-retries/media_not_found`,
      },
    });
  });

  test.each([
    ['header.id of a template_ref send', (id: string) => ({ template_ref: 'shipped_photo', parameters: ['10482'], header: { id } }), 'header.id'],
    [
      "a carousel card's header.id",
      (id: string) => ({ template_ref: 'autumn_picks', cards: [{ header: { link: 'https://cdn.acme-shoes.de/a.jpg' }, parameters: ['89'] }, { header: { id }, parameters: ['119'] }] }),
      'cards.1.header.id',
    ],
    [
      "an image id in a raw template's header",
      (id: string) => ({ template: { name: 'shipped_photo', language: { code: 'en_US' }, components: [{ type: 'header', parameters: [{ type: 'image', image: { id } }] }] } }),
      'template.components.0.parameters.0.image.id',
    ],
  ])("on POST /messages/send-template, %s that is another partner's, another client's or expired is refused exactly like one never issued", async (_where, body, field) => {
    const ids = await foreignIds(uploaded);
    const expected = await answerOf((key) => sendTemplate(key, body(NEVER_ISSUED)));
    expect(expected.status).toBe(404);
    expect(JSON.parse(expected.body).error).toMatchObject({ code: 'media_not_found', details: { [field]: expect.any(Array) } });
    for (const [kind, id] of Object.entries(ids)) {
      expect({ kind, answer: await answerOf((key) => sendTemplate(key, body(id))) }).toEqual({ kind, answer: expected });
    }
    expect((await sendTemplate(aKey, { ...body(await uploaded(aKey, 'shop')), dry_run: true })).status).toBe(200);
  });

  test('a dry run and a test-key send are refused like the live send: the same answer, nothing sent, nothing counted', async () => {
    const foreign = await uploaded(bKey, 'shop');
    const testKey = await server.createKey({ mode: 'test', scopes: 'all', partner: a });
    const sendsBefore = providerSends();
    const usageBefore = [await usageOf(aKey), await usageOf(bKey)];
    const image = { type: 'image', image: { id: foreign } };
    const live = await answerOf((key) => send(key, image));
    expect(live.status).toBe(404);
    expect(await answerOf((key) => send(key, { ...image, dry_run: true }))).toEqual(live);
    const header = { template_ref: 'shipped_photo', parameters: ['10482'], header: { id: foreign } };
    const liveTemplate = await answerOf((key) => sendTemplate(key, header));
    expect(liveTemplate.status).toBe(404);
    expect(await answerOf((key) => sendTemplate(key, { ...header, dry_run: true }))).toEqual(liveTemplate);
    // A test key's send is a dry run (its recipient is no registered test recipient).
    expect((await send(testKey, image)).body).toEqual(JSON.parse(live.body));
    expect((await sendTemplate(testKey, header)).body).toEqual(JSON.parse(liveTemplate.body));
    expect(providerSends()).toBe(sendsBefore);
    expect([await usageOf(aKey), await usageOf(bKey)]).toEqual(usageBefore);
  });

  test('the 30 days end at exactly 30 days after the upload: one millisecond before, the live send goes out; at 30 days it is refused like an id never issued', async () => {
    const id = await uploaded(aKey, 'shop');
    clock.advance(30 * DAY_MS - 1);
    const before = await send(aKey, { type: 'image', image: { id } });
    expect(before.status).toBe(200);
    expect(before.body.message_id).toMatch(/^wamid\./);
    clock.advance(1);
    expect(await answerOf((key) => send(key, { type: 'image', image: { id } }))).toEqual(await answerOf((key) => send(key, { type: 'image', image: { id: NEVER_ISSUED } })));
  });

  test('media given by link are not media ids: a link is sent whoever hosts it', async () => {
    const res = await send(aKey, { type: 'image', image: { link: 'https://cdn.globex.example/photo.jpg' }, dry_run: true });
    expect(res.status).toBe(200);
  });
});

describe('a template header handle serves only the client it was issued to, for 30 days', () => {
  const create = (key: string, handle: string, name = 'photo_notice') =>
    call(server.baseUrl, 'POST', '/templates', {
      key,
      body: { client_ref: 'shop', name, category: 'UTILITY', header: { format: 'IMAGE', media_handle: handle }, body: { text: 'Order {{1}} shipped.', examples: ['1'] } },
    });
  const rawCreate = (key: string, handle: string) =>
    call(server.baseUrl, 'POST', '/templates', {
      key,
      body: {
        client_ref: 'shop',
        name: 'raw_photo_notice',
        category: 'UTILITY',
        body: { text: 'unused' },
        components: [
          { type: 'HEADER', format: 'IMAGE', example: { header_handle: [handle] } },
          { type: 'BODY', text: 'Order shipped.' },
        ],
      },
    });

  test.each([
    ['header.media_handle', create],
    ['a raw component’s example.header_handle', rawCreate],
  ])("POST /templates with %s that is another partner's, another client's or expired is refused exactly like one never issued: 400 with provider code 131053", async (_where, submit) => {
    const handles = await foreignIds(headerHandle);
    const expected = await answerOf((key) => submit(key, NEVER_ISSUED_HANDLE));
    expect(expected.status).toBe(400);
    expect(JSON.parse(expected.body).error).toMatchObject({ code: 'bad_request', details: { provider_code: '131053' } });
    for (const [kind, handle] of Object.entries(handles)) {
      expect({ kind, answer: await answerOf((key) => submit(key, handle)) }).toEqual({ kind, answer: expected });
    }
  });

  test("PATCH /templates/{template_ref} with another partner's header handle is refused like one never issued, and the template is unchanged", async () => {
    const created = await create(aKey, await headerHandle(aKey, 'shop'), 'photo_edit');
    expect(created.status).toBe(201);
    await server.simulator.decideReview(created.body.id, 'APPROVED', null);
    const edit = (key: string, handle: string) =>
      call(server.baseUrl, 'PATCH', '/templates/{template_ref}', {
        key,
        path: '/templates/photo_edit?client_ref=shop',
        body: { client_ref: 'shop', name: 'photo_edit', category: 'UTILITY', header: { format: 'IMAGE', media_handle: handle }, body: { text: 'Order {{1}} is out.', examples: ['1'] } },
      });
    const foreign = await headerHandle(bKey, 'shop');
    const expected = await answerOf((key) => edit(key, NEVER_ISSUED_HANDLE));
    expect(expected.status).toBe(400);
    expect(await answerOf((key) => edit(key, foreign))).toEqual(expected);
    const read = await call(server.baseUrl, 'GET', '/templates/{template_ref}', { key: aKey, path: '/templates/photo_edit?client_ref=shop' });
    expect(read.body.status).toBe('APPROVED');
  });

  test('a header handle is held 30 days: accepted one millisecond before, refused at exactly 30 days', async () => {
    const handle = await headerHandle(aKey, 'shop');
    clock.advance(30 * DAY_MS - 1);
    expect((await create(aKey, handle, 'photo_in_time')).status).toBe(201);
    clock.advance(1);
    expect(await answerOf((key) => create(key, handle, 'photo_too_late'))).toEqual(await answerOf((key) => create(key, NEVER_ISSUED_HANDLE, 'photo_too_late')));
  });
});

describe('inbound media download through the same rule', () => {
  const inbound = async (partner: PartnerId, clientRef: string) =>
    (
      await server.sandbox(
        '/inbound',
        { client_ref: clientRef, from: '4915100000077', media: { type: 'image', content_base64: SAMPLES.jpeg.toString('base64'), mime_type: 'image/jpeg' } },
        partner,
      )
    ).media_id as string;
  const download = (key: string, id: string) => call(server.baseUrl, 'GET', '/media/{media_id}', { key, path: `/media/${id}?client_ref=shop` });

  test("GET /media/{media_id} of another partner's, another client's or expired inbound media answers exactly like an id never issued: 404 media_not_found", async () => {
    const expired = await inbound(a, 'shop');
    clock.advance(30 * DAY_MS);
    const ids = { "another partner's": await inbound(b, 'shop'), "another client's": await inbound(a, 'back-office'), expired };
    const expected = await answerOf((key) => download(key, NEVER_ISSUED));
    expect([expected.status, JSON.parse(expected.body).error.code]).toEqual([404, 'media_not_found']);
    for (const [kind, id] of Object.entries(ids)) {
      expect({ kind, answer: await answerOf((key) => download(key, id)) }).toEqual({ kind, answer: expected });
    }
    expect((await download(bKey, ids["another partner's"])).status).toBe(200);
    expect((await download(aKey, await inbound(a, 'shop'))).status).toBe(200);
  });
});
