import { DEFAULT_PARTNER_ID } from './store/records';
import express from 'express';
import fc from 'fast-check';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestServer, type TestServer } from './testing';
import { call } from './testing/contract-calls';
import { startWebhookReceiver, type WebhookReceiver } from './testing/webhook-receiver';
import { assertApprovedEditAllowance, normalizeTemplateName } from './domain/templates/rules';
import { nonPublicReason } from './domain/shared/public-address';
import { newWebhookEventId } from '../client/webhooks';
import { contract } from '../spec';

const START = new Date('2026-11-22T08:00:00.000Z');
const ENV = { TICK_INTERVAL_MS: '0', TEMPLATE_REVIEW_DELAY_MS: '5000', TEMPLATE_MEDIA_ALLOW_PRIVATE_URLS: 'true' };

function harness() {
  const ctx = { now: new Date(START), server: undefined as unknown as TestServer, key: '', receiver: undefined as unknown as WebhookReceiver };
  const clock = () => ctx.now;
  const boot = async (dataDir?: string) => {
    ctx.server = await startTestServer({ now: clock, env: ENV, dataDir });
    ctx.key = (await ctx.server.domain.keys.create(DEFAULT_PARTNER_ID, { mode: 'live', scopes: 'all' })).plain;
  };
  /** A request whose answer is held to openapi.yaml. */
  const api = (method: string, path: string, body?: unknown) => call(ctx.server.baseUrl, method, path, { key: ctx.key, body });
  const sandbox = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${ctx.server.origin}/sandbox${path}`, {
      method,
      headers: { authorization: `Bearer ${ctx.server.sandboxToken}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, body: await res.json() };
  };
  const advance = async (ms: number) => {
    ctx.now = new Date(ctx.now.getTime() + ms);
    await ctx.server.tick();
  };
  const configureReceiver = async () => {
    const config = await sandbox('PUT', '/webhook', { url: ctx.receiver.url });
    ctx.receiver.state.secret = config.body.secret;
  };
  return { ctx, boot, api, sandbox, advance, configureReceiver };
}

