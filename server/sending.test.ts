import { DEFAULT_PARTNER_ID } from './store/records';
import { DAY_MS } from './domain/shared/clock';
import { OUTSIDE_WINDOW_WARNING, SERVICE_WINDOW_MS } from './domain/messaging/service-window';
import { contract } from '../spec';
import { messagingFixture, statusEvents, uploadForm, type MessagingFixture } from './testing/messaging-fixture';
import { call } from './testing/contract-calls';
import { SAMPLES } from './testing/samples';

let f: MessagingFixture;
/** Media the chat client uploaded (POST /media): a media id serves only the client it was issued to. */
const uploaded = async (bytes: Buffer, type: string, name: string) =>
  (await call(f.server.baseUrl, 'POST', '/media', { key: f.live, raw: uploadForm(f.chat, bytes, type, name) })).body.media_id as string;
beforeAll(async () => {
  f = await messagingFixture();
  CHAT_PAYLOADS.image = { id: await uploaded(SAMPLES.png, 'image/png', 'runners.png'), caption: 'The blue trail runners' };
  CHAT_PAYLOADS.audio = { id: await uploaded(SAMPLES.ogg, 'audio/ogg', 'note.ogg') };
  CHAT_PAYLOADS.sticker = { id: await uploaded(SAMPLES.webp, 'image/webp', 'thumbs.webp') };
});
afterAll(() => f.server.close());

const TO = '4915112345678';
/** The payload as the webhook module will stamp it, held to openapi.yaml. */
const isStatusEvent = contract().validators.at('#/components/schemas/MessageStatusEvent');
const SOCIAL_TO = '17841405309211844';
const send = (key: string, json: unknown) => call(f.server.baseUrl, 'POST', '/messages/send', { key, body: json });
const usage = async () => (await call(f.server.baseUrl, 'GET', '/usage', { key: f.live })).body.current;
const providerSends = () => f.server.simulator.calls.filter((c) => c.method === 'sendMessage');
/** The recipient wrote in: the 24-hour window is open from now. */
const inbound = (clientRef: string, contact: string) => f.server.domain.serviceWindow.recordInbound({ partner_id: DEFAULT_PARTNER_ID, client_ref: clientRef }, contact);

/** One payload per type; image, audio and sticker go by the ids uploaded in beforeAll. */
const CHAT_PAYLOADS: Record<string, unknown> = {
  text: { body: 'Your order 10482 has shipped.', preview_url: false },
  image: undefined,
  video: { link: 'https://cdn.acme-shoes.de/v/intro.mp4', caption: 'How to lace' },
  audio: undefined,
  document: { link: 'https://cdn.acme-shoes.de/invoices/INV-1.pdf', caption: 'Invoice', filename: 'INV-1.pdf' },
  sticker: undefined,
  location: { latitude: 52.520008, longitude: 13.404954, name: 'ACME Berlin', address: 'Rosenthaler Str. 40' },
  contacts: [{ name: { formatted_name: 'ACME Support' }, phones: [{ phone: '+49301234567' }] }],
  interactive: { type: 'button', body: { text: 'Reschedule?' }, action: { buttons: [{ type: 'reply', reply: { id: 'yes', title: 'Yes' } }] } },
  reaction: { message_id: 'wamid.HBgNNDkxNTExMjM0NTY3OBUCABIYFDNBMjQ5', emoji: '👍' },
};

beforeEach(async () => {
  await inbound(f.chat, TO);
  await inbound(f.social, SOCIAL_TO);
  (await f.server.domain.trial.set(DEFAULT_PARTNER_ID, { endsAt: null, graceDays: 7 }));
});

