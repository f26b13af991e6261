import { DEFAULT_PARTNER_ID } from './store/records';
import { DAY_MS } from './domain/shared/clock';
import { messagingFixture, seedTemplate, uploadForm, type MessagingFixture } from './testing/messaging-fixture';
import { call } from './testing/contract-calls';
import { SAMPLES } from './testing/samples';

let f: MessagingFixture;
const TO = '4915112345678';
const ids: Record<string, string> = {};

const ORDER_SHIPPED = [
  { type: 'HEADER', format: 'IMAGE', example: { header_handle: ['h:1'] } },
  { type: 'BODY', text: 'Hallo {{1}}, Ihre Bestellung {{2}} ist unterwegs.' },
  { type: 'FOOTER', text: 'ACME Shoes' },
  {
    type: 'BUTTONS',
    buttons: [
      { type: 'URL', text: 'Verfolgen', url: 'https://acme-shoes.de/{{1}}' },
      { type: 'QUICK_REPLY', text: 'Hilfe' },
    ],
  },
];
const CARD = [
  { type: 'HEADER', format: 'IMAGE' },
  { type: 'BODY', text: 'Now {{1}} EUR' },
  { type: 'BUTTONS', buttons: [{ type: 'QUICK_REPLY', text: 'More' }, { type: 'URL', text: 'Buy', url: 'https://acme-shoes.de/p/{{1}}' }] },
];

/** An image the chat client uploaded (POST /media), for header ids: a media id serves only its own client. */
const HEADER_IMAGE = { id: '' };

beforeAll(async () => {
  f = await messagingFixture();
  HEADER_IMAGE.id = (await call(f.server.baseUrl, 'POST', '/media', { key: f.live, raw: uploadForm(f.chat, SAMPLES.png, 'image/png', 'runner.png') })).body.media_id;
  const seed = async (t: Parameters<typeof seedTemplate>[1]) => (ids[`${t.name}:${t.language ?? 'en_US'}`] = (await seedTemplate(f.server, t)).id);
  await seed({ name: 'order_shipped', language: 'de_DE', components: ORDER_SHIPPED });
  await seed({ name: 'order_shipped', language: 'en_US', components: ORDER_SHIPPED });
  await seed({ name: 'named_order', components: [{ type: 'BODY', text: 'Hi {{customer_name}}, order {{order_number}} is ready.' }] });
  await seed({ name: 'plain_notice', components: [{ type: 'BODY', text: 'We are closed on Monday.' }] });
  await seed({ name: 'text_header', components: [{ type: 'HEADER', format: 'TEXT', text: 'Order {{1}}' }, { type: 'BODY', text: 'Thanks!' }] });
  await seed({ name: 'store_location', components: [{ type: 'HEADER', format: 'LOCATION' }, { type: 'BODY', text: 'Visit us.' }] });
  await seed({ name: 'invoice_ready', components: [{ type: 'HEADER', format: 'DOCUMENT' }, { type: 'BODY', text: 'Your invoice.' }] });
  await seed({ name: 'autumn_sale', status: 'REJECTED', rejected_reason: 'PROMOTIONAL', components: [{ type: 'BODY', text: 'Sale!' }] });
  await seed({ name: 'paused_one', status: 'PAUSED', components: [{ type: 'BODY', text: 'Paused.' }] });
  await seed({ name: 'login_code', category: 'AUTHENTICATION', components: [{ type: 'BODY', text: '{{1}} is your code.' }] });
  await seed({
    name: 'coupon',
    category: 'MARKETING',
    components: [{ type: 'BODY', text: 'Take 10% off.' }, { type: 'BUTTONS', buttons: [{ type: 'COPY_CODE', example: ['SAVE10'] }] }],
  });
  await seed({
    name: 'autumn_collection',
    category: 'MARKETING',
    components: [{ type: 'BODY', text: 'Hi {{1}}, our autumn picks:' }, { type: 'CAROUSEL', cards: [{ components: CARD }, { components: CARD }] }],
  });
  await seed({ client_ref: 'acme-chat', name: 'other_languages', language: 'fr_FR', components: [{ type: 'BODY', text: 'Bonjour' }] });
});
afterAll(() => f.server.close());
beforeEach(() => f.server.domain.trial.set(DEFAULT_PARTNER_ID, { endsAt: null, graceDays: 7 }));

const sendTemplate = (json: Record<string, unknown>, key = f.live) =>
  call(f.server.baseUrl, 'POST', '/messages/send-template', { key, body: { client_ref: f.chat, to: TO, ...json } });
