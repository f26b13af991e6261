// What end users and the provider do, in the sandbox: a client connected as a person would on the hosted page,
// an end user writing in, reacting, reading; a template's review decided; a sent message's status moved. Each
// goes through the simulated provider's controls, which notify the service as a real provider would.
import { createHash } from 'node:crypto';
import { rmSync } from 'node:fs';
import type { Domain } from '../domain';
import { assertServesInboundMediaById } from '../domain/messaging/channel-carriage';
import { isDryRunMessageId } from '../domain/messaging/delivery-mode';
import { UNEXPLAINED_FAILURE } from '../domain/messaging/message-status';
import { recipientOn } from '../domain/messaging/recipient';
import { accountOf } from '../domain/onboarding/clients';
import { badRequest, notFound } from '../domain/shared/errors';
import { assertProviderTransition } from '../domain/templates/rules';
import { templateShape } from '../http/shapes';
import type { EndUser, NotificationReceipt, ReceivedMedia } from '../provider/channel-provider';
import type { EndUserAction, SimulatorControls } from '../provider/simulated';
import { DEFAULT_PARTNER_ID, type ClientRecord, type PartnerId, type TemplateStatus } from '../store/records';
import { putExamplesInPlace } from './examples';
import type { BodyOf, Schemas } from './operation-types';
import type { SandboxWebhooks } from './webhooks';

type InboundRequest = BodyOf<'sandboxSimulateInbound'>;

export class SandboxSimulator {
  constructor(
    private readonly domain: Domain,
    private readonly simulator: SimulatorControls,
    private readonly webhooks: SandboxWebhooks,
  ) {}

  /** A hosted session created and completed here, with what a person would enter on the page. */
  async connectClient(partner: PartnerId, input: BodyOf<'sandboxConnectClient'>): Promise<Schemas['ConnectedClient']> {
    const { session, token } = await this.domain.sessions.create(partner, input.channel, input.client_ref, 'sandbox');
    // The default partner's accounts are derived from the reference alone (as before partners existed).
    const digest = createHash('sha256').update(partner === DEFAULT_PARTNER_ID ? input.client_ref : `${partner}:${input.client_ref}`).digest();
    const account =
      input.channel === 'chat'
        ? { phone_number: input.phone_number ?? `49${(digest.readUIntBE(0, 6) % 1e11).toString().padStart(11, '0')}` }
        : { username: input.username ?? `acct_${digest.toString('hex').slice(0, 16)}` };
    const client = await this.domain.sessions.complete(session.id, token, { business_name: input.business_name ?? input.client_ref, ...account });
    return { client_ref: client.client_ref, channel: client.channel, phone_number: client.phone_number, business_account_id: client.business_account_id };
  }

  /**
   * An end user acts on the client's account through the simulated provider (chat media are kept by it
   * first), which notifies the service: the window opens for a message, and the event is raised.
   */
  async inbound(partner: PartnerId, input: InboundRequest): Promise<Schemas['InboundFired']> {
    const client = await this.domain.clients.get(partner, input.client_ref);
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
    const published = await this.webhooks.firedTo(partner, raised(await this.simulator.endUserActs(action)));
    return received ? { ...published, media_id: received.id, media: received } : published;
  }

  /**
   * An end user's phone sends media in: the bytes go through the upload rule (kind from the content), the
   * simulated provider keeps them and describes them as its notification will.
   */
  private async receiveInboundMedia(client: ClientRecord, input: NonNullable<InboundRequest['media']>): Promise<ReceivedMedia> {
    assertServesInboundMediaById(client);
    const bytes = Buffer.from(input.content_base64, 'base64');
    const file = await this.domain.spoolBytes(bytes, input.mime_type ?? 'application/octet-stream', input.filename);
    try {
      return await this.simulator.receiveInboundMedia(accountOf(client), file);
    } finally {
      rmSync(file.path, { force: true });
    }
  }

  /** Decides the review (or the next provider move) of a template now; `status` omitted runs the planned move. */
  async decideReview(partner: PartnerId, input: BodyOf<'sandboxDecideReview'>): Promise<Schemas['ReviewedTemplate']> {
    const template = await this.domain.templates.resolve(partner, input.client_ref, input.template_ref, input.language);
    const simulator = this.simulator;
    let status: TemplateStatus | undefined = input.status;
    if (status === undefined) {
      status = (await simulator.plannedReview(template.id))?.status;
      if (status === undefined) throw badRequest(`Template ${template.name} has no planned move; pass status.`);
    }
    assertProviderTransition(template.status, status);
    await simulator.decideReview(template.id, status, input.reason ?? null);
    return templateShape(await this.domain.templates.resolve(partner, input.client_ref, template.id));
  }

  /** The simulated provider's template service, for every partner (it is the provider's outage). */
  async setProvider(input: BodyOf<'sandboxSetProvider'>): Promise<Schemas['ProviderState']> {
    await this.simulator.setTemplatesReachable(input.templates_reachable);
    return { templates_reachable: await this.simulator.templatesReachable() };
  }

  /** The provider moves a partner's sent message on (its receipt from the end user's phone). */
  async advanceMessage(partner: PartnerId, messageId: string, input: BodyOf<'sandboxAdvanceMessage'>): Promise<Schemas['MessageStatusMove']> {
    const { domain, simulator } = this;
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
    const client = await this.domain.clients.get(partner, input.client_ref);
    return { client_ref: input.client_ref, test_recipients: await this.domain.testRecipients.register(client, input.recipient) };
  }

  /** The objects the contract's request examples name, in place for the partner (server/sandbox/examples.ts). */
  async examples(partner: PartnerId) {
    return putExamplesInPlace(
      {
        domain: this.domain,
        simulator: this.simulator,
        connectClient: (p, client) => this.connectClient(p, client),
        inbound: (p, customer) => this.inbound(p, { ...customer }),
      },
      partner,
    );
  }
}

/** The event the service raised for what the sandbox made happen; every action on a connected client raises one. */
function raised(receipt: NotificationReceipt | undefined): NotificationReceipt {
  if (!receipt) throw new Error('The service raised no event for the simulated action.');
  return receipt;
}

function required(value: string | undefined, field: string): string {
  if (!value) throw badRequest(`${field} is required for this kind.`, { details: { [field]: ['is required'] } });
  return value;
}
