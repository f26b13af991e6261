// The records the service stores, as its repositories hand them out. Spec enums come from generated/; the
// domain reads and writes these shapes through the repositories of ./repositories.ts.
import type { Scope } from '../../generated/constants';
import type { components, webhooks } from '../../generated/openapi';
import type { components as SandboxComponents } from '../sandbox/generated/openapi';

type Schemas = components['schemas'];

export type Channel = Schemas['Channel'];
export type KeyMode = 'test' | 'live';
export type TemplateStatus = Schemas['TemplateStatus'];
export type TemplateCategory = Schemas['TemplateCategory'];
/** A provider template component: free-form (`type` selects the rest). */
export type TemplateComponent = NonNullable<Schemas['Template']['components']>[number];
export type OutboundStatus = Schemas['OutboundMessageStatus'];
/** Every event kind of the contract's `webhooks:`. */
export type WebhookEventKind = keyof webhooks;
export type UsageKind = 'inbound' | 'outbound' | 'outbound_template';

/** A partner account's id: every key, client, template, session, webhook configuration and count belongs to one. */
export type PartnerId = string;

/** The partner a plain `npm start` serves, and the owner of every record written before partner accounts existed. */
export const DEFAULT_PARTNER_ID: PartnerId = 'default';

export interface Partner {
  id: PartnerId;
  name: string;
  created_at: Date;
}

/** A partner's portal token, as kept: its hash only (the token is shown once). */
export interface PortalTokenRecord {
  partnerId: PartnerId;
  hash: string;
  issuedAt: Date;
}

/**
 * One `/v1` request of a partner's key in its request log: what the list shows, and `detail` (the request's
 * headers and both bodies, redacted, as JSON text) for the one request.
 */
export interface RequestLogEntry {
  partnerId: PartnerId;
  requestId: string;
  at: Date;
  method: string;
  path: string;
  operationId: string | null;
  status: number;
  errorCode: string | null;
  durationMs: number;
  keyId: string;
  keyPrefix: string;
  detail: string;
}

/** A client as the records of its partner name it: what its templates, window and test recipients hang on. */
export interface ClientId {
  partner_id: PartnerId;
  client_ref: string;
}

/** A stored key: never the key itself, only its SHA-256 hash and a short display prefix. */
export interface ApiKey {
  id: string;
  partnerId: PartnerId;
  name: string | null;
  mode: KeyMode;
  scopes: Scope[];
  hash: string;
  prefix: string;
  allowedIps: string[];
  expiresAt: Date | null;
  createdAt: Date;
  revokedAt: Date | null;
  replacedById: string | null;
}

/** A connected client: the API fields plus the provider account it holds. */
export interface ClientRecord extends ClientId {
  channel: Channel;
  business_name: string;
  phone_number: string | null;
  phone_number_id: string | null;
  business_account_id: string;
  /** Unique per channel: `chat` the number id, `social` the account id. */
  account_key: string;
  connected_at: Date;
}

export interface OnboardingSession {
  id: string;
  partner_id: PartnerId;
  channel: Channel;
  client_ref: string;
  /** SHA-256 of the URL token; the token itself is only in the URL handed to the partner. */
  token_hash: string;
  created_at: Date;
  expires_at: Date;
  used_at: Date | null;
  /** Key that created the session. */
  key_id: string;
}

export interface UsageCount {
  period: string;
  kind: UsageKind;
  count: number;
}

/** A template as the local mirror stores it. */
export interface TemplateRecord extends ClientId {
  id: string;
  name: string;
  language: string;
  category: TemplateCategory;
  status: TemplateStatus;
  rejected_reason: string | null;
  template_type: string;
  components: TemplateComponent[];
  created_at: Date;
  updated_at: Date;
}

/** An accepted (delivered, not dry-run) send and its current status. */
export interface MessageRecord extends ClientId {
  id: string;
  channel: Channel;
  recipient: string;
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

/** The receiver configuration a partner saves in the portal. */
export interface WebhookConfig {
  url: string | null;
  /** Selected event kinds; empty means every kind. */
  events: WebhookEventKind[];
  secret: string;
  updated_at: Date;
}

export interface StoredEvent {
  event_id: string;
  partner_id: PartnerId;
  event: WebhookEventKind;
  client_ref: string;
  /** The payload serialized once: the exact bytes every attempt and redelivery sends. */
  body: string;
  created_at: Date;
}

export type DeliveryState = 'pending' | 'succeeded' | 'failed';

export interface Delivery {
  id: string;
  partner_id: PartnerId;
  event_id: string;
  url: string;
  state: DeliveryState;
  /** `automatic` at publication, `manual` for a redelivery. */
  trigger: 'automatic' | 'manual';
  attempts: number;
  /** When the next attempt is due; null once succeeded or failed. */
  next_attempt_at: Date | null;
  /**
   * A delivery held back by an out-of-order fault (a sandbox fault), which this one overtakes: it is due as
   * soon as this one's first attempt is made.
   */
  overtakes: string | null;
  created_at: Date;
  updated_at: Date;
}

export interface DeliveryAttempt {
  delivery_id: string;
  number: number;
  started_at: Date;
  duration_ms: number;
  status_code: number | null;
  error: string | null;
  succeeded: boolean;
}

/**
 * What a sandbox fault does (the sandbox contract's `FaultKind`): answer `429` (with Retry-After), `500` or
 * `502` in place of the operation's answer, answer after a delay, or close the connection without an answer
 * (these for one key's requests); deliver a webhook event twice, or after the partner's next one (these for
 * the partner's deliveries).
 */
export type FaultKind = SandboxComponents['schemas']['FaultKind'];

/** A fault set in the sandbox: which requests or deliveries take it, and how many have. */
export interface Fault {
  id: string;
  partnerId: PartnerId;
  kind: FaultKind;
  /** The key whose requests take it; null for a delivery fault (the partner's deliveries). */
  keyId: string | null;
  /** Only this operation's requests; null: every operation that documents what the fault answers. */
  operationId: string | null;
  /** `429`: the Retry-After it answers with. */
  retryAfterSeconds: number | null;
  /** `delay`: how long the request waits before it goes on. */
  delayMs: number | null;
  /** The next N: how many requests (or deliveries) take it; null for a share. */
  times: number | null;
  /** Of `times`, how many are still to take it. */
  remaining: number | null;
  /** A share, in percent, of the matching requests (or deliveries), evenly spread; null for the next N. */
  sharePercent: number | null;
  /** How many matching requests (or deliveries) a share has seen. */
  seen: number;
  /** `out_of_order_delivery`: the delivery held back until the partner's next one overtakes it. */
  heldDeliveryId: string | null;
  createdAt: Date;
}

/** Who has faults set: keys (their requests) and partners (their deliveries). Asked on every request. */
export interface FaultTargets {
  keys: ReadonlySet<string>;
  partners: ReadonlySet<PartnerId>;
}