const dry = (json: Record<string, unknown>) => sendTemplate({ ...json, dry_run: true });
const providerSends = () => f.server.simulator.calls.filter((c) => c.method === 'sendMessage');

// The header object is shared, so every request built from SHIPPED carries the id uploaded in beforeAll.
const SHIPPED = { template_ref: 'order_shipped', language: 'de_DE', parameters: ['Anna', '10482'], header: HEADER_IMAGE, buttons: ['track/10482'] };

describe('POST /messages/send-template: choosing the template', () => {
  test('a social client refuses template sends with channel_type_unsupported', async () => {
    const res = await sendTemplate({ client_ref: f.social, to: '17841405309211844', template: { name: 'x' } });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('channel_type_unsupported');
  });

  test('exactly one of template_ref and template: both, or neither, is 400 bad_request', async () => {
    for (const body of [{ template_ref: 'plain_notice', template: { name: 'plain_notice' } }, {}]) {
      const res = await sendTemplate(body);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('bad_request');
    }
  });

  test('template_ref resolves by id and by name', async () => {
    const byName = await dry({ template_ref: 'plain_notice' });
    const byId = await dry({ template_ref: ids['plain_notice:en_US'] });
    for (const res of [byName, byId]) {
      expect(res.status).toBe(200);
      expect(res.body.template).toEqual({ name: 'plain_notice', language: { code: 'en_US' }, components: [] });
    }
  });

  test('a name in several languages needs language: 409 conflict without it, the chosen language with it', async () => {
    const { language: _l, ...withoutLanguage } = SHIPPED;
    const ambiguous = await dry(withoutLanguage);
    expect(ambiguous.status).toBe(409);
    expect(ambiguous.body.error.code).toBe('conflict');
    const en = await dry({ ...SHIPPED, language: 'en_US' });
    expect(en.body.template.language).toEqual({ code: 'en_US' });
  });

  test('an unknown template, or a name in another language only, gives 404 not_found', async () => {
    for (const body of [{ template_ref: 'no_such_template' }, { template_ref: 'other_languages', language: 'de_DE' }]) {
      const res = await dry(body);
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('not_found');
    }
  });

  test('an unknown client gives 404 not_found', async () => {
    const res = await sendTemplate({ client_ref: 'acme-shoes-fr', template_ref: 'plain_notice' });
    expect(res.status).toBe(404);
  });

  test('only APPROVED templates are sent: template_not_approved with the rejection reason when there is one', async () => {
    const rejected = await dry({ template_ref: 'autumn_sale' });
    expect(rejected.status).toBe(400);
    expect(rejected.body.error).toMatchObject({ code: 'template_not_approved', details: { status: 'REJECTED', rejected_reason: 'PROMOTIONAL' } });
    const paused = await dry({ template_ref: 'paused_one' });
    expect(paused.body.error.code).toBe('template_not_approved');
    expect(paused.body.error.details).toEqual({ status: 'PAUSED' });
  });

  test('authentication templates and copy-code buttons answer template_layout_unsupported', async () => {
    for (const ref of ['login_code', 'coupon']) {
      const res = await dry({ template_ref: ref, parameters: ['481516'] });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('template_layout_unsupported');
    }
  });
});

