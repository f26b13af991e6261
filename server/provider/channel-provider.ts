// The channel provider as the service sees it: one port, grouped by capability (onboarding, messaging,
// media, templates). The domain talks to channels only through it; the simulated provider implements it,
// and so would an adapter to the real provider.
import type { Readable } from 'node:stream';
import type { components, webhooks } from '../../generated/openapi';

type Schemas = components['schemas'];
type Channel = Schemas['Channel'];
export type MediaKind = Schemas['MediaUploadResponse']['kind'];
export type TemplateMediaFormat = Schemas['TemplateMediaResponse']['format'];
export type ProviderTemplateComponent = NonNullable<Schemas['Template']['components']>[number];

export type ProviderErrorReason = 'invalid_code' | 'rejected' | 'unavailable';

/** A provider failure; the domain decides what it means for the partner (domain/shared/provider-failures.ts). */
export class ProviderError extends Error {
  constructor(
    readonly reason: ProviderErrorReason,
    message: string,
    readonly providerCode?: string,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

/** The provider does not know this media id for this account (or its 30 days are over). */
export class MediaNotFoundError extends Error {
  constructor(readonly mediaId: string) {
    super(`The provider does not know media ${mediaId}.`);
    this.name = 'MediaNotFoundError';
  }
}

/** The provider holds no usable credentials for the account. */
export class MissingCredentialsError extends Error {
  constructor() {
    super('The provider holds no channel credentials for this account.');
    this.name = 'MissingCredentialsError';
  }
}

// ---------------------------------------------------------------------------------------------------------
// Onboarding

/** What the provider reports about an account once a person (or a code exchange) authorized it. */
export interface ConnectedAccount {
  channel: Channel;
  business_name: string;
  /** `chat`: display number, its provider id and the business account holding it. */
  phone_number?: string;
  phone_number_id?: string;
  /** `chat`: the business account; `social`: the professional account id. */
  business_account_id: string;
  /** `social`: the account's handle. */
  username?: string;
}

/** What the person entered on the hosted connection page. */
export interface HostedAuthorization {
  channel: Channel;
  business_name: string;
  /** `chat`: the number to connect, international digits. */
  phone_number?: string;
  /** `social`: the professional account handle. */
  username?: string;
}

export interface OnboardingProvider {
  /** Embedded-signup code exchange (`chat`). Rejects with ProviderError `invalid_code` or `unavailable`. */
  exchangeSignupCode(authCode: string): Promise<ConnectedAccount>;
  /** Authorization run by the hosted page. Rejects with ProviderError `rejected` or `unavailable`. */
  authorizeHostedConnection(request: HostedAuthorization): Promise<ConnectedAccount>;
}

// ---------------------------------------------------------------------------------------------------------
// Messaging

/** The provider account a client holds, as messaging and media calls address it. */
export interface ProviderAccount {
  channel: Channel;
  /** `chat`: the phone number id; `social`: the professional account id. */
  account_key: string;
}

/** One outbound message in the provider's own shape: `type` selects the same-named payload field. */
export interface OutboundMessage {
  to: string;
  /** A free-form type (`text`, `image`, …) or `template`. */
  type: string;
  /** The payload of that type (an object; an array for `contacts`; for `template`: the template object). */
  payload: unknown;
}

/** A failure the provider reports after accepting a message (for example an unfetchable media link). */
export interface DeliveryFailure {
  code: number;
  title: string;
  message?: string;
}

export interface SendReceipt {
  /** The provider's message id; `message.status` events are keyed by it. */
  messageId: string;
  /** Set when the provider accepted the message but already knows it cannot be delivered. */
  failure?: DeliveryFailure;
}

/** The person on the other end of a client's account: a phone number (`chat`) or a scoped user id (`social`), with the profile the provider has. */
export interface EndUser {
  id: string;
  name?: string;
  username?: string;
}

/** Media an end user sent on `chat`: the provider keeps it under `id` (fetchMedia) for 30 days. */
export interface ReceivedMedia {
  kind: MediaKind;
  id: string;
  mime_type: string;
  /** Lowercase hex SHA-256 of the bytes. */
  sha256: string;
  filename?: string;
  caption?: string;
}

/** Media an end user sent on `social`: a short-lived URL of the provider's (`type`: image, video, audio, file, …). */
export interface ReceivedAttachment {
  type: string;
  url: string;
}

interface Arrival {
  /** The client's account it arrived on. */
  account: ProviderAccount;
  /** Who did it, or (an echo) to whom the business wrote. */
  user: EndUser;
}

/** An end user wrote: text, media kept by id (`chat`), attachments by URL (`social`). */
export interface ReceivedMessage extends Arrival {
  kind: 'message';
  /** The provider's id of the new message. */
  message_id: string;
  text?: string;
  media?: ReceivedMedia;
  attachments?: ReceivedAttachment[];
}

/** An end user reacted to a message with an emoji, or took the reaction back (`emoji` empty). */
export interface ReceivedReaction extends Arrival {
  kind: 'reaction';
  message_id: string;
  emoji: string;
}

/** An end user read the business's messages up to `message_id` (`social`). */
export interface ReceivedRead extends Arrival {
  kind: 'read';
  message_id: string;
}

/** An end user tapped a button or menu entry (`social`). */
export interface ReceivedPostback extends Arrival {
  kind: 'postback';
  payload: string;
  title?: string;
  message_id?: string;
}

/** The business wrote to `user` from another app on the same account (`social`). */
export interface ReceivedEcho extends Arrival {
  kind: 'echo';
  message_id: string;
  text: string;
}

/** An end user changed what they receive (`chat`: marketing messages). */
export interface ReceivedPreference extends Arrival {
  kind: 'preference';
  category: string;
  value: 'opt_in' | 'opt_out';
  detail?: string;
}

/** What end users do on a client's account, as the provider notifies it. */
export type InboundArrival = ReceivedMessage | ReceivedReaction | ReceivedRead | ReceivedPostback | ReceivedEcho | ReceivedPreference;

/** A delivery-status move of a message the provider accepted (its receipts from the end user's phone). */
export interface DeliveryStatusUpdate {
  account: ProviderAccount;
  /** The id sendMessage answered. */
  message_id: string;
  status: 'delivered' | 'read' | 'failed';
  /** With `failed`: what went wrong, when the provider says. */
  failure?: DeliveryFailure;
}

/**
 * What the service answers one of the provider's notifications with: the event it raised for the partner,
 * if any. A real provider only waits for the answer; the simulator's controls hand it to their caller.
 */
export interface NotificationReceipt {
  event_id: string;
  /** The contract's name of the event (`webhooks:` of openapi.yaml). */
  event: keyof webhooks;
}

/** The service's receiver of one kind of the provider's notifications (its webhook to the service). */
export type NotificationListener<T> = (notification: T) => Promise<NotificationReceipt | void> | NotificationReceipt | void;

export interface MessagingProvider {
  /** Rejects with ProviderError `rejected` (with the provider's code) or `unavailable`. */
  sendMessage(account: ProviderAccount, message: OutboundMessage): Promise<SendReceipt>;
  /** Registers the receiver of what end users do on clients' accounts. */
  onInbound(listener: NotificationListener<InboundArrival>): void;
  /** Registers the receiver of delivery-status moves of sent messages. */
  onStatus(listener: NotificationListener<DeliveryStatusUpdate>): void;
}

// ---------------------------------------------------------------------------------------------------------
// Media

/** A file on disk handed to the provider, which takes ownership of it (moves or deletes it). */
export interface MediaFile {
  path: string;
  size: number;
  sha256: string;
  mimeType: string;
  kind: MediaKind;
  filename: string | undefined;
}

/** Media the provider serves back. */
export interface MediaContent {
  mimeType: string;
  size: number;
  /** Lowercase hex SHA-256, as the provider reports it. */
  sha256: string;
  open(): Readable;
}

/** A media id or header handle the provider holds for an account, and when its retention ends. */
export interface HeldMediaReference {
  expiresAt: Date;
}

export interface MediaProvider {
  /** Send media for later sends by id. Rejects with ProviderError `rejected` or `unavailable`. */
  uploadMedia(account: ProviderAccount, file: MediaFile): Promise<{ mediaId: string }>;
  /**
   * What the provider holds for this account under a media id (sent media it uploaded, inbound media it
   * received), or undefined when it holds nothing for this account under that id: the provider never tells
   * an account that another one holds the id. Rejects with ProviderError `unavailable`.
   */
  lookupMedia(account: ProviderAccount, mediaId: string): Promise<HeldMediaReference | undefined>;
  /** The same for a template header handle (TemplateProvider.uploadTemplateMedia) of a business account. */
  lookupHeaderMedia(businessAccountId: string, handle: string): Promise<HeldMediaReference | undefined>;
  /** Inbound media by id. Rejects with MediaNotFoundError, MissingCredentialsError or ProviderError. */
  fetchMedia(account: ProviderAccount, mediaId: string): Promise<MediaContent>;
}

// ---------------------------------------------------------------------------------------------------------
// Templates (`chat` business accounts)

/** A template as the provider holds it on a business account. */
export interface ProviderTemplate {
  id: string;
  name: string;
  language: string;
  category: Schemas['TemplateCategory'];
  status: Schemas['TemplateStatus'];
  /** The provider's reason; set only when REJECTED. */
  reason: string | null;
  components: ProviderTemplateComponent[];
  created_at: Date;
  updated_at: Date;
}

export type ProviderTemplateContent = Pick<ProviderTemplate, 'name' | 'language' | 'category' | 'components'>;

/** A status move the provider reports on its own (review result, quality signal, appeal). */
export interface ProviderTemplateStatusUpdate {
  business_account_id: string;
  template_id: string;
  status: Schemas['TemplateStatus'];
  reason: string | null;
  at: Date;
}

export interface TemplateMediaUpload {
  format: TemplateMediaFormat;
  mimeType: string;
  filename?: string;
  /** The bytes, streamed; the provider consumes them. */
  content: Readable;
}

/**
 * Failures reject with ProviderError: `rejected` (the provider refused the content; providerCode and
 * message carry its reason) or `unavailable` (no answer).
 */
export interface TemplateProvider {
  /** Submits a template for review; it comes back PENDING and the review result arrives later. */
  createTemplate(businessAccountId: string, content: ProviderTemplateContent): Promise<ProviderTemplate>;
  /** Replaces the content and resubmits for review (back to PENDING). */
  editTemplate(businessAccountId: string, templateId: string, content: ProviderTemplateContent): Promise<ProviderTemplate>;
  deleteTemplate(businessAccountId: string, templateId: string): Promise<void>;
  listTemplates(businessAccountId: string): Promise<ProviderTemplate[]>;
  /** Uploads header media; resolves to the handle for `header_handle`. */
  uploadTemplateMedia(businessAccountId: string, upload: TemplateMediaUpload): Promise<{ handle: string; size: number }>;
  /** Registers the receiver of the provider's own status moves. */
  onTemplateStatus(listener: NotificationListener<ProviderTemplateStatusUpdate>): void;
}

/** The whole port. */
export interface ChannelProvider {
  onboarding: OnboardingProvider;
  messaging: MessagingProvider;
  media: MediaProvider;
  templates: TemplateProvider;
}
