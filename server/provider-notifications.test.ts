// What end users do and the receipts of sent messages reach the service through the messaging port's
// listeners (onInbound, onStatus), as a real provider's notifications would: the simulator's controls
// notify, the domain turns each notification into the one event openapi.yaml gives it, at its clock's time.
import { contract } from '../spec';
import { accountOf } from './domain/onboarding/clients';
import type { WebhookPayload } from './domain/shared/events';
import type { EndUserAction } from './provider/simulated';
import { DEFAULT_PARTNER_ID, type ClientRecord } from './store/records';
import { call } from './testing/contract-calls';
import { messagingFixture, type MessagingFixture } from './testing/messaging-fixture';
import { sampleEvent } from './webhooks/samples';

let f: MessagingFixture;
let chat: ClientRecord;
let social: ClientRecord;
beforeAll(async () => {
  f = await messagingFixture();
  chat = (await f.server.store.clients.findByRef(DEFAULT_PARTNER_ID, f.chat))!;
  social = (await f.server.store.clients.findByRef(DEFAULT_PARTNER_ID, f.social))!;
});
afterAll(() => f.server.close());

/** The event as the publisher stamps it, held to its schema in openapi.yaml's `webhooks:` section. */
function contractProblems(event: object): unknown[] {
  const payload = { event_id: 'evt_0123456789abcdef0123456789abcdef', timestamp: f.clock.now().toISOString(), ...event } as WebhookPayload;
  const pointer = contract().webhook(payload.event)!.schemaPointer!;
  return contract().validators.errors(pointer, payload);
}

const lastEvent = () => f.events.at(-1)!;

