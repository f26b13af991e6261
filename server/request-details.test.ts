// What a partner reads when a request breaks the contract: `details` that name the field and say what is
// allowed (the values of a `oneOf`'s choice, the one field of an alternative), the body as a whole named
// `(request body)`, a near-miss field refused with the field meant (a misspelt dry run never delivers), other
// unknown fields ignored, and every envelope linking its code's heading in the rendered reference.
import { nearMissOf } from './edge/near-miss-fields';
import { DEFAULT_PARTNER_ID } from './store/records';
import { messagingFixture, type MessagingFixture } from './testing/messaging-fixture';
import { call } from './testing/contract-calls';

let f: MessagingFixture;
beforeAll(async () => {
  f = await messagingFixture();
  await f.server.domain.serviceWindow.recordInbound({ partner_id: DEFAULT_PARTNER_ID, client_ref: f.chat }, TO);
});
afterAll(() => f.server.close());

const TO = '4915112345678';
const providerSends = () => f.server.simulator.calls.filter((c) => c.method === 'sendMessage').length;
const post = (path: string, body: unknown, key = f.live) => call(f.server.baseUrl, 'POST', path, { key, body });

const SEND = () => ({ client_ref: f.chat, to: TO, type: 'text', text: { body: 'Your order has shipped.' } });
const TYPES = 'text, image, video, audio, document, sticker, location, contacts, interactive, reaction';

describe('validation details say what is wrong and what is allowed', () => {
  const cases: Array<[string, { path: string; body: () => unknown; details: Record<string, string[]> }]> = [
    ['a send of type "txt" lists the types there are', { path: '/messages/send', body: () => ({ ...SEND(), type: 'txt' }), details: { type: [`must be one of ${TYPES}`] } }],
    ['a send without a type says it is required and lists the types', {
      path: '/messages/send',
      body: () => ({ client_ref: f.chat, to: TO, text: { body: 'Hi' } }),
      details: { type: [`is required: one of ${TYPES}`] },
    }],
    ['a text send tells only the text branch\'s errors', { path: '/messages/send', body: () => ({ ...SEND(), to: '', text: { body: '' } }), details: { to: ['must NOT have fewer than 1 characters'], 'text.body': ['must NOT have fewer than 1 characters'] } }],
    ['an array as the body is named (request body)', { path: '/messages/send', body: () => [SEND()], details: { '(request body)': ['must be object'] } }],
    ['a template send with template_ref and template: give exactly one', {
      path: '/messages/send-template',
      body: () => ({ client_ref: f.chat, to: TO, template_ref: 'order_shipped', template: { name: 'order_shipped' } }),
      details: { '(request body)': ['give exactly one of template_ref, template'] },
    }],
    ['a template send with neither: one of them is required', { path: '/messages/send-template', body: () => ({ client_ref: f.chat, to: TO }), details: { '(request body)': ['one of template_ref, template is required'] } }],
    ['parameters of neither form', {
      path: '/messages/send-template',
      body: () => ({ client_ref: f.chat, to: TO, template_ref: 'order_shipped', parameters: 'Anna' }),
      details: { parameters: ['must be array or object'] },
    }],
    ['a template with an unknown category and a button of an unknown type: every field, the values allowed', {
      path: '/templates',
      body: () => ({ client_ref: f.chat, name: 'x', category: 'UTIL', body: { text: 'Hi' }, buttons: [{ type: 'QUICK_REPLY', text: 'Yes' }, { type: 'LINK', text: 'Go' }] }),
      details: { category: ['must be one of MARKETING, UTILITY, AUTHENTICATION'], 'buttons.1.type': ['must be one of QUICK_REPLY, URL, PHONE_NUMBER, COPY_CODE, OTP'] },
    }],
    ['a URL button without its url, a header of an unknown format', {
      path: '/templates',
      body: () => ({ client_ref: f.chat, name: 'x', body: { text: 'Hi' }, header: { format: 'GIF' }, buttons: [{ type: 'URL', text: 'Go' }] }),
      details: { 'header.format': ['must be one of TEXT, IMAGE, VIDEO, DOCUMENT, LOCATION'], 'buttons.0.url': ['is required'] },
    }],
    ['a template\'s body field is `body`, never the request body', { path: '/templates', body: () => ({ client_ref: f.chat, name: 'x', body: 'Hi' }), details: { body: ['must be object'] } }],
    ['an image header with both media_handle and media_url: give exactly one', {
      path: '/templates',
      body: () => ({ client_ref: f.chat, name: 'x', body: { text: 'Hi' }, header: { format: 'IMAGE', media_handle: 'h', media_url: 'https://cdn.acme-shoes.de/a.jpg' } }),
      details: { header: ['give exactly one of media_handle, media_url'] },
    }],
  ];

  test.each(cases)('%s', async (_name, { path, body, details }) => {
    const res = await post(path, body());
    expect({ status: res.status, code: res.body.error?.code, details: res.body.error?.details }).toEqual({ status: 400, code: 'bad_request', details });
  });
});

