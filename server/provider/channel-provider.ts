// The channel provider as the service sees it: one port, grouped by capability (onboarding, messaging,
// media, templates). The domain talks to channels only through it; the simulated provider implements it,
// and so would an adapter to the real provider.
import type { Readable } from 'node:stream';
import type { components } from '../../generated/openapi';

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
  message: string;
}

export interface SendReceipt {
  /** The provider's message id; `message.status` events are keyed by it. */
  messageId: string;
  /** Set when the provider accepted the message but already knows it cannot be delivered. */
  failure?: DeliveryFailure;
}

export interface MessagingProvider {
  /** Rejects with ProviderError `rejected` (with the provider's code) or `unavailable`. */
  sendMessage(account: ProviderAccount, message: OutboundMessage): Promise<SendReceipt>;
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
  /** Registers the receiver of the provider's own status moves (its webhook to the service). */
  onTemplateStatus(listener: (update: ProviderTemplateStatusUpdate) => void | Promise<void>): void;
}

/** The whole port. */
export interface ChannelProvider {
  onboarding: OnboardingProvider;
  messaging: MessagingProvider;
  media: MediaProvider;
  templates: TemplateProvider;
}
