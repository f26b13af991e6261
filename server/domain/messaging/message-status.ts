import type { MessageRecord, OutboundStatus, PartnerId, StatusChange } from '../../store/records';
import type { MessageRepository } from '../../store/repositories';
import { carriesEvent } from './channel-carriage';
import type { Clock } from '../shared/clock';
import { conflict, notFound } from '../shared/errors';
import type { EventPublisher } from '../shared/events';

export interface StatusError {
  code: number;
  title: string;
  message?: string;
}

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
 * The status of accepted sends: every transition is recorded and raised as `message.status`, keyed by
 * the `message_id` the send returned, on the channels that carry `message.status`.
 */
export class MessageStatuses {
  constructor(
    private readonly messages: MessageRepository,
    private readonly events: EventPublisher,
    private readonly clock: Clock,
  ) {}

  /** A send the provider accepted: stored with its first status (`sent`, or `failed` when already known). */
  async accept(message: Omit<MessageRecord, 'status' | 'created_at' | 'updated_at'>, first: OutboundStatus = 'sent', error?: StatusError): Promise<MessageRecord> {
    const now = this.clock();
    const record: MessageRecord = { ...message, status: first, created_at: now, updated_at: now };
    await this.messages.insert(record);
    await this.emit(record, { message_id: record.id, status: first, at: now, error: error ?? null });
    return record;
  }

  /** Moves a message on (the sandbox and the simulated provider's receipts call this). */
  async advance(partnerId: PartnerId, messageId: string, to: OutboundStatus, error?: StatusError): Promise<MessageRecord> {
    const message = await this.messages.findById(partnerId, messageId);
    if (!message) throw notFound(`No message ${messageId}.`);
    if (!isAllowedTransition(message.status, to)) {
      throw conflict(`Message ${messageId} is ${message.status}; it cannot move to ${to}.`);
    }
    const change: StatusChange = {
      message_id: messageId,
      status: to,
      at: this.clock(),
      error: to === 'failed' ? (error ?? { code: 131000, title: 'Something went wrong' }) : null,
    };
    await this.messages.recordStatus(change);
    const moved = { ...message, status: to, updated_at: change.at };
    await this.publish(moved, change);
    return moved;
  }

  get(partnerId: PartnerId, messageId: string): Promise<MessageRecord | undefined> {
    return this.messages.findById(partnerId, messageId);
  }

  history(messageId: string): Promise<StatusChange[]> {
    return this.messages.history(messageId);
  }

  private async emit(record: MessageRecord, change: StatusChange): Promise<void> {
    await this.messages.recordStatus(change);
    await this.publish(record, change);
  }

  private async publish(message: MessageRecord, change: StatusChange): Promise<void> {
    if (!carriesEvent(message.channel, 'message.status')) return;
    const status: {
      id: string;
      status: OutboundStatus;
      recipient_id: string;
      timestamp: string;
      errors?: { code: number; title: string; message?: string }[];
    } = { id: message.id, status: change.status, recipient_id: message.recipient, timestamp: change.at.toISOString() };
    if (change.error) status.errors = [change.error];
    await this.events.publish(message.partner_id, { event: 'message.status', channel: 'chat', client_ref: message.client_ref, statuses: [status] });
  }
}
