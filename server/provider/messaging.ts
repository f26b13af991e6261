import type { Readable } from 'node:stream';
import type { components } from '../../generated/openapi';
import type { MediaKind } from '../domain/media-kinds';

type Channel = components['schemas']['Channel'];

/** The provider account a client holds, as the messaging calls address it. */
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

/**
 * The messaging half of the channel provider: sends, send-media uploads, inbound media downloads.
 * Failures: ProviderError `rejected` (with the provider's code) or `unavailable`, MediaNotFoundError,
 * MissingCredentialsError.
 */
export interface MessagingProvider {
  sendMessage(account: ProviderAccount, message: OutboundMessage): Promise<SendReceipt>;
  uploadMedia(account: ProviderAccount, file: MediaFile): Promise<{ mediaId: string }>;
  fetchMedia(account: ProviderAccount, mediaId: string): Promise<MediaContent>;
}

/**
 * What an end user's phone does when it sends media in: the provider stores it and the webhook carries
 * its id. Only the simulated provider has this; the sandbox uses it to simulate inbound chat media.
 */
export interface InboundMediaIntake {
  receiveInboundMedia(account: ProviderAccount, file: MediaFile): Promise<{ mediaId: string }>;
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