describe('POST /messages/send: routing and channel rules', () => {
  test.each(Object.keys(CHAT_PAYLOADS))('a chat client carries %s messages through its channel', async (type) => {
    const before = providerSends().length;
    const res = await send(f.live, { client_ref: f.chat, to: TO, type, [type]: CHAT_PAYLOADS[type] });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message_id: expect.stringMatching(/^wamid\./) });
    const call = providerSends()[before]!;
    expect(call.account.account_key).toBe((await f.server.store.clients.findByRef(DEFAULT_PARTNER_ID, f.chat))!.account_key);
    expect(call.input).toEqual({ to: TO, type, payload: CHAT_PAYLOADS[type] });
  });

  test.each(['sticker', 'location', 'contacts', 'interactive', 'reaction'])(
    'a social client refuses a %s with channel_type_unsupported',
    async (type) => {
      const res = await send(f.live, { client_ref: f.social, to: SOCIAL_TO, type, [type]: CHAT_PAYLOADS[type] });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('channel_type_unsupported');
    },
  );

  test.each(['image', 'audio'])('a social client refuses an uploaded %s id with media_link_required', async (type) => {
    const res = await send(f.live, { client_ref: f.social, to: SOCIAL_TO, type, [type]: { id: '1013859600285441' } });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('media_link_required');
  });

  test('on social, caption and filename are not delivered and are listed in warnings', async () => {
    const res = await send(f.live, {
      client_ref: f.social,
      to: SOCIAL_TO,
      type: 'document',
      document: { link: 'https://cdn.acme-shoes.de/invoices/INV-2.pdf', caption: 'Invoice', filename: 'INV-2.pdf' },
    });
    expect(res.status).toBe(200);
    expect(res.body.message_id).toMatch(/^m_/);
    expect(res.body.warnings).toEqual([
      'document.caption was not delivered: the social channel does not carry captions',
      'document.filename was not delivered: the social channel does not carry file names',
    ]);
    expect(providerSends().at(-1)!.input).toEqual({ to: SOCIAL_TO, type: 'document', payload: { link: 'https://cdn.acme-shoes.de/invoices/INV-2.pdf' } });
  });

  test('on social, text and media by link are carried without warnings', async () => {
    for (const [type, payload] of [['text', { body: 'Hi' }], ['image', { link: 'https://cdn.acme-shoes.de/a.jpg' }]] as const) {
      const res = await send(f.live, { client_ref: f.social, to: SOCIAL_TO, type, [type]: payload });
      expect(res.status).toBe(200);
      expect(res.body.warnings).toBeUndefined();
    }
  });

  test('an empty reaction emoji is forwarded to remove the reaction', async () => {
    const reaction = { message_id: 'wamid.HBgNNDkxNTExMjM0NTY3OBUCABIYFDNBMjQ5', emoji: '' };
    const res = await send(f.live, { client_ref: f.chat, to: TO, type: 'reaction', reaction });
    expect(res.status).toBe(200);
    expect(providerSends().at(-1)!.input).toEqual({ to: TO, type: 'reaction', payload: reaction });
  });

  test('an unknown client_ref gives 404 not_found', async () => {
    const res = await send(f.live, { client_ref: 'acme-shoes-fr', to: TO, type: 'text', text: { body: 'Hi' } });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('not_found');
  });

  test('a payload that breaks the contract is 400 bad_request from the validator, naming the field', async () => {
    const res = await send(f.live, { client_ref: f.chat, to: TO, type: 'text', text: { body: '' } });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('bad_request');
  });
});

describe('POST /messages/send: dry runs and test keys', () => {
  test('dry_run validates without delivery and answers dry_run: true', async () => {
    const before = providerSends().length;
    const res = await send(f.live, { client_ref: f.chat, to: TO, type: 'text', text: { body: 'Hi' }, dry_run: true });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message_id: expect.stringMatching(/^dryrun_/), dry_run: true });
    expect(providerSends().length).toBe(before);
  });

  test('a dry run still applies the channel rules', async () => {
    const res = await send(f.live, { client_ref: f.social, to: SOCIAL_TO, type: 'sticker', sticker: { link: 'https://x.example/s.webp' }, dry_run: true });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('channel_type_unsupported');
  });

  test('a test-key send is simulated: dry_run true, with the hint, nothing delivered', async () => {
    const before = providerSends().length;
    const res = await send(f.test, { client_ref: f.chat, to: TO, type: 'text', text: { body: 'Hi' } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message_id: expect.stringMatching(/^dryrun_/), dry_run: true, hint: expect.stringContaining(TO) });
    expect(providerSends().length).toBe(before);
  });

  test('a registered test recipient gets the real (simulated-provider) delivery with a test key', async () => {
    const recipient = '4915100000001';
    await inbound(f.chat, recipient);
    await f.server.domain.testRecipients.register({ partner_id: DEFAULT_PARTNER_ID, client_ref: f.chat, channel: 'chat' }, recipient);
    const before = providerSends().length;
    const res = await send(f.test, { client_ref: f.chat, to: recipient, type: 'text', text: { body: 'Hi' } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message_id: expect.stringMatching(/^wamid\./) });
    expect(providerSends().length).toBe(before + 1);
  });
});

