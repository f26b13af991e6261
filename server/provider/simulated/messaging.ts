import {
  ProviderError,
  type DeliveryFailure,
  type DeliveryStatusUpdate,
  type InboundArrival,
  type MediaKind,
  type MessagingProvider,
  type NotificationListener,
  type NotificationReceipt,
  type OutboundMessage,
  type ProviderAccount,
  type ReceivedEcho,
  type ReceivedMessage,
  type ReceivedPostback,
  type ReceivedPreference,
  type ReceivedReaction,
  type ReceivedRead,
  type SendReceipt,
} from '../channel-provider';
import type { SimulatorCalls } from './calls';
import type { SimulatorIds } from './clock-and-ids';
import { Notifications } from './notifications';

/**
 * What an end user does on a client's account, before the provider numbers a new message (or an echo) and
 * hosts each `social` attachment (of a kind of media) at a short-lived URL of its own.
 */
export type EndUserAction =
  | (Omit<ReceivedMessage, 'message_id' | 'attachments'> & { attachments?: { kind: MediaKind }[] })
  | Omit<ReceivedEcho, 'message_id'>
  | ReceivedReaction
  | ReceivedRead
  | ReceivedPostback
  | ReceivedPreference;

/**
 * The messaging side of the simulated provider, deterministic. Its triggers (server/README.md lists every
 * trigger of the simulator):
 *
 * | trigger | outcome |
 * |---|---|
 * | `to` ends in `0422` | rejected: provider code `131026`, "Message undeliverable" (→ 422 `provider_rejected`) |
 * | `to` ends in `0502` | unreachable (→ 502 `upstream_unavailable`) |
 * | `to` ends in `0410` | accepted, then `failed` at once (code `131026`, "Message undeliverable") |
 * | a media or header `link` whose host starts with `unfetchable` | accepted, then `failed` (code `131053`, "Media download error") |
 *
 * Everything else is accepted. Message ids: `wamid.…` on chat, `m_…` on social. What end users do and the
 * receipts of sent messages reach the service through its listeners when the sandbox (or a test) makes them
 * happen: `endUserActs`, `moveStatus`.
 */
/** What `social` calls each kind of media in `attachments[].type`. */
const SOCIAL_ATTACHMENT_TYPE: Readonly<Record<MediaKind, string>> = { image: 'image', video: 'video', audio: 'audio', document: 'file', sticker: 'sticker' };

export class SimulatedMessaging implements MessagingProvider {
  static readonly REJECTED_RECIPIENT_SUFFIX = '0422';
  static readonly UNREACHABLE_RECIPIENT_SUFFIX = '0502';
  static readonly FAILING_RECIPIENT_SUFFIX = '0410';

  private readonly arrivals = new Notifications<InboundArrival>();
  private readonly statusMoves = new Notifications<DeliveryStatusUpdate>();

  constructor(private readonly deps: { ids: SimulatorIds; calls: SimulatorCalls }) {}

  onInbound(listener: NotificationListener<InboundArrival>): void {
    this.arrivals.add(listener);
  }

  onStatus(listener: NotificationListener<DeliveryStatusUpdate>): void {
    this.statusMoves.add(listener);
  }

  /** An end user acts: a new message (or echo) gets its id, a social attachment its URL, and the service is notified. */
  endUserActs(action: EndUserAction): Promise<NotificationReceipt | undefined> {
    switch (action.kind) {
      case 'message': {
        const { attachments, ...message } = action;
        const arrival: ReceivedMessage = { ...message, message_id: this.messageId(action.account) };
        if (attachments?.length) arrival.attachments = attachments.map(({ kind }) => ({ type: SOCIAL_ATTACHMENT_TYPE[kind], url: this.attachmentUrl() }));
        return this.arrivals.send(arrival);
      }
      case 'echo':
        return this.arrivals.send({ ...action, message_id: this.messageId(action.account) });
      default:
        return this.arrivals.send(action);
    }
  }

  /** A sent message's delivery status moves (the end user's phone got it, read it, or it failed); the service is notified. */
  moveStatus(update: DeliveryStatusUpdate): Promise<NotificationReceipt | undefined> {
    return this.statusMoves.send(update);
  }

  async sendMessage(account: ProviderAccount, message: OutboundMessage): Promise<SendReceipt> {
    const record = (outcome: string) => this.deps.calls.push({ method: 'sendMessage', account, input: message, outcome });
    if (message.to.endsWith(SimulatedMessaging.UNREACHABLE_RECIPIENT_SUFFIX)) {
      record('unavailable');
      throw new ProviderError('unavailable', 'The channel provider did not answer.');
    }
    if (message.to.endsWith(SimulatedMessaging.REJECTED_RECIPIENT_SUFFIX)) {
      record('rejected');
      throw new ProviderError('rejected', 'Message undeliverable', '131026');
    }
    const messageId = this.messageId(account);
    record(messageId);
    const failure = deliveryFailure(message);
    return failure ? { messageId, failure } : { messageId };
  }

  private messageId(account: ProviderAccount): string {
    const raw = this.deps.ids.id('msg');
    return account.channel === 'chat'
      ? `wamid.${Buffer.from(raw).toString('base64')}`
      : `m_${Buffer.from(raw.slice(-22)).toString('base64url')}`;
  }

  private attachmentUrl(): string {
    return `https://cdn.social.example/attachments/${this.deps.ids.secret(12)}`;
  }
}

function deliveryFailure(message: OutboundMessage): DeliveryFailure | undefined {
  if (message.to.endsWith(SimulatedMessaging.FAILING_RECIPIENT_SUFFIX)) {
    return { code: 131026, title: 'Message undeliverable', message: 'The recipient cannot receive this message.' };
  }
  const links = JSON.stringify(message.payload).match(/"link":"([^"]*)"/g) ?? [];
  for (const entry of links) {
    const link = entry.slice(8, -1);
    try {
      if (new URL(link).hostname.startsWith('unfetchable')) {
        return { code: 131053, title: 'Media download error', message: `The media at ${link} could not be fetched.` };
      }
    } catch {
      continue;
    }
  }
  return undefined;
}