describe('templates, signed webhooks and the sandbox', () => {
  const h = harness();
  beforeEach(async () => {
    h.ctx.now = new Date(START);
    h.ctx.receiver = await startWebhookReceiver();
    await h.boot();
    await h.configureReceiver();
    await h.sandbox('POST', '/clients', { client_ref: 'shop-chat', channel: 'chat' });
  });
  afterEach(async () => {
    await h.ctx.server.close();
    await h.ctx.receiver.close();
    expect(h.ctx.receiver.problems).toEqual([]);
  });

  test('When a template is created, reviewed and approved, then a signed template.status arrives and sending it raises message.status events', async () => {
    const created = await h.api('POST', '/templates', {
      client_ref: 'shop-chat',
      name: 'Order Shipped!',
      language: 'en_US',
      category: 'UTILITY',
      body: { text: 'Hi {{1}}, order {{2}} is on its way.', examples: ['Anna'] },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'order_shipped', status: 'PENDING', rejected_reason: null });
    expect(created.body.components[0].example.body_text).toEqual([['Anna', 'example_2']]);

    await h.advance(4999);
    expect(h.ctx.receiver.received).toHaveLength(0);
    await h.advance(1);
    const statusEvents = h.ctx.receiver.received.filter((r) => r.body.event === 'template.status');
    expect(statusEvents).toHaveLength(1);
    expect(statusEvents[0]!.body.template).toMatchObject({ id: created.body.id, status: 'APPROVED', previous_status: 'PENDING', reason: null });
    expect((await h.api('GET', '/templates/order_shipped?client_ref=shop-chat')).body.status).toBe('APPROVED');

    const sent = await h.api('POST', '/messages/send-template', {
      client_ref: 'shop-chat',
      to: '4915112345678',
      template_ref: 'order_shipped',
      parameters: ['Anna', '10482'],
    });
    expect(sent.status).toBe(200);
    const messageId = sent.body.message_id;
    await h.ctx.server.tick();
    const moved = await h.sandbox('POST', `/messages/${encodeURIComponent(messageId)}/status`, { status: 'delivered' });
    expect(moved.status).toBe(200);
    await h.ctx.server.tick();
    const statuses = h.ctx.receiver.received.filter((r) => r.body.event === 'message.status').map((r) => r.body.statuses[0]);
    expect(statuses.map((s) => [s.id, s.status])).toEqual([
      [messageId, 'sent'],
      [messageId, 'delivered'],
    ]);
  });

  test('When a test-key send is simulated, then its hint and the 404 of its dry-run id say what to run, and doing it brings message.status to the receiver', async () => {
    const testKey = (await h.ctx.server.domain.keys.create(DEFAULT_PARTNER_ID, { mode: 'test', scopes: 'all' })).plain;
    const send = () =>
      call(h.ctx.server.baseUrl, 'POST', '/messages/send-template', {
        key: testKey,
        body: { client_ref: 'shop-chat', to: '+49 151 1234 5678', template: { name: 'hello_world', language: { code: 'en_US' } } },
      });
    const simulated = await send();
    expect(simulated.body).toMatchObject({ dry_run: true, message_id: expect.stringMatching(/^dryrun_/) });
    const register = 'npm run sandbox -- test-recipient shop-chat 4915112345678';
    expect(simulated.body.hint).toContain(register);
    const refused = await h.sandbox('POST', `/messages/${simulated.body.message_id}/status`, { status: 'delivered' });
    expect(refused.status).toBe(404);
    expect(refused.body.error.message).toContain('npm run sandbox -- test-recipient <client_ref> <to>');
    expect(refused.body.error.message).toContain('npm run sandbox -- message-status <message_id> delivered');

    // what the hint says to run, through the route the command calls
    const [, clientRef, recipient] = /test-recipient (\S+) (\d+)/.exec(simulated.body.hint)!;
    expect((await h.sandbox('POST', '/test-recipients', { client_ref: clientRef, recipient })).status).toBe(200);
    const delivered = await send();
    expect(delivered.body).toEqual({ success: true, message_id: expect.stringMatching(/^wamid\./) });
    expect((await h.sandbox('POST', `/messages/${encodeURIComponent(delivered.body.message_id)}/status`, { status: 'delivered' })).status).toBe(200);
    await h.ctx.server.tick();
    const statuses = h.ctx.receiver.received.filter((r) => r.body.event === 'message.status').map((r) => r.body.statuses[0]);
    expect(statuses.map((s) => [s.id, s.status, s.recipient_id])).toEqual([
      [delivered.body.message_id, 'sent', '4915112345678'],
      [delivered.body.message_id, 'delivered', '4915112345678'],
    ]);
    expect(h.ctx.receiver.problems).toEqual([]);
  });

  test('When the receiver keeps failing, then attempts run immediately, again immediately, after 10 s, 60 s and 5 min, each logged, then the delivery fails', async () => {
    h.ctx.receiver.state.answers = [500, 500, 500, 500, 500, 500];
    const fired = await h.sandbox('POST', '/webhook/test', {});
    expect(fired.body.event).toBe('webhook.test');
    await h.ctx.server.tick();
    expect(h.ctx.receiver.received).toHaveLength(2);
    await h.advance(9_999);
    expect(h.ctx.receiver.received).toHaveLength(2);
    await h.advance(1);
    expect(h.ctx.receiver.received).toHaveLength(3);
    await h.advance(59_999);
    expect(h.ctx.receiver.received).toHaveLength(3);
    await h.advance(1);
    expect(h.ctx.receiver.received).toHaveLength(4);
    await h.advance(299_999);
    expect(h.ctx.receiver.received).toHaveLength(4);
    await h.advance(1);
    expect(h.ctx.receiver.received).toHaveLength(5);
    await h.advance(3_600_000);
    expect(h.ctx.receiver.received).toHaveLength(5);
    const ids = new Set(h.ctx.receiver.received.map((r) => r.body.event_id));
    expect(ids).toEqual(new Set([fired.body.event_id]));
    expect(new Set(h.ctx.receiver.received.map((r) => r.raw.toString('hex'))).size).toBe(1);
    const logs = await h.sandbox('GET', `/webhook/deliveries?event_id=${fired.body.event_id}`);
    expect(logs.body.deliveries[0].state).toBe('failed');
    expect(logs.body.deliveries[0].attempts.map((a: { status_code: number }) => a.status_code)).toEqual([500, 500, 500, 500, 500]);

    const again = await h.sandbox('POST', '/webhook/redeliver', { ref: fired.body.event_id });
    expect(again.status).toBe(202);
    await h.ctx.server.tick();
    expect(h.ctx.receiver.received.at(-1)!.body.event_id).toBe(fired.body.event_id);
    expect((await h.sandbox('GET', `/webhook/deliveries/${again.body.delivery_id}`)).body.state).toBe('succeeded');
  });

  test('When webhook.test is fired without a client, then it carries client_ref webhook_test and channel chat', async () => {
    await h.sandbox('POST', '/webhook/test', {});
    await h.ctx.server.tick();
    expect(h.ctx.receiver.received[0]!.body).toMatchObject({ event: 'webhook.test', client_ref: 'webhook_test', channel: 'chat' });
  });

  test('When an event is published, then it leaves as the webhook wire sends it: an evt_ ULID of the moment it was raised, the User-Agent of the contract version', async () => {
    const fired = await h.sandbox('POST', '/webhook/test', {});
    await h.ctx.server.tick();
    const [delivery] = h.ctx.receiver.received;
    expect(delivery!.body).toMatchObject({ event_id: fired.body.event_id, timestamp: START.toISOString() });
    expect(fired.body.event_id).toMatch(/^evt_[0-9A-HJKMNP-TV-Z]{26}$/);
    // the first ten characters of a ULID are its time
    expect(fired.body.event_id.slice(0, 14)).toBe(newWebhookEventId(START).slice(0, 14));
    expect(delivery!.headers['user-agent']).toBe(`partner-messaging-webhooks/${(contract().document.info as { version: string }).version}`);
  });

  test('When every sample event is fired, then each payload validates against openapi.yaml and is signed', async () => {
    await h.sandbox('POST', '/clients', { client_ref: 'shop-social', channel: 'social' });
    const chat = ['message.received', 'message.status', 'message.reaction', 'template.status', 'user.preferences', 'webhook.test'];
    const social = ['message.received', 'message.reaction', 'message.echo', 'message.read', 'message.postback'];
    for (const kind of chat) expect((await h.sandbox('POST', `/webhook/samples/${kind}`, { client_ref: 'shop-chat' })).status).toBe(202);
    for (const kind of social) expect((await h.sandbox('POST', `/webhook/samples/${kind}`, { client_ref: 'shop-social' })).status).toBe(202);
    await h.ctx.server.tick();
    expect(h.ctx.receiver.received).toHaveLength(chat.length + social.length);
  });

  test('When an end user writes on chat with media, then message.received carries a media id downloadable with GET /media', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f9a2a60000000049454e44ae426082', 'hex');
    const inbound = await h.sandbox('POST', '/inbound', {
      client_ref: 'shop-chat',
      from: '4915112345678',
      name: 'Anna',
      media: { type: 'image', content_base64: png.toString('base64'), mime_type: 'image/png' },
    });
    expect(inbound.status).toBe(202);
    await h.ctx.server.tick();
    const event = h.ctx.receiver.received.find((r) => r.body.event === 'message.received')!.body;
    expect(event.messages[0].image.id).toBe(inbound.body.media_id);
    const download = await fetch(`${h.ctx.server.baseUrl}/media/${encodeURIComponent(inbound.body.media_id)}?client_ref=shop-chat`, {
      headers: { authorization: `Bearer ${h.ctx.key}` },
    });
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(png)).toBe(true);
  });

  test('When a name is created twice in one language, then 409; in two languages, GET by name needs language (409 without it)', async () => {
    const body = { client_ref: 'shop-chat', name: 'welcome', body: { text: 'Welcome!' } };
    expect((await h.api('POST', '/templates', body)).status).toBe(201);
    expect((await h.api('POST', '/templates', body)).status).toBe(409);
    expect((await h.api('POST', '/templates', { ...body, language: 'de_DE' })).status).toBe(201);
    expect((await h.api('GET', '/templates/welcome?client_ref=shop-chat')).status).toBe(409);
    expect((await h.api('GET', '/templates/welcome?client_ref=shop-chat&language=de_DE')).body.language).toBe('de_DE');
  });

  test('When a template name contains reject, then the review ends REJECTED with rejected_reason and the event carries the reason', async () => {
    const created = await h.api('POST', '/templates', { client_ref: 'shop-chat', name: 'promo_reject', body: { text: 'Sale!' } });
    await h.advance(5000);
    const got = await h.api('GET', `/templates/${created.body.id}?client_ref=shop-chat`);
    expect(got.body).toMatchObject({ status: 'REJECTED', rejected_reason: 'INVALID_FORMAT' });
    const event = h.ctx.receiver.received.find((r) => r.body.event === 'template.status')!.body;
    expect(event.template).toMatchObject({ status: 'REJECTED', reason: 'INVALID_FORMAT' });
  });

  test('When a template is edited, then PENDING refuses (409), name or language changes are 400, and an approved template allows one edit per 24 hours', async () => {
    const body = { client_ref: 'shop-chat', name: 'receipt', language: 'en_US', body: { text: 'Your receipt {{1}}.' } };
    await h.api('POST', '/templates', body);
    expect((await h.api('PATCH', '/templates/receipt?client_ref=shop-chat', body)).status).toBe(409);
    await h.advance(5000);
    expect((await h.api('PATCH', '/templates/receipt?client_ref=shop-chat', { ...body, language: 'de_DE' })).status).toBe(400);
    expect((await h.api('PATCH', '/templates/receipt?client_ref=shop-chat', { ...body, name: 'receipt_v2' })).status).toBe(400);
    const edited = await h.api('PATCH', '/templates/receipt?client_ref=shop-chat', { ...body, body: { text: 'Receipt {{1}} attached.' } });
    expect(edited.status).toBe(200);
    expect(edited.body.status).toBe('PENDING');
    await h.advance(5000);
    const second = await h.api('PATCH', '/templates/receipt?client_ref=shop-chat', body);
    expect(second.status).toBe(409);
    expect(second.body.error.message).toContain('2026-11-23T08:00:05.000Z');
    await h.advance(24 * 3600 * 1000);
    expect((await h.api('PATCH', '/templates/receipt?client_ref=shop-chat', body)).status).toBe(200);
  });

  test('When a template is deleted, then GET and sends answer 404 and the name is blocked for 30 days', async () => {
    const body = { client_ref: 'shop-chat', name: 'old_offer', body: { text: 'Offer' } };
    await h.api('POST', '/templates', body);
    await h.advance(5000);
    expect((await h.api('DELETE', '/templates/old_offer?client_ref=shop-chat')).status).toBe(204);
    expect((await h.api('GET', '/templates/old_offer?client_ref=shop-chat')).status).toBe(404);
    const send = await h.api('POST', '/messages/send-template', { client_ref: 'shop-chat', to: '4915112345678', template_ref: 'old_offer' });
    expect(send.status).toBe(404);
    expect((await h.api('POST', '/templates', body)).status).toBe(409);
    await h.advance(30 * 24 * 3600 * 1000);
    expect((await h.api('POST', '/templates', body)).status).toBe(201);
  });

  test('When the provider is unreachable, then GET /templates serves the mirror with a warning; filters and search combine', async () => {
    await h.api('POST', '/templates', { client_ref: 'shop-chat', name: 'Order Update', category: 'UTILITY', body: { text: 'Update' } });
    await h.api('POST', '/templates', { client_ref: 'shop-chat', name: 'spring_sale_reject', body: { text: 'Sale' } });
    await h.advance(5000);
    const approved = await h.api('GET', '/templates?client_ref=shop-chat&status=APPROVED&search=ORDER&refresh=true');
    expect(approved.body.results.map((t: { name: string }) => t.name)).toEqual(['order_update']);
    expect(approved.body.warning).toBeUndefined();
    await h.sandbox('PUT', '/provider', { templates_reachable: false });
    const stale = await h.api('GET', '/templates?client_ref=shop-chat&refresh=true');
    expect(stale.status).toBe(200);
    expect(stale.body.count).toBe(2);
    expect(stale.body.warning).toMatch(/could not be reached/);
  });

  test('When header media is uploaded, then the format is inferred from the content and a wrong declared format is refused', async () => {
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(2000, 32)]);
    const form = new FormData();
    form.append('client_ref', 'shop-chat');
    form.append('file', new Blob([new Uint8Array(pdf)]), 'terms.pdf');
    const res = await fetch(`${h.ctx.server.baseUrl}/templates/media`, { method: 'POST', headers: { authorization: `Bearer ${h.ctx.key}` }, body: form });
    const body = await res.json();
    expect(res.status).toBe(201);
    expect(body).toMatchObject({ format: 'DOCUMENT', size: pdf.length, filename: 'terms.pdf' });
    const wrong = new FormData();
    wrong.append('client_ref', 'shop-chat');
    wrong.append('format', 'IMAGE');
    wrong.append('file', new Blob([new Uint8Array(pdf)]), 'terms.pdf');
    const refused = await fetch(`${h.ctx.server.baseUrl}/templates/media`, { method: 'POST', headers: { authorization: `Bearer ${h.ctx.key}` }, body: wrong });
    expect(refused.status).toBe(400);
    const created = await h.api('POST', '/templates', {
      client_ref: 'shop-chat',
      name: 'terms_update',
      header: { format: 'DOCUMENT', media_handle: body.handle },
      body: { text: 'Our terms changed.' },
    });
    expect(created.status).toBe(201);
  });

  test('When header media is over its format ceiling, then 400 media_too_large', async () => {
    const png = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(5 * 1024 * 1024)]);
    const form = new FormData();
    form.append('client_ref', 'shop-chat');
    form.append('file', new Blob([new Uint8Array(png)]), 'big.png');
    const res = await fetch(`${h.ctx.server.baseUrl}/templates/media`, { method: 'POST', headers: { authorization: `Bearer ${h.ctx.key}` }, body: form });
    expect(res.status).toBe(400);
    expect((await res.json()).error.code).toBe('media_too_large');
  });

  test('When a header media_url points at a loopback address, then it is downloaded only when configuration allows private addresses', async () => {
    const png = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(100)]);
    const files = express();
    files.get('/banner.png', (_req, res) => void res.type('image/png').send(png));
    const fileServer = await new Promise<import('node:http').Server>((done) => {
      const s = files.listen(0, '127.0.0.1', () => done(s));
    });
    const mediaUrl = `http://127.0.0.1:${(fileServer.address() as AddressInfo).port}/banner.png`;
    const body = { client_ref: 'shop-chat', name: 'banner_news', header: { format: 'IMAGE', media_url: mediaUrl }, body: { text: 'News' } };
    try {
      const allowed = await h.api('POST', '/templates', body);
      expect(allowed.status).toBe(201);
      expect(allowed.body.components[0].example.header_handle[0]).toMatch(/^4::/);
      const strict = await startTestServer({ env: { TICK_INTERVAL_MS: '0' } });
      try {
        const key = (await strict.domain.keys.create(DEFAULT_PARTNER_ID, { mode: 'live', scopes: 'all' })).plain;
        await fetch(`${strict.origin}/sandbox/clients`, {
          method: 'POST',
          headers: { authorization: `Bearer ${strict.sandboxToken}`, 'content-type': 'application/json' },
          body: JSON.stringify({ client_ref: 'shop-chat', channel: 'chat' }),
        });
        const refused = await fetch(`${strict.baseUrl}/templates`, {
          method: 'POST',
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        expect(refused.status).toBe(400);
        expect((await refused.json()).error.message).toMatch(/loopback/);
      } finally {
        await strict.close();
      }
    } finally {
      fileServer.close();
    }
  });

  test('When the sandbox triggers a planned provider move, then template.status carries previous_status; a move the provider never makes is 409', async () => {
    await h.api('POST', '/templates', { client_ref: 'shop-chat', name: 'quality_flag', body: { text: 'Hello' } });
    await h.advance(5000);
    const flagged = await h.sandbox('POST', '/templates/review', { client_ref: 'shop-chat', template_ref: 'quality_flag' });
    expect(flagged.status).toBe(200);
    expect(flagged.body.status).toBe('FLAGGED');
    await h.ctx.server.tick();
    const last = h.ctx.receiver.received.filter((r) => r.body.event === 'template.status').at(-1)!.body;
    expect(last.template).toMatchObject({ status: 'FLAGGED', previous_status: 'APPROVED' });
    const refused = await h.sandbox('POST', '/templates/review', { client_ref: 'shop-chat', template_ref: 'quality_flag', status: 'DISABLED' });
    expect(refused.status).toBe(409);
    expect((await h.api('PATCH', '/templates/quality_flag?client_ref=shop-chat', { client_ref: 'shop-chat', name: 'quality_flag', body: { text: 'Hi' } })).status).toBe(409);
  });

  test('When a sandbox request breaks the sandbox OpenAPI document, then 400 with details', async () => {
    const res = await h.sandbox('PUT', '/trial', { grace_days: -1 });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('bad_request');
  });

  test('When the sandbox is called without the admin token, then 401', async () => {
    const res = await fetch(`${h.ctx.server.origin}/sandbox/keys`);
    expect(res.status).toBe(401);
  });
});