describe('a body field that is a near miss of the contract\'s is refused, naming the field meant', () => {
  test.each([
    ['dryRun', 'dry_run'],
    ['dry-run', 'dry_run'],
    ['dryrun', 'dry_run'],
    ['DRY_RUN', 'dry_run'],
    ['dry_rn', 'dry_run'],
    ['dyr_run', 'dry_run'],
    ['clientRef', 'client_ref'],
    ['TO', 'to'],
  ])('a live send with %s: true is 400 "did you mean %s", and nothing is sent', async (given, meant) => {
    const before = providerSends();
    const res = await post('/messages/send', { ...SEND(), [given]: true });
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual({
      code: 'bad_request',
      message: `\`${given}\` is not a field; did you mean \`${meant}\`?`,
      details: { [given]: [`is not a field; did you mean ${meant}?`] },
      doc_url: `${f.server.origin}/docs/#/errors-and-retries/bad_request`,
    });
    expect(providerSends()).toBe(before);
  });

  test('inside a payload and on template sends too, every near miss named', async () => {
    const inside = await post('/messages/send', { ...SEND(), text: { body: 'Hi', previewUrl: true } });
    expect(inside.body.error.details).toEqual({ 'text.previewUrl': ['is not a field; did you mean text.preview_url?'] });
    const template = await post('/messages/send-template', { client_ref: f.chat, to: TO, template_ref: 'order_shipped', Dry_Run: true, langauge: 'de_DE' });
    expect(template.status).toBe(400);
    expect(template.body.error.details).toEqual({ Dry_Run: ['is not a field; did you mean dry_run?'], langauge: ['is not a field; did you mean language?'] });
  });

  test('another unknown field is ignored, as the contract allows: the send goes through', async () => {
    const before = providerSends();
    const res = await post('/messages/send', { ...SEND(), metadata: { order: '10482' }, image: { link: 'https://cdn.acme-shoes.de/a.jpg' } });
    expect(res.status).toBe(200);
    expect(providerSends()).toBe(before + 1);
  });

  test.each([
    ['dryRun', ['dry_run', 'to'], 'dry_run'],
    ['To', ['dry_run', 'to'], 'to'],
    ['tp', ['dry_run', 'to'], undefined],
    ['metadata', ['dry_run', 'to', 'template'], undefined],
    ['tempalte', ['template_ref', 'template'], 'template'],
    ['template-ref', ['template_ref', 'template'], 'template_ref'],
    ['text', ['type', 'to'], undefined],
  ])('nearMissOf(%j, %j) is %j', (name, fields, meant) => {
    expect(nearMissOf(name, fields)).toBe(meant);
  });
});

describe('every error envelope links the heading of its code', () => {
  test('401, 404 and a domain 422 alike', async () => {
    const answers = [
      await call(f.server.baseUrl, 'GET', '/clients', { key: 'ik_test_unknown' }),
      await call(f.server.baseUrl, 'GET', '/clients/{client_ref}', { key: f.live, path: '/clients/acme-nobody' }),
      await post('/messages/send', { ...SEND(), to: '4915100000999' }, f.test),
    ];
    expect(answers.map((a) => [a.status, a.body.error.doc_url])).toEqual([
      [401, `${f.server.origin}/docs/#/errors-and-retries/unauthorized`],
      [404, `${f.server.origin}/docs/#/errors-and-retries/not_found`],
      [422, `${f.server.origin}/docs/#/errors-and-retries/outside_service_window`],
    ]);
  });
});
