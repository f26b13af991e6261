// The sandbox: the partner-portal functions the public API leaves out, and the operator's partner accounts.
// Each function acts for one partner and calls the rule's owner (keys, sessions, webhook delivery, the
// simulated provider, messaging); none re-implements a rule. What end users and the provider do goes through
// the simulated provider's controls, which notify the service as a real provider would.
import { createHash, randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import type { Domain } from '../domain';
import { assertServesInboundMediaById } from '../domain/messaging/channel-carriage';
import { isDryRunMessageId } from '../domain/messaging/delivery-mode';
import { UNEXPLAINED_FAILURE } from '../domain/messaging/message-status';
import { recipientOn } from '../domain/messaging/recipient';
import { accountOf } from '../domain/onboarding/clients';
import { badRequest, notFound } from '../domain/shared/errors';
import type { NewWebhookEvent } from '../domain/shared/events';
import { DAY_MS } from '../domain/shared/clock';
import type { Faults } from '../domain/faults/faults';
import { parseExpiry } from '../domain/access/keys';
import { templateShape, usageShape } from '../http/shapes';
import { assertProviderTransition } from '../domain/templates/rules';
import type { EndUser, NotificationReceipt, ReceivedMedia } from '../provider/channel-provider';
import type { EndUserAction, SimulatorControls } from '../provider/simulated';
import { DEFAULT_PARTNER_ID, type ApiKey, type ClientRecord, type PartnerId, type TemplateStatus, type WebhookEventKind } from '../store/records';
import type { WebhookDelivery } from '../webhooks';
import { sampleEvent, webhookTestEvent } from '../webhooks/samples';
import { putExamplesInPlace } from './examples';
import type { components, operations } from './generated/openapi';
import { deliveryShape, faultShape, keyShape, partnerShape, webhookConfigShape } from './shapes';

export interface SandboxDeps {
  domain: Domain;
  webhooks: WebhookDelivery;
  /** Faults on demand: for keys' requests (taken at the edge) and the partner's deliveries. */
  faults: Faults;
  simulator: SimulatorControls;
  /** Runs what is due now (simulated reviews, webhook attempts). */
  tick: () => Promise<void>;
}

type Schemas = components['schemas'];
/** The body of a sandbox operation's request. */
type BodyOf<K extends keyof operations> = NonNullable<operations[K]['requestBody']>['content']['application/json'];
type Query<K extends keyof operations> = Omit<NonNullable<operations[K]['parameters']['query']>, 'partner'>;

export type InboundRequest = BodyOf<'sandboxSimulateInbound'>;

export class Sandbox {
  private seq = 0;

  constructor(private readonly deps: SandboxDeps) {}

  async listPartners(): Promise<Schemas['PartnerList']> {
    return { partners: (await this.deps.domain.partners.list()).map(partnerShape) };
  }

  async createPartner(input: BodyOf<'sandboxCreatePartner'>): Promise<Schemas['Partner']> {
    return partnerShape(await this.deps.domain.partners.create(input.name));
  }

  /** The partner a sandbox call acts for; 404 for an unknown one. */
  async partner(id: PartnerId | undefined): Promise<PartnerId> {
    return (await this.deps.domain.partners.get(id)).id;
  }

  async listKeys(partner: PartnerId): Promise<Schemas['KeyList']> {
    return { keys: (await this.deps.domain.keys.list(partner)).map(keyShape) };
  }

  async createKey(partner: PartnerId, input: BodyOf<'sandboxCreateKey'>): Promise<Schemas['NewKey']> {
    const { key, plain } = await this.deps.domain.keys.create(partner, {
      mode: input.mode,
      scopes: input.scopes ?? 'all',
      expiresAt: input.expires ? parseExpiry(input.expires, this.deps.domain.clock()) : null,
      allowedIps: input.allow_ips,
      name: input.name ?? null,
    });
    return { key: plain, ...keyShape(key) };
  }

  async rotateKey(partner: PartnerId, ref: string): Promise<Schemas['RotatedKey']> {
    const { key, plain, retired } = await this.deps.domain.keys.rotate(partner, ref);
    return { key: plain, ...keyShape(key), retired: keyShape(retired) };
  }

  async revokeKey(partner: PartnerId, ref: string): Promise<Schemas['Key']> {
    return keyShape(await this.deps.domain.keys.revoke(partner, ref));
  }

  /** A hosted session created and completed here, with what a person would enter on the page. */
  async connectClient(partner: PartnerId, input: BodyOf<'sandboxConnectClient'>): Promise<Schemas['ConnectedClient']> {
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

  async webhookConfig(partner: PartnerId): Promise<Schemas['WebhookConfig']> {
    return webhookConfigShape(await this.deps.webhooks.config(partner));
  }

  async setWebhook(partner: PartnerId, input: BodyOf<'sandboxSetWebhook'>): Promise<Schemas['WebhookConfig']> {
    await this.deps.webhooks.configure(partner, { url: input.url, events: input.events, secret: input.secret, rotateSecret: input.rotate_secret });
    return this.webhookConfig(partner);
  }

  async fireTest(partner: PartnerId, input: NonNullable<BodyOf<'sandboxFireTest'>>): Promise<Schemas['Fired']> {
    const client = input.client_ref ? await this.deps.domain.clients.get(partner, input.client_ref) : undefined;
    return this.fire(partner, webhookTestEvent(client, input.message));
  }

  async fireSample(partner: PartnerId, kind: WebhookEventKind, clientRef: string | undefined): Promise<Schemas['Fired']> {
    const client = clientRef ? await this.deps.domain.clients.get(partner, clientRef) : undefined;
    return this.fire(partner, sampleEvent(kind, client, this.nextSeq(), this.deps.domain.clock()));
  }

  async deliveries(partner: PartnerId, filter: Query<'sandboxListDeliveries'>): Promise<Schemas['DeliveryList']> {
    const logs = await this.deps.webhooks.logs(partner, { eventId: filter.event_id, event: filter.event, state: filter.state, limit: filter.limit });
    return { deliveries: logs.map(deliveryShape) };
  }

  async delivery(partner: PartnerId, id: string): Promise<Schemas['DeliveryWithBody']> {
    const log = await this.deps.webhooks.logOf(partner, id);
    return { ...deliveryShape(log), body: await this.deps.webhooks.bodyOf(partner, log.delivery.event_id) };
  }

  async redeliver(partner: PartnerId, ref: string): Promise<Schemas['Redelivery']> {
    const delivery = await this.deps.webhooks.redeliver(partner, ref);
    return { delivery_id: delivery.id, event_id: delivery.event_id, url: delivery.url };
  }

  /**
   * An end user acts on the client's account through the simulated provider (chat media are kept by it
   * first), which notifies the service: the window opens for a message, and the event is raised.
   */
  async inbound(partner: PartnerId, input: InboundRequest): Promise<Schemas['InboundFired']> {
    const client = await this.deps.domain.clients.get(partner, input.client_ref);
    // a chat end user is their number, spelt as a send's `to` is (the provider reports digits)
    const from = recipientOn(client.channel, input.from, 'from');
    const user: EndUser = input.name ? { id: from, name: input.name } : { id: from };
    const on = { account: accountOf(client), user };
    let received: ReceivedMedia | undefined;
    let action: EndUserAction;
    switch (input.kind ?? 'message') {
      case 'message': {
        if (!input.text && !input.media) throw badRequest('An inbound message needs text or media.', { details: { text: ['text or media is required'] } });
        const message: Extract<EndUserAction, { kind: 'message' }> = { kind: 'message', ...on };
        if (input.text) message.text = input.text;
        if (input.media && client.channel === 'chat') {
          received = await this.receiveInboundMedia(client, input.media);
          message.media = input.media.caption ? { ...received, caption: input.media.caption } : received;
        } else if (input.media) message.attachments = [{ kind: input.media.type }];
        action = message;
        break;
      }
      case 'reaction':
        action = { kind: 'reaction', ...on, message_id: required(input.message_id, 'message_id'), emoji: input.emoji ?? '' };
        break;
      case 'read':
        action = { kind: 'read', ...on, message_id: required(input.message_id, 'message_id') };
        break;
      case 'postback': {
        const postback: Extract<EndUserAction, { kind: 'postback' }> = { kind: 'postback', ...on, payload: required(input.payload, 'payload') };
        if (input.message_id) postback.message_id = input.message_id;
        if (input.title) postback.title = input.title;
        action = postback;
        break;
      }
      case 'echo':
        action = { kind: 'echo', ...on, text: input.text ?? '' };
        break;
      case 'preferences':
        action = { kind: 'preference', ...on, category: 'marketing_messages', value: input.value ?? 'opt_out' };
        break;
    }
    const published = await this.firedTo(partner, raised(await this.deps.simulator.endUserActs(action)));
    return received ? { ...published, media_id: received.id, media: received } : published;
  }

  /**
   * An end user's phone sends media in: the bytes go through the upload rule (kind from the content), the
   * simulated provider keeps them and describes them as its notification will.
   */
  private async receiveInboundMedia(client: ClientRecord, input: NonNullable<InboundRequest['media']>): Promise<ReceivedMedia> {
    assertServesInboundMediaById(client);
    const bytes = Buffer.from(input.content_base64, 'base64');
    const file = await this.deps.domain.spoolBytes(bytes, input.mime_type ?? 'application/octet-stream', input.filename);
    try {
      return await this.deps.simulator.receiveInboundMedia(accountOf(client), file);
    } finally {
      rmSync(file.path, { force: true });
    }
  }

  /** Decides the review (or the next provider move) of a template now; `status` omitted runs the planned move. */
  async decideReview(partner: PartnerId, input: BodyOf<'sandboxDecideReview'>): Promise<Schemas['ReviewedTemplate']> {
    const template = await this.deps.domain.templates.resolve(partner, input.client_ref, input.template_ref, input.language);
    const simulator = this.deps.simulator;
    let status: TemplateStatus | undefined = input.status;
    if (status === undefined) {
      status = (await simulator.plannedReview(template.id))?.status;
      if (status === undefined) throw badRequest(`Template ${template.name} has no planned move; pass status.`);
    }
    assertProviderTransition(template.status, status);
    await simulator.decideReview(template.id, status, input.reason ?? null);
    return templateShape(await this.deps.domain.templates.resolve(partner, input.client_ref, template.id));
  }

  /** The simulated provider's template service, for every partner (it is the provider's outage). */
  async setProvider(input: BodyOf<'sandboxSetProvider'>): Promise<Schemas['ProviderState']> {
    await this.deps.simulator.setTemplatesReachable(input.templates_reachable);
    return { templates_reachable: await this.deps.simulator.templatesReachable() };
  }

  /** The provider moves a partner's sent message on (its receipt from the end user's phone). */
  async advanceMessage(partner: PartnerId, messageId: string, input: BodyOf<'sandboxAdvanceMessage'>): Promise<Schemas['MessageStatusMove']> {
    const { domain, simulator } = this.deps;
    if (isDryRunMessageId(messageId)) {
      throw notFound(
        `${messageId} is the id of a send that delivered nothing (a dry run, or a test-key send to a number that is not a test recipient), ` +
          `so it has no status to move. With a test key, register the recipient first: npm run sandbox -- test-recipient <client_ref> <to>; ` +
          `with a live key, leave out dry_run. Send again, then move the message_id that send answers: npm run sandbox -- message-status <message_id> delivered.`,
      );
    }
    const message = await domain.statuses.message(partner, messageId);
    const client = await domain.clients.get(partner, message.client_ref);
    const failure = input.status === 'failed' ? { code: input.error_code ?? UNEXPLAINED_FAILURE.code, title: input.error_title ?? UNEXPLAINED_FAILURE.title } : undefined;
    await simulator.moveStatus({ account: accountOf(client), message_id: messageId, status: input.status, ...(failure ? { failure } : {}) });
    return { message_id: messageId, status: input.status };
  }

  async registerTestRecipient(partner: PartnerId, input: BodyOf<'sandboxRegisterTestRecipient'>): Promise<Schemas['TestRecipients']> {
    const client = await this.deps.domain.clients.get(partner, input.client_ref);
    return { client_ref: input.client_ref, test_recipients: await this.deps.domain.testRecipients.register(client, input.recipient) };
  }

  /** The partner's trial, or with `key` the trial of that one key's account. */
  /** What `GET /v1/usage` answers the partner's keys. */
  async usage(partner: PartnerId): Promise<Schemas['UsageResponse']> {
    return usageShape(await this.deps.domain.usage.report(partner));
  }

  async setTrial(partner: PartnerId, input: BodyOf<'sandboxSetTrial'>): Promise<Schemas['TrialState']> {
    const keyId = input.key === undefined ? undefined : (await this.deps.domain.keys.find(partner, input.key)).id;
    const state = await this.deps.domain.trial.set(partner, { endsAt: input.ends_at === null ? null : new Date(input.ends_at), graceDays: input.grace_days, keyId });
    return { ends_at: state.endsAt?.toISOString() ?? null, grace_days: state.graceDays, ...(keyId ? { key_id: keyId } : {}) };
  }

  /** A code as the provider's embedded signup hands one out: the simulated provider exchanges it once. */
  issueSignupCode(): Schemas['SignupCode'] {
    return { auth_code: `sandbox-code-${randomBytes(18).toString('base64url')}` };
  }

  /** The objects the contract's request examples name, in place for the partner (server/sandbox/examples.ts). */
  async examples(partner: PartnerId) {
    return putExamplesInPlace(
      {
        domain: this.deps.domain,
        simulator: this.deps.simulator,
        connectClient: (p, client) => this.connectClient(p, client),
        inbound: (p, customer) => this.inbound(p, { ...customer }),
      },
      partner,
    );
  }

  async listFaults(partner: PartnerId): Promise<Schemas['FaultList']> {
    const keys = await this.keysById(partner);
    return { faults: (await this.deps.faults.list(partner)).map((fault) => faultShape(fault, keys)) };
  }

  /** A fault for one of the partner's keys (by id or prefix) or for its deliveries. */
  async addFault(partner: PartnerId, input: BodyOf<'sandboxAddFault'>): Promise<Schemas['Fault']> {
    const key = input.key === undefined ? undefined : await this.deps.domain.keys.find(partner, input.key);
    const fault = await this.deps.faults.add(partner, {
      kind: input.kind,
      key,
      operation: input.operation,
      times: input.times,
      sharePercent: input.share_percent,
      retryAfterSeconds: input.retry_after_seconds,
      delayMs: input.delay_ms,
    });
    return faultShape(fault, new Map(key ? [[key.id, key]] : []));
  }

  async clearFaults(partner: PartnerId, keyRef: string | undefined): Promise<Schemas['FaultsCleared']> {
    const key = keyRef === undefined ? undefined : await this.deps.domain.keys.find(partner, keyRef);
    return { cleared: await this.deps.faults.clear(partner, key) };
  }

  async removeFault(partner: PartnerId, id: string): Promise<Schemas['Fault']> {
    return faultShape(await this.deps.faults.remove(partner, id), await this.keysById(partner));
  }

  private async keysById(partner: PartnerId): Promise<Map<string, ApiKey>> {
    return new Map((await this.deps.domain.keys.list(partner)).map((key) => [key.id, key]));
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
      // Two more keys of the same partner: the drift check spreads its generated requests over the three windows.
      extra_api_keys: [(await key('live', 'all', 'drift check 2')).plain, (await key('live', 'all', 'drift check 3')).plain],
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

  async tick(): Promise<Schemas['Tick']> {
    await this.deps.tick();
    return { ran_at: this.deps.domain.clock().toISOString(), next_delivery_at: (await this.deps.webhooks.nextDueAt())?.toISOString() ?? null };
  }

  /** A sandbox-made event (a sample, a test) published for the partner, and where it goes. */
  private async fire(partner: PartnerId, event: NewWebhookEvent): Promise<Schemas['Fired']> {
    const { event_id } = await this.deps.webhooks.publish(partner, event);
    return this.firedTo(partner, { event_id, event: event.event });
  }

  /** An event raised for the partner, and the receiver it goes to. */
  private async firedTo(partner: PartnerId, raised: NotificationReceipt): Promise<Schemas['Fired']> {
    return { event_id: raised.event_id, event: raised.event, delivered_to: (await this.deps.webhooks.config(partner)).url };
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

/** The event the service raised for what the sandbox made happen; every action on a connected client raises one. */
function raised(receipt: NotificationReceipt | undefined): NotificationReceipt {
  if (!receipt) throw new Error('The service raised no event for the simulated action.');
  return receipt;
}

function required(value: string | undefined, field: string): string {
  if (!value) throw badRequest(`${field} is required for this kind.`, { details: { [field]: ['is required'] } });
  return value;
}