describe('a restart with pending retries loses none', () => {
  test('When the server restarts between attempts, then the pending delivery resumes on schedule from the store', async () => {
    const h = harness();
    const dataDir = mkdtempSync(join(tmpdir(), 'pm-restart-'));
    h.ctx.receiver = await startWebhookReceiver();
    try {
      await h.boot(dataDir);
      await h.configureReceiver();
      h.ctx.receiver.state.answers = [503, 503];
      const fired = await h.sandbox('POST', '/webhook/test', {});
      await h.ctx.server.tick();
      expect(h.ctx.receiver.received).toHaveLength(2);
      await h.ctx.server.close();
      await h.boot(dataDir);
      await h.advance(9_000);
      expect(h.ctx.receiver.received).toHaveLength(2);
      await h.advance(1_000);
      expect(h.ctx.receiver.received).toHaveLength(3);
      expect(h.ctx.receiver.received[2]!.body.event_id).toBe(fired.body.event_id);
      const logs = await h.sandbox('GET', `/webhook/deliveries?event_id=${fired.body.event_id}`);
      expect(logs.body.deliveries[0]).toMatchObject({ state: 'succeeded' });
      expect(logs.body.deliveries[0].attempts).toHaveLength(3);
    } finally {
      await h.ctx.server.close();
      await h.ctx.receiver.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
    expect(h.ctx.receiver.problems).toEqual([]);
  });
});

describe('template rules', () => {
  test.each([
    ['Order Shipped!', 'order_shipped'],
    ['orderShipped', 'ordershipped'],
    ['  Café  Menü 2 ', 'cafe_menu_2'],
    ['ORDER SHIPPED 98EDE8', 'order_shipped_98ede8'],
    ['Order Shipped 98ede8', 'order_shipped_98ede8'],
  ])('name %j normalizes to lower_snake_case %j', (input, want) => {
    expect(normalizeTemplateName(input)).toBe(want);
  });

  test('a template name normalizes the same whatever its letter case', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9 _.!-]{0,40}$/), (name) => {
        expect(normalizeTemplateName(name.toUpperCase())).toBe(normalizeTemplateName(name));
        expect(normalizeTemplateName(name.toLowerCase())).toBe(normalizeTemplateName(name));
      }),
    );
  });

  test('an approved template edited ten times in 30 days refuses an eleventh edit until the oldest ages out', () => {
    const now = new Date('2026-11-30T00:00:00.000Z');
    const edits = Array.from({ length: 10 }, (_, i) => new Date(now.getTime() - (i + 2) * 24 * 3600 * 1000));
    expect(() => assertApprovedEditAllowance('t', 'APPROVED', edits, now)).toThrow(/10 times in the last 30 days/);
    expect(() => assertApprovedEditAllowance('t', 'REJECTED', edits, now)).not.toThrow();
  });

  test.each([
    ['127.0.0.1', 'loopback'],
    ['10.1.2.3', 'private'],
    ['192.168.0.10', 'private'],
    ['169.254.169.254', 'link-local'],
    ['::1', 'loopback'],
    ['fe80::1', 'link-local'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['93.184.216.34', undefined],
  ])('header media_url address %s is refused as %s (undefined = public)', (address, want) => {
    expect(nonPublicReason(address)).toBe(want);
  });
});