describe('POST /messages/send-template: assembly', () => {
  test('a dry run returns the assembled template: header media, body parameters, dynamic URL button suffix', async () => {
    const before = providerSends().length;
    const res = await dry(SHIPPED);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      message_id: expect.stringMatching(/^dryrun_/),
      dry_run: true,
      template: {
        name: 'order_shipped',
        language: { code: 'de_DE' },
        components: [
          { type: 'header', parameters: [{ type: 'image', image: { id: HEADER_IMAGE.id } }] },
          { type: 'body', parameters: [{ type: 'text', text: 'Anna' }, { type: 'text', text: '10482' }] },
          { type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: 'track/10482' }] },
        ],
      },
    });
    expect(providerSends().length).toBe(before);
  });

  test('an object fills named placeholders, and numbered keys fill numbered ones', async () => {
    const named = await dry({ template_ref: 'named_order', parameters: { order_number: '10482', customer_name: 'Anna' } });
    expect(named.body.template.components).toEqual([
      {
        type: 'body',
        parameters: [
          { type: 'text', parameter_name: 'customer_name', text: 'Anna' },
          { type: 'text', parameter_name: 'order_number', text: '10482' },
        ],
      },
    ]);
    const numbered = await dry({ ...SHIPPED, parameters: { 2: '10482', 1: 'Anna' } });
    expect(numbered.body.template.components[1]).toEqual({ type: 'body', parameters: [{ type: 'text', text: 'Anna' }, { type: 'text', text: '10482' }] });
  });

  test('text, location and document headers are assembled from header', async () => {
    const text = await dry({ template_ref: 'text_header', header: { text: '10482' } });
    expect(text.body.template.components).toEqual([{ type: 'header', parameters: [{ type: 'text', text: '10482' }] }]);
    const location = { latitude: 52.52, longitude: 13.4, name: 'ACME Berlin' };
    const loc = await dry({ template_ref: 'store_location', header: { location } });
    expect(loc.body.template.components).toEqual([{ type: 'header', parameters: [{ type: 'location', location }] }]);
    const doc = await dry({ template_ref: 'invoice_ready', header: { link: 'https://cdn.acme-shoes.de/i.pdf', filename: 'INV-1.pdf' } });
    expect(doc.body.template.components).toEqual([
      { type: 'header', parameters: [{ type: 'document', document: { link: 'https://cdn.acme-shoes.de/i.pdf', filename: 'INV-1.pdf' } }] },
    ]);
  });

  test('a carousel is assembled one card per entry: header, parameters, quick-reply payloads and URL suffixes in button order', async () => {
    const res = await dry({
      template_ref: 'autumn_collection',
      parameters: ['Anna'],
      cards: [
        { header: { link: 'https://cdn.acme-shoes.de/blue.jpg' }, parameters: ['89.90'], buttons: ['more-blue', 'trail-runner-blue'] },
        { header: { id: HEADER_IMAGE.id }, parameters: ['119.00'], buttons: ['more-brown', 'city-loafer-brown'] },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.template.components[1]).toEqual({
      type: 'carousel',
      cards: [
        {
          card_index: 0,
          components: [
            { type: 'header', parameters: [{ type: 'image', image: { link: 'https://cdn.acme-shoes.de/blue.jpg' } }] },
            { type: 'body', parameters: [{ type: 'text', text: '89.90' }] },
            { type: 'button', sub_type: 'quick_reply', index: '0', parameters: [{ type: 'payload', payload: 'more-blue' }] },
            { type: 'button', sub_type: 'url', index: '1', parameters: [{ type: 'text', text: 'trail-runner-blue' }] },
          ],
        },
        {
          card_index: 1,
          components: [
            { type: 'header', parameters: [{ type: 'image', image: { id: HEADER_IMAGE.id } }] },
            { type: 'body', parameters: [{ type: 'text', text: '119.00' }] },
            { type: 'button', sub_type: 'quick_reply', index: '0', parameters: [{ type: 'payload', payload: 'more-brown' }] },
            { type: 'button', sub_type: 'url', index: '1', parameters: [{ type: 'text', text: 'city-loafer-brown' }] },
          ],
        },
      ],
    });
  });

  const card = (over: Record<string, unknown> = {}) => ({ header: { link: 'https://cdn.acme-shoes.de/a.jpg' }, parameters: ['1'], buttons: ['p', 's'], ...over });

  test.each<[string, string, Record<string, unknown>]>([
    ['missing_parameters', 'the body has placeholders and parameters is absent', { ...SHIPPED, parameters: undefined }],
    ['missing_parameters', 'an object lacks a key for a placeholder', { template_ref: 'named_order', parameters: { customer_name: 'Anna' } }],
    ['parameter_count_mismatch', 'an array has more values than placeholders', { ...SHIPPED, parameters: ['Anna', '10482', 'extra'] }],
    ['parameter_count_mismatch', 'an array has fewer values than placeholders', { ...SHIPPED, parameters: ['Anna'] }],
    ['empty_parameter', 'a body value is only whitespace', { ...SHIPPED, parameters: ['Anna', '  '] }],
    ['empty_parameter', 'a header text value is empty', { template_ref: 'text_header', header: { text: ' ' } }],
    ['empty_parameter', 'a button value is empty', { ...SHIPPED, buttons: [''] }],
    ['empty_parameter', 'a card value is empty', { template_ref: 'autumn_collection', parameters: ['A'], cards: [card(), card({ parameters: [''] })] }],
    ['missing_header', 'a media header needs a value and header is absent', { ...SHIPPED, header: undefined }],
    ['missing_header', 'a text header with {{1}} and header lacks text', { template_ref: 'text_header', header: { link: 'https://x.example/a' } }],
    ['missing_header', 'a location header and header lacks location', { template_ref: 'store_location' }],
    ['missing_header', 'a carousel card without header', { template_ref: 'autumn_collection', parameters: ['A'], cards: [card(), card({ header: undefined })] }],
    ['invalid_header_link', 'a header link is not https', { ...SHIPPED, header: { link: 'http://cdn.acme-shoes.de/a.jpg' } }],
    ['invalid_header_link', 'a header link is not absolute', { ...SHIPPED, header: { link: '/images/a.jpg' } }],
    ['invalid_header_link', 'a card header link is not https', { template_ref: 'autumn_collection', parameters: ['A'], cards: [card({ header: { link: 'ftp://x/a.jpg' } }), card()] }],
    ['missing_button_parameters', 'a dynamic URL button and buttons is absent', { ...SHIPPED, buttons: undefined }],
    ['missing_cards', 'a carousel without cards', { template_ref: 'autumn_collection', parameters: ['A'] }],
    ['missing_cards', 'a carousel with a different number of cards', { template_ref: 'autumn_collection', parameters: ['A'], cards: [card()] }],
    ['missing_card_buttons', "a card's buttons lack values", { template_ref: 'autumn_collection', parameters: ['A'], cards: [card(), card({ buttons: ['p'] })] }],
  ])('%s when %s', async (code, _when, body) => {
    const res = await dry(body);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe(code);
  });

  test('missing_parameters names the placeholders in details.missing', async () => {
    const res = await dry({ template_ref: 'named_order', parameters: {} });
    expect(res.body.error.details).toEqual({ missing: ['customer_name', 'order_number'] });
  });

  test('the family checks run header, body, buttons, cards: the first failure answers', async () => {
    const everythingMissing = await dry({ template_ref: 'order_shipped', language: 'de_DE' });
    expect(everythingMissing.body.error.code).toBe('missing_header');
    const bodyAndButtons = await dry({ ...SHIPPED, parameters: undefined, buttons: undefined });
    expect(bodyAndButtons.body.error.code).toBe('missing_parameters');
    const buttonsOnly = await dry({ ...SHIPPED, buttons: [] });
    expect(buttonsOnly.body.error.code).toBe('missing_button_parameters');
    const bodyAndCards = await dry({ template_ref: 'autumn_collection' });
    expect(bodyAndCards.body.error.code).toBe('missing_parameters');
  });
});

