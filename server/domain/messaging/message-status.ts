import type { DeliveryFailure, DeliveryStatusUpdate, MessagingProvider, NotificationReceipt } from '../../provider/channel-provider';
import type { MessageRecord, OutboundStatus, PartnerId, StatusChange } from '../../store/records';
import type { MessageRepository } from '../../store/repositories';
import { carriesEvent } from './channel-carriage';
import type { Clients } from '../onboarding/clients';
import type { Clock } from '../shared/clock';
import { conflict, notFound } from '../shared/errors';
import type { EventPublisher, NewWebhookEvent } from '../shared/events';

export type StatusError = DeliveryFailure;

/** The error of a `failed` move the provider gave no reason for. */
export const UNEXPLAINED_FAILURE: StatusError = { code: 131000, title: 'Something went wrong' };

export type MessageStatusEvent = Extract<NewWebhookEvent, { event: 'message.status' }>;

const RANK: Readonly<Record<OutboundStatus, number>> = { sent: 1, delivered: 2, read: 3, failed: 0 };

/**
 * Decision 3 (docs/decisions.md): `sent → delivered → read`; `failed` may follow `sent` or come first and
 * is final; no backward moves (skipping ahead, `sent → read`, is a forward move).
 */
export function isAllowedTransition(from: OutboundStatus | undefined, to: OutboundStatus): boolean {
  if (from === undefined) return to === 'sent' || to === 'failed';
  if (from === 'failed' || from === 'read') return false;
  if (to === 'failed') return from === 'sent';
  return RANK[to] > RANK[from];
}

/**
 * `message.status` of one move of a message, keyed by the `message_id` its send returned; none on a channel
 * that does not carry `message.status`.
 */
export function messageStatusEvent(
  message: Pick<MessageRecord, 'id' | 'channel' | 'client_ref' | 'recipient'>,
  change: Pick<StatusChange, 'status' | 'at' | 'error'>,
): MessageStatusEvent | undefined {
  if (!carriesEvent(message.channel, 'message.status')) return undefined;
  const status: MessageStatusEvent['statuses'][number] = { id: message.id, status: change.status, recipient_id: message.recipient, timestamp: change.at.toISOString() };
  if (change.error) status.errors = [change.error];
  return { event: 'message.status', channel: 'chat', client_ref: message.client_ref, statuses: [status] };
}

/**
 * The status of accepted sends: every transition is recorded and raised as `message.status` on the channels
 * that carry it. The provider's receipts (the messaging port's `onStatus`) move them on.
 */
export class MessageStatuses {
  constructor(
    private readonly messages: MessageRepository,
    private readonly clients: Pick<Clients, 'ofAccount'>,
    private readonly events: EventPublisher,
    private readonly clock: Clock,
  ) {}

  /** Listens to the provider's receipts. */
  follow(provider: Pick<MessagingProvider, 'onStatus'>): void {
    provider.onStatus((update) => this.applyProviderStatus(update));
  }

  /** The provider moved a message of a client's account on; an account no client holds is ignored. */
  async applyProviderStatus(update: DeliveryStatusUpdate): Promise<NotificationReceipt | undefined> {
    const client = await this.clients.ofAccount(update.account);
    if (!client) return undefined;
    return this.advance(client.partner_id, update.message_id, update.status, update.failure);
  }

  /** A send the provider accepted: stored with its first status (`sent`, or `failed` when already known). */
  async accept(message: Omit<MessageRecord, 'status' | 'created_at' | 'updated_at'>, first: OutboundStatus = 'sent', error?: StatusError): Promise<MessageRecord> {
    const now = this.clock();
    const record: MessageRecord = { ...message, status: first, created_at: now, updated_at: now };
    await this.messages.insert(record);
    await this.emit(record, { message_id: record.id, status: first, at: now, error: error ?? null });
    return record;
  }

  /** Moves a partner's message on (404 for none, 409 for a move decision 3 does not allow); answers the event raised, if any. */
  async advance(partnerId: PartnerId, messageId: string, to: OutboundStatus, error?: StatusError): Promise<NotificationReceipt | undefined> {
    const message = await this.message(partnerId, messageId);
    if (!isAllowedTransition(message.status, to)) {
      throw conflict(`Message ${messageId} is ${message.status}; it cannot move to ${to}.`);
    }
    const change: StatusChange = {
      message_id: messageId,
      status: to,
      at: this.clock(),
      error: to === 'failed' ? (error ?? UNEXPLAINED_FAILURE) : null,
    };
    await this.messages.recordStatus(change);
    return this.publish({ ...message, status: to, updated_at: change.at }, change);
  }

  get(partnerId: PartnerId, messageId: string): Promise<MessageRecord | undefined> {
    return this.messages.findById(partnerId, messageId);
  }

  /** A partner's message; another partner's is not found either (404). */
  async message(partnerId: PartnerId, messageId: string): Promise<MessageRecord> {
    const message = await this.messages.findById(partnerId, messageId);
    if (!message) throw notFound(`No message ${messageId}.`);
    return message;
  }

  history(messageId: string): Promise<StatusChange[]> {
    return this.messages.history(messageId);
  }

  private async emit(record: MessageRecord, change: StatusChange): Promise<void> {
    await this.messages.recordStatus(change);
    await this.publish(record, change);
  }

  private async publish(message: MessageRecord, change: StatusChange): Promise<NotificationReceipt | undefined> {
    const event = messageStatusEvent(message, change);
    if (!event) return undefined;
    const { event_id } = await this.events.publish(message.partner_id, event);
    return { event_id, event: event.event };
  }
}
