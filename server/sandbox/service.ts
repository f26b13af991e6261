// The sandbox: the partner-portal functions the public API leaves out, and the operator's partner accounts.
// Each function acts for one partner and calls the rule's owner (keys, sessions, webhook delivery, the
// simulated template provider, messaging); none re-implements a rule.
import { createHash, randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import type { components } from '../../generated/openapi';
import type { Domain } from '../domain';
import { assertCarriesEvent, assertServesInboundMediaById } from '../domain/messaging/channel-carriage';
import { accountOf } from '../domain/onboarding/clients';
import { badRequest } from '../domain/shared/errors';
import type { NewWebhookEvent } from '../domain/shared/events';
import { DAY_MS } from '../domain/shared/clock';
import { parseExpiry } from '../domain/access/keys';
import { templateShape } from '../http/shapes';
import { assertProviderTransition } from '../domain/templates/rules';
import type { SimulatorControls } from '../provider/simulated';
import { DEFAULT_PARTNER_ID, type ApiKey, type ClientRecord, type OutboundStatus, type Partner, type PartnerId, type TemplateStatus, type WebhookEventKind } from '../store/records';
import type { DeliveryLogEntry, WebhookDelivery } from '../webhooks/delivery';
import { sampleEvent, webhookTestEvent } from '../webhooks/samples';

export interface SandboxDeps {
  domain: Domain;
  webhooks: WebhookDelivery;
  simulator: SimulatorControls;
  /** Runs what is due now (simulated reviews, webhook attempts). */
  tick: () => Promise<void>;
}

const describePartner = (partner: Partner) => ({ id: partner.id, name: partner.name, created_at: partner.created_at.toISOString() });

const describeKey = (key: ApiKey) => ({
  id: key.id,
  partner_id: key.partnerId,
  name: key.name,
  mode: key.mode,
  prefix: key.prefix,
  scopes: key.scopes,
  allowed_ips: key.allowedIps,
  expires_at: key.expiresAt?.toISOString() ?? null,
  created_at: key.createdAt.toISOString(),
  revoked_at: key.revokedAt?.toISOString() ?? null,
  replaced_by_id: key.replacedById,
});

export const describeDelivery = (entry: DeliveryLogEntry) => ({
  id: entry.delivery.id,
  event_id: entry.delivery.event_id,
  event: entry.event,
  client_ref: entry.client_ref,
  url: entry.delivery.url,
  state: entry.delivery.state,
  trigger: entry.delivery.trigger,
  attempts: entry.attempts.map((a) => ({
    number: a.number,
    started_at: a.started_at.toISOString(),
    duration_ms: a.duration_ms,
    status_code: a.status_code,
    error: a.error,
    succeeded: a.succeeded,
  })),
  next_attempt_at: entry.delivery.next_attempt_at?.toISOString() ?? null,
  created_at: entry.delivery.created_at.toISOString(),
});

export interface InboundRequest {
  client_ref: string;
  from: string;
  name?: string;
  kind?: 'message' | 'reaction' | 'read' | 'postback' | 'echo' | 'preferences';
  text?: string;
  media?: { type: 'image' | 'video' | 'audio' | 'document' | 'sticker'; content_base64: string; mime_type?: string; filename?: string; caption?: string };
  message_id?: string;
  emoji?: string;
  payload?: string;
  title?: string;
  value?: 'opt_in' | 'opt_out';
}

export class Sandbox {
  private seq = 0;

  constructor(private readonly deps: SandboxDeps) {}

  async listPartners() {
    return { partners: (await this.deps.domain.partners.list()).map(describePartner) };
  }

  async createPartner(input: { name: string }) {
    return describePartner(await this.deps.domain.partners.create(input.name));
  }

  /** The partner a sandbox call acts for; 404 for an unknown one. */
  async partner(id: PartnerId | undefined): Promise<PartnerId> {
    return (await this.deps.domain.partners.get(id)).id;
  }

  async listKeys(partner: PartnerId) {
    return { keys: (await this.deps.domain.keys.list(partner)).map(describeKey) };
  }

  async createKey(partner: PartnerId, input: { mode: 'test' | 'live'; scopes?: string[] | 'all'; expires?: string; allow_ips?: string[]; name?: string }) {
    const { key, plain } = await this.deps.domain.keys.create(partner, {
      mode: input.mode,
      scopes: input.scopes ?? 'all',
      expiresAt: input.expires ? parseExpiry(input.expires, this.deps.domain.clock()) : null,
      allowedIps: input.allow_ips,
      name: input.name ?? null,
    });
    return { key: plain, ...describeKey(key) };
  }

  async rotateKey(partner: PartnerId, ref: string) {
    const { key, plain, retired } = await this.deps.domain.keys.rotate(partner, ref);
    return { key: plain, ...describeKey(key), retired: describeKey(retired) };
  }

  async revokeKey(partner: PartnerId, ref: string) {
    return describeKey(await this.deps.domain.keys.revoke(partner, ref));
  }

  /** A hosted session created and completed here, with what a person would enter on the page. */
  async connectClient(
    partner: PartnerId,
    input: { client_ref: string; channel: 'chat' | 'social'; business_name?: string; phone_number?: string; username?: string },
  ) {
    const { session, token } = await this.deps.domain.sessions.create(partner, input.channel, input.client_ref, 'sandbox');
    // The default partner's accounts are derived from the reference alone (as before partners existed).
    const digest = createHash('sha256').update(partner === DEFAULT_PARTNER_ID ? input.client_ref : `${partner}:${input.client_ref}`).digest();
    const account =
      input.channel === 'chat'
        ? { phone_number: input.phone_number ?? `49${(digest.readUIntBE(0, 6) % 1e11).toString().padStart(11, '0')}` }
        : { username: input.username ?? `acct_${digest.toString('hex').slice(0, 16)}` };
    const client = await this.deps.domain.sessions.complete(session.id, token, { business_name: input.business_name ?? input.client_ref, ...account });
    return { client_ref: client.client_ref, channel: client.channel, phone_number: client.phone_number, business_account_id: client.business_account_id };
  }

  async webhookConfig(partner: PartnerId) {
    const c = await this.deps.webhooks.config(partner);
    return { url: c.url, events: c.events.length ? c.events : 'all', secret: c.secret, updated_at: c.updated_at.toISOString() };
  }

  async setWebhook(partner: PartnerId, input: { url?: string | null; events?: string[]; secret?: string; rotate_secret?: boolean }) {
    await this.deps.webhooks.configure(partner, { url: input.url, events: input.events, secret: input.secret, rotateSecret: input.rotate_secret });
    return this.webhookConfig(partner);
  }

  async fireTest(partner: PartnerId, input: { client_ref?: string; message?: string }) {
    const client = input.client_ref ? await this.deps.domain.clients.get(partner, input.client_ref) : undefined;
    return this.published(partner, webhookTestEvent(client, input.message));
  }

  async fireSample(partner: PartnerId, kind: WebhookEventKind, clientRef: string | undefined) {
    const client = clientRef ? await this.deps.domain.clients.get(partner, clientRef) : undefined;
    return this.published(partner, sampleEvent(kind, client, this.nextSeq()));
  }

  async deliveries(partner: PartnerId, filter: { event_id?: string; event?: string; state?: 'pending' | 'succeeded' | 'failed'; limit?: number }) {
    const logs = await this.deps.webhooks.logs(partner, { eventId: filter.event_id, event: filter.event, state: filter.state, limit: filter.limit });
    return { deliveries: logs.map(describeDelivery) };
  }

  async delivery(partner: PartnerId, id: string) {
    const log = await this.deps.webhooks.logOf(partner, id);
    return { ...describeDelivery(log), body: await this.deps.webhooks.bodyOf(partner, log.delivery.event_id) };
  }

  async redeliver(partner: PartnerId, ref: string) {
    const delivery = await this.deps.webhooks.redeliver(partner, ref);
    return { delivery_id: delivery.id, event_id: delivery.event_id, url: delivery.url };
  }

  /** An end user acts: the window opens (messages), chat media are stored, and the matching event is raised. */
  async inbound(partner: PartnerId, input: InboundRequest) {
    const client = await this.deps.domain.clients.get(partner, input.client_ref);
    const domain = this.deps.domain;
    const kind = input.kind ?? 'message';
    const seq = this.nextSeq();
    const contact: { id: string; name?: string } = { id: input.from };
    if (input.name) contact.name = input.name;
    const base = { client_ref: client.client_ref };
    let event: NewWebhookEvent;
    let received: Awaited<ReturnType<Sandbox['receiveInboundMedia']>> | undefined;
    switch (kind) {
      case 'message': {
        await domain.inbound.received(client, input.from);
        if (!input.text && !input.media) throw badRequest('An inbound message needs text or media.', { details: { text: ['text or media is required'] } });
        if (client.channel === 'chat') {
          const id = `wamid.sim_${seq}`;
          let message: Record<string, unknown> = { from: input.from, id, type: 'text', text: { body: input.text ?? '' } };
          if (input.media) {
            received = await this.receiveInboundMedia(client, input.media);
            const media = input.media.caption ? { ...received.media, caption: input.media.caption } : received.media;
            message = { from: input.from, id, type: received.kind, [received.kind]: media };
          }
          event = {
            event: 'message.received',
            channel: 'chat',
            ...base,
            phone_number: client.phone_number ?? '',
            contacts: [{ profile: { name: input.name ?? input.from }, wa_id: input.from }],
            messages: [message as never],
          };
        } else {
          const message: Record<string, unknown> = {
            id: `mid.sim_${seq}`,
            sender: contact.name ? { id: input.from, name: contact.name } : { id: input.from },
            recipient: { id: client.business_account_id },
          };
          if (input.text) message.text = input.text;
          if (input.media) {
            message.attachments = [{ type: input.media.type === 'document' ? 'file' : input.media.type, payload: { url: `https://cdn.social.example/attachments/${seq}` } }];
          }
          event = { event: 'message.received', channel: 'social', ...base, contact, messages: [message as never] };
        }
        break;
      }
      case 'reaction':
        event = {
          event: 'message.reaction',
          channel: client.channel,
          ...base,
          contact,
          reaction: { message_id: required(input.message_id, 'message_id'), emoji: input.emoji ?? '', action: input.emoji ? 'react' : 'unreact' },
        };
        break;
      case 'read':
        event = { event: 'message.read', channel: 'social', ...base, contact, read: { message_id: required(input.message_id, 'message_id') } };
        break;
      case 'postback': {
        const postback: Record<string, string> = { payload: required(input.payload, 'payload') };
        if (input.message_id) postback.message_id = input.message_id;
        if (input.title) postback.title = input.title;
        event = { event: 'message.postback', channel: 'social', ...base, contact, postback: postback as never };
        break;
      }
      case 'echo':
        event = {
          event: 'message.echo',
          channel: 'social',
          ...base,
          contact,
          message: { id: `mid.echo_${seq}`, sender: { id: client.business_account_id }, recipient: { id: input.from }, text: input.text ?? '' },
        };
        break;
      case 'preferences':
        event = {
          event: 'user.preferences',
          channel: 'chat',
          ...base,
          contact,
          preference: { category: 'marketing_messages', value: input.value ?? 'opt_out' },
        };
        break;
    }
    assertCarriesEvent(client, event.event);
    const published = await this.published(partner, event);
    return received ? { ...published, media_id: received.media.id, media: { kind: received.kind, ...received.media } } : published;
  }

  /**
   * An end user's phone sends media in: the bytes go through the upload rule (kind from the content), the
   * simulated provider keeps them; the answer is the `messages[].<kind>` of `message.received`.
   */
  private async receiveInboundMedia(client: ClientRecord, input: NonNullable<InboundRequest['media']>) {
    assertServesInboundMediaById(client);
    const bytes = Buffer.from(input.content_base64, 'base64');
    const file = await this.deps.domain.spoolBytes(bytes, input.mime_type ?? 'application/octet-stream', input.filename);
    try {
      const { mediaId } = await this.deps.simulator.receiveInboundMedia(accountOf(client), file);
      const media: components['schemas']['InboundMedia'] = { id: mediaId, mime_type: file.mimeType, sha256: file.sha256 };
      if (file.filename !== undefined && file.kind === 'document') media.filename = file.filename;
      return { kind: file.kind, media };
    } finally {
      rmSync(file.path, { force: true });
    }
  }

  /** Decides the review (or the next provider move) of a template now; `status` omitted runs the planned move. */
  async decideReview(partner: PartnerId, input: { client_ref: string; template_ref: string; language?: string; status?: TemplateStatus; reason?: string }) {
    const template = await this.deps.domain.templates.resolve(partner, input.client_ref, input.template_ref, input.language);
    const simulator = this.deps.simulator;
    let status = input.status;
    if (status === undefined) {
      status = (await simulator.plannedReview(template.id))?.status;
      if (status === undefined) throw badRequest(`Template ${template.name} has no planned move; pass status.`);
    }
    assertProviderTransition(template.status, status);
    await simulator.decideReview(template.id, status, input.reason ?? null);
    return templateShape(await this.deps.domain.templates.resolve(partner, input.client_ref, template.id));
  }

  /** The simulated provider's template service, for every partner (it is the provider's outage). */
  async setProvider(input: { templates_reachable: boolean }) {
    await this.deps.simulator.setTemplatesReachable(input.templates_reachable);
    return { templates_reachable: await this.deps.simulator.templatesReachable() };
  }

  async advanceMessage(partner: PartnerId, messageId: string, input: { status: OutboundStatus; error_code?: number; error_title?: string }) {
    const error = input.status === 'failed' ? { code: input.error_code ?? 131000, title: input.error_title ?? 'Something went wrong' } : undefined;
    const moved = await this.deps.domain.statuses.advance(partner, messageId, input.status, error);
    return { message_id: moved.id, status: moved.status };
  }

  async registerTestRecipient(partner: PartnerId, input: { client_ref: string; recipient: string }) {
    const client = await this.deps.domain.clients.get(partner, input.client_ref);
    return { client_ref: input.client_ref, test_recipients: await this.deps.domain.testRecipients.register(client, input.recipient) };
  }

  /** The partner's trial, or with `key` the trial of that one key's account. */
  async setTrial(partner: PartnerId, input: { ends_at: string | null; grace_days?: number; key?: string }) {
    const keyId = input.key === undefined ? undefined : (await this.deps.domain.keys.find(partner, input.key)).id;
    const state = await this.deps.domain.trial.set(partner, { endsAt: input.ends_at === null ? null : new Date(input.ends_at), graceDays: input.grace_days, keyId });
    return { ends_at: state.endsAt?.toISOString() ?? null, grace_days: state.graceDays, ...(keyId ? { key_id: keyId } : {}) };
  }

  /** A code as the provider's embedded signup hands one out: the simulated provider exchanges it once. */
  issueSignupCode() {
    return { auth_code: `sandbox-code-${randomBytes(18).toString('base64url')}` };
  }

  /**
   * The drift check's fixtures file (docs/contract-testing-in-ci.md) for one partner of this server, made the
   * way a partner makes each fixture in the portal: fresh clients and keys, an approved template, inbound
   * media, a test recipient; what a run consumes (signup codes, a key to exhaust) comes from issuers it calls
   * each time, which act for the same partner. A second partner, made for the file, holds the resources the
   * run must never reach (a chat client, its template and a media id issued to it).
   */
  async contractFixtures(partner: PartnerId, at: { origin: string; adminToken: string }) {
    const { domain } = this.deps;
    const run = this.nextSeq();
    const chat = (await this.connectClient(partner, { client_ref: `contract-chat-${run}`, channel: 'chat' })).client_ref;
    const social = (await this.connectClient(partner, { client_ref: `contract-social-${run}`, channel: 'social' })).client_ref;
    const key = (mode: 'test' | 'live', scopes: string[] | 'all', name: string, expiresAt?: Date) =>
      domain.keys.create(partner, { mode, scopes, name: `contract ${name}`, expiresAt });
    // Keys are created with an expiry ahead of the clock; this one is waited past below.
    const expiresAt = new Date(domain.clock().getTime() + 200);
    const expired = await key('live', 'all', 'expired', expiresAt);
    const revoked = await key('live', 'all', 'revoked');
    await domain.keys.revoke(partner, revoked.key.id);
    const trialEnded = await key('live', 'all', 'trial ended');
    await domain.trial.set(partner, { keyId: trialEnded.key.id, endsAt: new Date(domain.clock().getTime() - DAY_MS), graceDays: 0 });
    const template = { name: `contract_approved_${run}`, language: 'en_US' };
    await domain.templates.create(partner, {
      client_ref: chat,
      ...template,
      category: 'UTILITY',
      body: { text: 'Hello {{1}}, your order {{2}} has shipped.', examples: ['Anna', '10482'] },
    });
    await this.decideReview(partner, { client_ref: chat, template_ref: template.name, language: template.language, status: 'APPROVED' });
    await this.registerTestRecipient(partner, { client_ref: chat, recipient: CONTRACT_TEST_RECIPIENT });
    const inbound = await this.inbound(partner, {
      client_ref: chat,
      from: CONTRACT_TEST_RECIPIENT,
      media: { type: 'image', content_base64: INBOUND_JPEG.toString('base64'), mime_type: 'image/jpeg' },
    });
    const foreign = await this.secondTenant(run);
    while (domain.clock().getTime() <= expiresAt.getTime()) await new Promise((r) => setTimeout(r, 10));
    const admin = { authorization: `Bearer ${at.adminToken}` };
    const sandboxUrl = (path: string) => `${at.origin}/sandbox${path}?partner=${encodeURIComponent(partner)}`;
    return {
      base_url: `${at.origin}/v1`,
      api_key: (await key('live', 'all', 'drift check')).plain,
      chat_client_ref: chat,
      social_client_ref: social,
      // webhooks:read grants no public operation.
      restricted_api_key: (await key('live', ['webhooks:read'], 'restricted')).plain,
      test_api_key: (await key('test', 'all', 'test')).plain,
      expired_api_key: expired.plain,
      revoked_api_key: revoked.plain,
      trial_expired_api_key: trialEnded.plain,
      trial_expired_chat_client_ref: chat,
      approved_template: template.name,
      approved_template_language: template.language,
      inbound_media_id: 'media_id' in inbound ? inbound.media_id : undefined,
      test_recipient: CONTRACT_TEST_RECIPIENT,
      // Signup codes are the provider's, for no partner in particular: the key that exchanges one decides.
      signup_auth_code: { issue: { method: 'POST', url: `${at.origin}/sandbox/signup-codes`, headers: admin }, pick: '/auth_code' },
      rate_limit_api_key: {
        issue: { method: 'POST', url: sandboxUrl('/keys'), headers: admin, body: { mode: 'live', scopes: 'all', name: 'contract rate limit' } },
        pick: '/key',
      },
      foreign_chat_client_ref: foreign.chat,
      foreign_template: foreign.template,
      foreign_media_id: foreign.mediaId,
      webhook_test_trigger: { method: 'POST', url: sandboxUrl('/webhook/test'), headers: admin, body: { client_ref: chat } },
      webhook_configure: { method: 'PUT', url: sandboxUrl('/webhook'), headers: admin, body: { url: '{webhook_url}', secret: '{webhook_secret}', events: [] } },
    };
  }

  /** Another partner of this server with a chat client, a template of it and an image uploaded through it. */
  private async secondTenant(run: string): Promise<{ chat: string; template: string; mediaId: string }> {
    const { domain } = this.deps;
    const partner = (await domain.partners.create(`contract foreign ${run}`)).id;
    const chat = (await this.connectClient(partner, { client_ref: `contract-foreign-chat-${run}`, channel: 'chat' })).client_ref;
    const template = await domain.templates.create(partner, {
      client_ref: chat,
      name: `contract_foreign_${run}`,
      language: 'en_US',
      category: 'UTILITY',
      body: { text: 'Hello {{1}}, this template belongs to another partner.', examples: ['Anna'] },
    });
    const media = await domain.media.upload(partner, chat, await domain.spoolBytes(INBOUND_JPEG, 'image/jpeg', 'foreign.jpg'));
    return { chat, template: template.id, mediaId: media.mediaId };
  }

  async tick() {
    await this.deps.tick();
    return { ran_at: this.deps.domain.clock().toISOString(), next_delivery_at: (await this.deps.webhooks.nextDueAt())?.toISOString() ?? null };
  }

  private async published(partner: PartnerId, event: NewWebhookEvent) {
    const payload = (await this.deps.webhooks.publish(partner, event)) as unknown as { event_id: string; event: string };
    return { event_id: payload.event_id, event: payload.event, delivered_to: (await this.deps.webhooks.config(partner)).url };
  }

  private nextSeq(): string {
    this.seq += 1;
    return `${this.deps.domain.clock().getTime().toString(36)}${this.seq}`;
  }
}

/** The drift check's test recipient on this server (no simulator trigger ends its number). */
const CONTRACT_TEST_RECIPIENT = '4915100000777';
/** The first bytes of a JPEG: what an end user's phone sends in as the drift check's inbound media. */
const INBOUND_JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\0'), Buffer.alloc(512, 0x11)]);

function required(value: string | undefined, field: string): string {
  if (!value) throw badRequest(`${field} is required for this kind.`, { details: { [field]: ['is required'] } });
  return value;
}