describe('POST /messages/send-template: delivery', () => {
  test('a raw template is forwarded unchanged, authentication templates included', async () => {
    const template = {
      name: 'login_code',
      language: { code: 'en_US' },
      components: [
        { type: 'body', parameters: [{ type: 'text', text: '481516' }] },
        { type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: '481516' }] },
      ],
    };
    const res = await sendTemplate({ template });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message_id: expect.stringMatching(/^wamid\./) });
    expect(providerSends().at(-1)!.input).toEqual({ to: TO, type: 'template', payload: template });
  });

  test('a live template send delivers the assembled template and counts as an outbound template message', async () => {
    const usage = async () => (await call(f.server.baseUrl, 'GET', '/usage', { key: f.live })).body.current;
    const before = await usage();
    const res = await sendTemplate(SHIPPED);
    expect(res.status).toBe(200);
    expect(res.body.template).toBeUndefined();
    expect((providerSends().at(-1)!.input as { payload: { name: string } }).payload.name).toBe('order_shipped');
    await dry(SHIPPED);
    await sendTemplate(SHIPPED, f.test);
    const after = await usage();
    expect(after.outbound_template_messages - before.outbound_template_messages).toBe(1);
    expect(after.outbound_messages).toBe(before.outbound_messages);
  });

  test('template sends are not subject to the service window: a test-key send is simulated with the hint', async () => {
    const res = await sendTemplate({ ...SHIPPED, to: '4915199990001' }, f.test);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ dry_run: true, hint: expect.stringContaining('4915199990001'), template: expect.any(Object) });
  });

  test('the trial gate: after trial and grace a live template send is 402 trial_expired, a dry run is not', async () => {
    (await f.server.domain.trial.set(DEFAULT_PARTNER_ID, { endsAt: new Date(f.clock.now().getTime() - 8 * DAY_MS), graceDays: 7 }));
    expect((await sendTemplate(SHIPPED)).status).toBe(402);
    expect((await dry(SHIPPED)).status).toBe(200);
  });

  test('the provider refusing the send answers 422 provider_rejected; unreachable 502', async () => {
    const rejected = await sendTemplate({ ...SHIPPED, to: '4915100000422' });
    expect(rejected.status).toBe(422);
    expect(rejected.body.error).toMatchObject({ code: 'provider_rejected', details: { provider_code: '131026' } });
    const down = await sendTemplate({ ...SHIPPED, to: '4915100000502' });
    expect(down.status).toBe(502);
  });
});