describe('chat recipients: one spelling of a number (digits), whoever writes it', () => {
  const sendTemplate = (key: string, json: unknown) => call(f.server.baseUrl, 'POST', '/messages/send-template', { key, body: json });
  const RAW_TEMPLATE = { name: 'order_shipped', language: { code: 'de_DE' } };

  test.each(['abc', '49 151 1234 567x', '+', '', '49.151.1234', '(0151) 1234', '+49+151', '４９１５１'])(
    'a chat send to %j is refused with 400 bad_request naming to, free-form and template, live and dry run alike',
    async (to) => {
      const before = providerSends().length;
      for (const [answer, what] of [
        [await send(f.live, { client_ref: f.chat, to, type: 'text', text: { body: 'Hi' } }), 'free-form live'],
        [await send(f.live, { client_ref: f.chat, to, type: 'text', text: { body: 'Hi' }, dry_run: true }), 'free-form dry run'],
        [await sendTemplate(f.live, { client_ref: f.chat, to, template: RAW_TEMPLATE }), 'template live'],
      ] as const) {
        // '' breaks the contract's minLength: the validator names `to` before the rule does
        expect({ what, status: answer.status, code: answer.body.error?.code, fields: Object.keys(answer.body.error?.details ?? {}) }).toEqual({
          what,
          status: 400,
          code: 'bad_request',
          fields: ['to'],
        });
      }
      expect(providerSends().length).toBe(before);
    },
  );

  test('a leading +, spaces and dashes are removed: the provider gets the digits', async () => {
    for (const to of ['+4915112345678', '+49 151 1234 5678', '49-151-1234-5678', ' 4915112345678 ']) {
      const res = await send(f.live, { client_ref: f.chat, to, type: 'text', text: { body: 'Hi' } });
      expect({ to, status: res.status }).toEqual({ to, status: 200 });
      expect(providerSends().at(-1)!.input).toMatchObject({ to: TO });
    }
    const template = await sendTemplate(f.live, { client_ref: f.chat, to: '+49 151 1234-5678', template: RAW_TEMPLATE });
    expect(template.status).toBe(200);
    expect(providerSends().at(-1)!.input).toMatchObject({ to: TO, type: 'template' });
  });

  test('the service window is one per person: an end user who wrote in as 49… is inside it for a test send to +49…', async () => {
    const number = '4915100000042';
    const refused = await send(f.test, { client_ref: f.chat, to: `+${number}`, type: 'text', text: { body: 'Hi' } });
    expect(refused.body.error?.code).toBe('outside_service_window');
    await f.server.sandbox('/inbound', { client_ref: f.chat, from: '+49 151 0000 0042', text: 'Hello?' });
    for (const to of [number, `+${number}`, '+49 151-0000-0042']) {
      const res = await send(f.test, { client_ref: f.chat, to, type: 'text', text: { body: 'Hi' } });
      expect({ to, status: res.status }).toEqual({ to, status: 200 });
    }
  });

  test('a test recipient registered as +49 … receives the test sends to 49…, recorded under the digits for message.status', async () => {
    const number = '4915100000043';
    await inbound(f.chat, number);
    const registered = await f.server.sandbox('/test-recipients', { client_ref: f.chat, recipient: '+49 151 0000-0043' });
    expect(registered.test_recipients).toContain(number);
    const res = await send(f.test, { client_ref: f.chat, to: number, type: 'text', text: { body: 'Hi' } });
    expect(res.body).toEqual({ success: true, message_id: expect.stringMatching(/^wamid\./) });
    expect(statusEvents(f).at(-1)!.statuses[0]).toMatchObject({ id: res.body.message_id, recipient_id: number, status: 'sent' });
  });

  test('a test recipient or an inbound sender that is not a number is refused with 400 naming the field', async () => {
    const recipient = await fetch(`${f.server.origin}/sandbox/test-recipients`, {
      method: 'POST',
      headers: { authorization: `Bearer ${f.server.sandboxToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ client_ref: f.chat, recipient: 'anna' }),
    });
    expect(recipient.status).toBe(400);
    expect(Object.keys(((await recipient.json()) as { error: { details: object } }).error.details)).toEqual(['recipient']);
    await expect(f.server.sandbox('/inbound', { client_ref: f.chat, from: 'anna', text: 'Hi' })).rejects.toThrow(/answered 400.*"from"/);
  });

  test('a social recipient is a scoped user id, taken as given', async () => {
    const res = await send(f.live, { client_ref: f.social, to: 'user-17841405309211844', type: 'text', text: { body: 'Hi' } });
    expect(res.status).toBe(200);
    expect(providerSends().at(-1)!.input).toMatchObject({ to: 'user-17841405309211844' });
  });
});

describe('POST /messages/send: the 24-hour customer service window', () => {
  test('outside the window a test-key send is refused with 422 outside_service_window, inside it is accepted', async () => {
    const contact = '4915100000002';
    const refused = await send(f.test, { client_ref: f.chat, to: contact, type: 'text', text: { body: 'Hi' } });
    expect(refused.status).toBe(422);
    expect(refused.body.error.code).toBe('outside_service_window');
    await inbound(f.chat, contact);
    f.clock.advance(SERVICE_WINDOW_MS - 1);
    expect((await send(f.test, { client_ref: f.chat, to: contact, type: 'text', text: { body: 'Hi' } })).status).toBe(200);
    f.clock.advance(1);
    const closed = await send(f.test, { client_ref: f.chat, to: contact, type: 'text', text: { body: 'Hi' } });
    expect(closed.status).toBe(422);
    expect(closed.body.error.code).toBe('outside_service_window');
  });

  test('outside the window a live send proceeds with a warning', async () => {
    const res = await send(f.live, { client_ref: f.chat, to: '4915100000003', type: 'text', text: { body: 'Hi' } });
    expect(res.status).toBe(200);
    expect(res.body.message_id).toMatch(/^wamid\./);
    expect(res.body.warnings).toEqual([OUTSIDE_WINDOW_WARNING]);
  });
});

describe('POST /messages/send: the trial gate', () => {
  test('after trial and grace a live send fails with 402 trial_expired; during grace it is sent', async () => {
    const trial = f.server.domain.trial;
    await trial.set(DEFAULT_PARTNER_ID, { endsAt: new Date(f.clock.now().getTime() - 7 * DAY_MS + 1), graceDays: 7 });
    expect((await send(f.live, { client_ref: f.chat, to: TO, type: 'text', text: { body: 'Hi' } })).status).toBe(200);
    f.clock.advance(1);
    const res = await send(f.live, { client_ref: f.chat, to: TO, type: 'text', text: { body: 'Hi' } });
    expect(res.status).toBe(402);
    expect(res.body.error.code).toBe('trial_expired');
  });

  test('after trial and grace, test-key and dry-run sends remain available', async () => {
    (await f.server.domain.trial.set(DEFAULT_PARTNER_ID, { endsAt: new Date(f.clock.now().getTime() - 30 * DAY_MS), graceDays: 7 }));
    expect((await send(f.test, { client_ref: f.chat, to: TO, type: 'text', text: { body: 'Hi' } })).status).toBe(200);
    const dry = await send(f.live, { client_ref: f.chat, to: TO, type: 'text', text: { body: 'Hi' }, dry_run: true });
    expect(dry.status).toBe(200);
    expect(dry.body.dry_run).toBe(true);
  });
});

describe('POST /messages/send: provider outcomes', () => {
  test('the provider refusing the send answers 422 provider_rejected with its own code and message', async () => {
    await inbound(f.chat, '4915100000422');
    const res = await send(f.live, { client_ref: f.chat, to: '4915100000422', type: 'text', text: { body: 'Hi' } });
    expect(res.status).toBe(422);
    expect(res.body.error).toMatchObject({ code: 'provider_rejected', details: { provider_code: '131026', provider_message: 'Message undeliverable' } });
  });

  test('an unreachable provider answers 502 upstream_unavailable', async () => {
    await inbound(f.chat, '4915100000502');
    const res = await send(f.live, { client_ref: f.chat, to: '4915100000502', type: 'text', text: { body: 'Hi' } });
    expect(res.status).toBe(502);
    expect(res.body.error.code).toBe('upstream_unavailable');
  });
});

describe('usage and message.status', () => {
  test('every accepted live send counts as an outbound message; test-key, dry-run and refused sends do not', async () => {
    const before = await usage();
    await send(f.live, { client_ref: f.chat, to: TO, type: 'text', text: { body: 'counted' } });
    await send(f.live, { client_ref: f.social, to: SOCIAL_TO, type: 'text', text: { body: 'counted' } });
    await send(f.live, { client_ref: f.chat, to: TO, type: 'text', text: { body: 'dry' }, dry_run: true });
    await send(f.test, { client_ref: f.chat, to: TO, type: 'text', text: { body: 'test' } });
    await send(f.live, { client_ref: f.chat, to: '4915100000422', type: 'text', text: { body: 'refused' } });
    const after = await usage();
    expect(after.outbound_messages - before.outbound_messages).toBe(2);
    expect(after.outbound_template_messages).toBe(before.outbound_template_messages);
  });

  test('a delivered chat send raises message.status sent keyed by its message_id, and later moves follow sent → delivered → read', async () => {
    const res = await send(f.live, { client_ref: f.chat, to: TO, type: 'text', text: { body: 'tracked' } });
    const id = res.body.message_id;
    const statuses = () =>
      statusEvents(f).flatMap((e) => e.statuses.filter((s) => s.id === id).map((s) => s.status));
    expect(statuses()).toEqual(['sent']);
    const event = statusEvents(f).find((e) => e.statuses[0]!.id === id)!;
    expect(event).toMatchObject({ channel: 'chat', client_ref: f.chat, statuses: [{ id, status: 'sent', recipient_id: TO, timestamp: f.clock.now().toISOString() }] });
    expect(isStatusEvent({ ...event, event_id: 'evt_0123456789ab', timestamp: f.clock.now().toISOString() })).toBe(true);
    const statusesOf = f.server.domain.statuses;
    await statusesOf.advance(DEFAULT_PARTNER_ID, id, 'delivered');
    await statusesOf.advance(DEFAULT_PARTNER_ID, id, 'read');
    expect(statuses()).toEqual(['sent', 'delivered', 'read']);
    await expect(statusesOf.advance(DEFAULT_PARTNER_ID, id, 'delivered')).rejects.toThrow(/cannot move/);
    await expect(statusesOf.advance(DEFAULT_PARTNER_ID, id, 'failed')).rejects.toThrow(/cannot move/);
    expect((await statusesOf.history(id)).map((c) => c.status)).toEqual(['sent', 'delivered', 'read']);
  });

  test('failed may follow sent and is final; a send the provider fails at once raises failed with its error', async () => {
    const sent = await send(f.live, { client_ref: f.chat, to: TO, type: 'text', text: { body: 'will fail' } });
    const statuses = f.server.domain.statuses;
    await statuses.advance(DEFAULT_PARTNER_ID, sent.body.message_id, 'failed', { code: 131047, title: 'Re-engagement message' });
    await expect(statuses.advance(DEFAULT_PARTNER_ID, sent.body.message_id, 'delivered')).rejects.toThrow(/cannot move/);

    await inbound(f.chat, '4915100000410');
    const failing = await send(f.live, { client_ref: f.chat, to: '4915100000410', type: 'text', text: { body: 'x' } });
    expect(failing.status).toBe(200);
    const event = statusEvents(f).find((e) => e.statuses[0]!.id === failing.body.message_id)!;
    expect(event).toMatchObject({ statuses: [{ status: 'failed', errors: [{ code: 131026, title: 'Message undeliverable' }] }] });
    expect(isStatusEvent({ ...event, event_id: 'evt_0123456789cd', timestamp: f.clock.now().toISOString() })).toBe(true);
  });

  test('an unfetchable media link is accepted, then the delivery fails asynchronously', async () => {
    const res = await send(f.live, { client_ref: f.chat, to: TO, type: 'image', image: { link: 'https://unfetchable.acme-shoes.de/x.jpg' } });
    expect(res.status).toBe(200);
    const event = statusEvents(f).find((e) => e.statuses[0]!.id === res.body.message_id)!;
    expect(event).toMatchObject({ statuses: [{ status: 'failed', errors: [{ code: 131053 }] }] });
  });

  test('social sends raise no message.status (the event is chat only) but their status is recorded', async () => {
    const res = await send(f.live, { client_ref: f.social, to: SOCIAL_TO, type: 'text', text: { body: 'Hi' } });
    expect(statusEvents(f).some((e) => e.statuses.some((s) => s.id === res.body.message_id))).toBe(false);
    expect((await f.server.domain.statuses.get(DEFAULT_PARTNER_ID, res.body.message_id))!.status).toBe('sent');
  });

  test('dry runs and simulated test-key sends record no message', async () => {
    const res = await send(f.test, { client_ref: f.chat, to: TO, type: 'text', text: { body: 'Hi' } });
    expect((await f.server.domain.statuses.get(DEFAULT_PARTNER_ID, res.body.message_id))).toBeUndefined();
  });
});
