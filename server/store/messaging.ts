import type { components } from '../../generated/openapi';
import type { KeyMode } from '../domain/keys';
import type { MediaKind } from '../domain/media-kinds';

export type OutboundStatus = components['schemas']['OutboundMessageStatus'];

/** An accepted (delivered, not dry-run) send and its current status. */
export interface MessageRecord {
  id: string;
  client_ref: string;
  channel: components['schemas']['Channel'];
  recipient: string;
  /** `free_form` or `template`. */
  kind: 'free_form' | 'template';
  /** The free-form type, or `template`. */
  type: string;
  key_mode: KeyMode;
  status: OutboundStatus;
  created_at: Date;
  updated_at: Date;
}

export interface StatusChange {
  message_id: string;
  status: OutboundStatus;
  at: Date;
  error: { code: number; title: string; message?: string } | null;
}

export interface MessageRepository {
  insert(message: MessageRecord): void;
  findById(id: string): MessageRecord | undefined;
  /** Moves the current status and appends the change to the history. */
  recordStatus(change: StatusChange): void;
  /** The status history of a message, oldest first. */
  history(id: string): StatusChange[];
}

/** Media held by the (simulated) provider: uploads for sends and media end users sent in. */
export interface StoredMedia {
  id: string;
  /** The provider account the media belongs to (a client's `account_key`). */
  account_key: string;
  direction: 'upload' | 'inbound';
  kind: MediaKind;
  mime_type: string;
  size: number;
  sha256: string;
  filename: string | null;
  path: string;
  created_at: Date;
  expires_at: Date;
}

export interface MediaRepository {
  insert(media: StoredMedia): void;
  find(accountKey: string, id: string): StoredMedia | undefined;
  /** Media whose retention ended before `now`; the provider removes them. */
  expired(now: Date): StoredMedia[];
  remove(id: string): void;
}

/** Last inbound message per (client, contact): the 24-hour customer service window. */
export interface ServiceWindowRepository {
  recordInbound(clientRef: string, contact: string, at: Date): void;
  lastInbound(clientRef: string, contact: string): Date | undefined;
}

/** Partner-level settings (one partner per server): the trial state. */
export interface PartnerSettingsRepository {
  get(name: string): string | undefined;
  set(name: string, value: string | null): void;
}

/** Recipients registered for real delivery of test-key sends, per client. */
export interface TestRecipientRepository {
  add(clientRef: string, recipient: string, at: Date): void;
  remove(clientRef: string, recipient: string): boolean;
  has(clientRef: string, recipient: string): boolean;
  list(clientRef: string): string[];
}

/** The repositories of sends and media (issue 4), part of `Store`. */
export interface MessagingStore {
  messages: MessageRepository;
  media: MediaRepository;
  serviceWindow: ServiceWindowRepository;
  partnerSettings: PartnerSettingsRepository;
  testRecipients: TestRecipientRepository;
}