describe('onInbound: an end user acts on a client account', () => {
  const on = (client: ClientRecord, id: string) => ({ account: accountOf(client), user: { id, name: 'Anna' } });
  const CASES: Array<[string, string, () => EndUserAction]> = [
    ['a chat text', 'message.received', () => ({ kind: 'message', ...on(chat, '4915112345678'), text: 'Hello' })],
    ['chat media kept by id', 'message.received', () => ({ kind: 'message', ...on(chat, '4915112345678'), media: { kind: 'document', id: '1000000000000001', mime_type: 'application/pdf', sha256: 'ab'.repeat(32), filename: 'a.pdf', caption: 'the invoice' } })],
    ['a social text with an attachment', 'message.received', () => ({ kind: 'message', ...on(social, '17841400000000001'), text: 'Look', attachments: [{ kind: 'document' }] })],
    ['a chat reaction', 'message.reaction', () => ({ kind: 'reaction', ...on(chat, '4915112345678'), message_id: 'wamid.x', emoji: '👍' })],
    ['a social reaction taken back', 'message.reaction', () => ({ kind: 'reaction', ...on(social, '17841400000000001'), message_id: 'm_x', emoji: '' })],
    ['a social read', 'message.read', () => ({ kind: 'read', ...on(social, '17841400000000001'), message_id: 'm_x' })],
    ['a social postback', 'message.postback', () => ({ kind: 'postback', ...on(social, '17841400000000001'), payload: 'TRACK', title: 'Track' })],
    ['a social echo', 'message.echo', () => ({ kind: 'echo', ...on(social, '17841400000000001'), text: 'Sent from the app' })],
    ['a chat preference', 'user.preferences', () => ({ kind: 'preference', ...on(chat, '4915112345678'), category: 'marketing_messages', value: 'opt_in' })],
  ];

  test.each(CASES)('%s raises %s for the client, valid against openapi.yaml, and the receipt names it', async (_what, event, action) => {
    const before = f.events.length;
    const receipt = await f.server.simulator.endUserActs(action());
    expect(f.events).toHaveLength(before + 1);
    expect(lastEvent()).toMatchObject({ event, client_ref: action().account.channel === 'chat' ? f.chat : f.social });
    expect(contractProblems(lastEvent())).toEqual([]);
    expect(receipt).toEqual({ event_id: expect.stringMatching(/^evt_/), event });
  });

  test('a chat media message carries the media under its kind, with its caption, and no text', async () => {
    await f.server.simulator.endUserActs(CASES[1]![2]());
    expect(lastEvent()).toMatchObject({
      contacts: [{ profile: { name: 'Anna' }, wa_id: '4915112345678' }],
      messages: [{ from: '4915112345678', type: 'document', document: { id: '1000000000000001', filename: 'a.pdf', caption: 'the invoice' } }],
    });
    expect((lastEvent() as { messages: Array<Record<string, unknown>> }).messages[0]).not.toHaveProperty('text');
  });

  test('a social attachment arrives as a short-lived URL of the provider, a document as type file', async () => {
    await f.server.simulator.endUserActs(CASES[2]![2]());
    expect(lastEvent()).toMatchObject({ messages: [{ text: 'Look', attachments: [{ type: 'file', payload: { url: expect.stringMatching(/^https:\/\/cdn\.social\.example\//) } }] }] });
  });

  test("an end user's message opens their customer service window and counts as inbound usage; a reaction does neither", async () => {
    const inboundBefore = (await call(f.server.baseUrl, 'GET', '/usage', { key: f.live })).body.current.inbound_messages;
    const writer = '4915100003333';
    await f.server.simulator.endUserActs({ kind: 'reaction', ...on(chat, writer), message_id: 'wamid.x', emoji: '👍' });
    expect(await f.server.domain.serviceWindow.isOpen(chat, writer)).toBe(false);
    await f.server.simulator.endUserActs({ kind: 'message', ...on(chat, writer), text: 'Hi' });
    expect(await f.server.domain.serviceWindow.isOpen(chat, writer)).toBe(true);
    expect((await call(f.server.baseUrl, 'GET', '/usage', { key: f.live })).body.current.inbound_messages).toBe(inboundBefore + 1);
  });

  test('a kind the client channel does not carry is refused with 400 and raises nothing', async () => {
    const before = f.events.length;
    await expect(f.server.simulator.endUserActs({ kind: 'read', ...on(chat, '4915112345678'), message_id: 'wamid.x' })).rejects.toMatchObject({ status: 400, code: 'bad_request' });
    expect(f.events).toHaveLength(before);
  });

  test('an arrival on an account no client holds raises nothing and answers no receipt', async () => {
    const before = f.events.length;
    const receipt = await f.server.simulator.endUserActs({ kind: 'message', account: { channel: 'chat', account_key: 'not-connected' }, user: { id: '4915112345678' }, text: 'Hi' });
    expect(receipt).toBeUndefined();
    expect(f.events).toHaveLength(before);
  });
});

describe('onStatus: the provider moves a sent message on', () => {
  /** A live text send inside the recipient's window: `sent`. */
  async function sent(): Promise<string> {
    await f.server.domain.serviceWindow.recordInbound(chat, '4915112345678');
    const text = await call(f.server.baseUrl, 'POST', '/messages/send', { key: f.live, body: { client_ref: f.chat, to: '4915112345678', type: 'text', text: { body: 'Hi' } } });
    expect(text.status).toBe(200);
    return text.body.message_id;
  }

  test('delivered, then read: each move is recorded and raised as message.status at the injected clock time', async () => {
    const id = await sent();
    f.clock.advance(1_000);
    const receipt = await f.server.simulator.moveStatus({ account: accountOf(chat), message_id: id, status: 'delivered' });
    expect(receipt).toEqual({ event_id: expect.any(String), event: 'message.status' });
    expect(lastEvent()).toEqual({ event: 'message.status', channel: 'chat', client_ref: f.chat, statuses: [{ id, status: 'delivered', recipient_id: '4915112345678', timestamp: f.clock.now().toISOString() }] });
    await f.server.simulator.moveStatus({ account: accountOf(chat), message_id: id, status: 'read' });
    expect((await f.server.domain.statuses.get(DEFAULT_PARTNER_ID, id))!.status).toBe('read');
  });

  test("a failure carries the provider's error; a move back is refused with 409", async () => {
    const id = await sent();
    await f.server.simulator.moveStatus({ account: accountOf(chat), message_id: id, status: 'failed', failure: { code: 131047, title: 'Re-engagement message' } });
    expect(lastEvent()).toMatchObject({ statuses: [{ id, status: 'failed', errors: [{ code: 131047, title: 'Re-engagement message' }] }] });
    await expect(f.server.simulator.moveStatus({ account: accountOf(chat), message_id: id, status: 'delivered' })).rejects.toMatchObject({ status: 409, code: 'conflict' });
  });

  test('a move on an account no client holds raises nothing', async () => {
    const before = f.events.length;
    expect(await f.server.simulator.moveStatus({ account: { channel: 'chat', account_key: 'not-connected' }, message_id: 'wamid.x', status: 'delivered' })).toBeUndefined();
    expect(f.events).toHaveLength(before);
  });
});

describe('webhook samples', () => {
  test("a message.status sample is stamped with the injected clock's time, not the machine's", () => {
    const now = new Date('2031-05-06T07:08:09.000Z');
    const event = sampleEvent('message.status', chat, 'seq1', now) as { statuses: Array<{ timestamp: string }> };
    expect(event.statuses[0]!.timestamp).toBe(now.toISOString());
  });

  test.each([
    ['message.received', 'chat'],
    ['message.received', 'social'],
    ['message.status', 'chat'],
    ['message.reaction', 'social'],
    ['message.echo', 'social'],
    ['message.read', 'social'],
    ['message.postback', 'social'],
    ['template.status', 'chat'],
    ['user.preferences', 'chat'],
    ['webhook.test', 'chat'],
  ] as const)('the %s sample on %s is valid against openapi.yaml', (kind, channel) => {
    expect(contractProblems(sampleEvent(kind, channel === 'chat' ? chat : social, 'seq1', f.clock.now()))).toEqual([]);
  });
});
