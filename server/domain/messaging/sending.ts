import type { components } from '../../../generated/openapi';
import type { MessagingProvider, OutboundMessage } from '../../provider/channel-provider';
import type { ApiKey, ClientRecord, UsageKind } from '../../store/records';
import type { TemplateRepository } from '../../store/repositories';
import {
  assertCarriesTemplates,
  assertChannelCarriesType,
  assertMediaByLinkWhereRequired,
  deliverablePayload,
  undeliveredOnChannel,
  type SendMessageRequest,
} from './channel-carriage';
import { accountOf, type Clients } from '../onboarding/clients';
import { DRY_RUN_ID_PREFIX, deliveryMode, type DeliveryMode } from './delivery-mode';
import { badRequest } from '../shared/errors';
import type { IdGenerator } from '../shared/ids';
import type { MessageStatuses } from './message-status';
import { callProvider, sendFailure } from '../shared/provider-failures';
import type { ServiceWindow } from './service-window';
import { assembleTemplate, mediaIdsOfAssembled, type AssembledTemplate } from '../templates/assembly';
import { mediaIdsIn, type MediaReference, type MediaScope } from '../media/media-scope';
import { resolveTemplate } from '../templates/resolve';
import { recipientOn } from './recipient';
import type { TestRecipients } from './test-recipients';
import type { Trial } from '../access/trial';
import type { Usage } from '../usage/usage';

type SendTemplateRequest = components['schemas']['SendTemplateRequest'];

export interface SendingDeps {
  clients: Clients;
  templates: Pick<TemplateRepository, 'findById' | 'findByName'>;
  provider: MessagingProvider;
  mediaScope: MediaScope;
  serviceWindow: ServiceWindow;
  trial: Trial;
  testRecipients: TestRecipients;
  statuses: MessageStatuses;
  usage: Usage;
  clock: () => Date;
  ids: IdGenerator;
}

/** What a send did: the message id (a provider's, or a dry run's own), and what the partner is told. */
export interface SendOutcome {
  messageId: string;
  /** No delivery was attempted. */
  dryRun: boolean;
  /** Why a test-key send was only simulated. */
  hint?: string;
  /** Content that could not be carried, or a send outside the service window. */
  warnings: string[];
  /** On a `template_ref` dry run: the template object a live send would carry. */
  template?: AssembledTemplate;
}

/**
 * The key a send is made with: its partner owns the client, and its mode decides dry runs, the window
 * refusal, the trial gate and usage.
 */
export type SendingKey = Pick<ApiKey, 'id' | 'mode' | 'partnerId'>;

/** POST /messages/send and POST /messages/send-template, rule by rule (section 4). */
export class Sending {
  constructor(private readonly deps: SendingDeps) {}

  /** A free-form send's rules in order. */
  async sendMessage(key: SendingKey, request: SendMessageRequest): Promise<SendOutcome> {
    const client = await this.deps.clients.get(key.partnerId, request.client_ref);
    const to = recipientOn(client.channel, request.to);
    assertChannelCarriesType(client.channel, request.type);
    assertMediaByLinkWhereRequired(client.channel, request);
    const payload = deliverablePayload(client.channel, request);
    await this.deps.mediaScope.assertSendable(client, mediaIdsIn({ type: request.type, [request.type]: payload }, ''));
    const warnings = undeliveredOnChannel(client.channel, request);
    // Rule 5: the service window.
    const windowWarning = await this.deps.serviceWindow.check(client, to, key.mode);
    if (windowWarning) warnings.push(windowWarning);
    const mode = await this.modeOf(key, client, to, request.dry_run);
    return this.deliver(key, client, mode, { to, type: request.type, payload }, 'outbound', warnings);
  }

  async sendTemplate(key: SendingKey, request: SendTemplateRequest): Promise<SendOutcome> {
    const client = await this.deps.clients.get(key.partnerId, request.client_ref);
    assertCarriesTemplates(client, 'send');
    const to = recipientOn(client.channel, request.to);
    let payload: Record<string, unknown>;
    let assembled: AssembledTemplate | undefined;
    let media: MediaReference[];
    if ('template_ref' in request && request.template_ref !== undefined) {
      const template = await resolveTemplate(this.deps.templates, client, request.template_ref, request.language);
      assertApproved(template);
      assembled = assembleTemplate(template, request);
      payload = assembled;
      media = mediaIdsOfAssembled(assembled);
    } else {
      payload = (request as components['schemas']['SendRawTemplate']).template as Record<string, unknown>;
      media = mediaIdsIn(payload, 'template.');
    }
    await this.deps.mediaScope.assertSendable(client, media);
    const mode = await this.modeOf(key, client, to, request.dry_run);
    const outcome = await this.deliver(key, client, mode, { to, type: 'template', payload }, 'outbound_template', []);
    if (outcome.dryRun && assembled) outcome.template = assembled;
    return outcome;
  }

  private async modeOf(key: SendingKey, client: ClientRecord, to: string, dryRun: boolean | undefined): Promise<DeliveryMode> {
    const registered = key.mode === 'test' && (await this.deps.testRecipients.isRegistered(client, to));
    return deliveryMode(key.mode, dryRun, { client_ref: client.client_ref, to }, registered);
  }

  /** Dry runs stop here; deliveries pass the trial gate, go to the provider, get a status and count. */
  private async deliver(
    key: SendingKey,
    client: ClientRecord,
    mode: DeliveryMode,
    message: OutboundMessage,
    usageKind: Extract<UsageKind, 'outbound' | 'outbound_template'>,
    warnings: string[],
  ): Promise<SendOutcome> {
    if (!mode.deliver) {
      const outcome: SendOutcome = { messageId: this.deps.ids.id(DRY_RUN_ID_PREFIX), dryRun: true, warnings };
      if (mode.hint) outcome.hint = mode.hint;
      return outcome;
    }
    return this.delivered(key, client, message, usageKind, warnings);
  }

  private async delivered(
    key: SendingKey,
    client: ClientRecord,
    message: OutboundMessage,
    usageKind: Extract<UsageKind, 'outbound' | 'outbound_template'>,
    warnings: string[],
  ): Promise<SendOutcome> {
    await this.deps.trial.assertLiveSendAllowed(key, false);
    const receipt = await callProvider(() => this.deps.provider.sendMessage(accountOf(client), message), sendFailure('message'));
    await this.deps.statuses.accept(
      {
        id: receipt.messageId,
        partner_id: client.partner_id,
        client_ref: client.client_ref,
        channel: client.channel,
        recipient: message.to,
        kind: usageKind === 'outbound' ? 'free_form' : 'template',
        type: message.type,
        key_mode: key.mode,
      },
      receipt.failure ? 'failed' : 'sent',
      receipt.failure,
    );
    await this.deps.usage.record(client.partner_id, { kind: usageKind, traffic: key.mode, dryRun: false, at: this.deps.clock() });
    return { messageId: receipt.messageId, dryRun: false, warnings };
  }
}

/** Rule 1 of section 3: only APPROVED templates are sent (`template_not_approved`, with the reason). */
export function assertApproved(template: { name: string; language: string; status: string; rejected_reason: string | null }): void {
  if (template.status === 'APPROVED') return;
  const details: Record<string, unknown> = { status: template.status };
  if (template.rejected_reason) details.rejected_reason = template.rejected_reason;
  throw badRequest(
    `Template ${template.name} (${template.language}) is ${template.status}${template.rejected_reason ? ` (${template.rejected_reason})` : ''}; only APPROVED templates can be sent.`,
    { code: 'template_not_approved', details },
  );
}
