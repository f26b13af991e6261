// The sandbox's records as the bodies its contract documents (server/sandbox/openapi.yaml), in one place, as
// http/shapes.ts is for the public API's.
import { operationsTaking, timesApplied } from '../domain/faults/faults';
import type { ApiKey, Fault, Partner, WebhookConfig } from '../store/records';
import type { DeliveryLogEntry } from '../webhooks';
import type { components } from './generated/openapi';

type Schemas = components['schemas'];

const isoOrNull = (at: Date | null) => at?.toISOString() ?? null;

export const partnerShape = (partner: Partner): Schemas['Partner'] => ({ id: partner.id, name: partner.name, created_at: partner.created_at.toISOString() });

export const keyShape = (key: ApiKey): Schemas['Key'] => ({
  id: key.id,
  partner_id: key.partnerId,
  name: key.name,
  mode: key.mode,
  prefix: key.prefix,
  scopes: key.scopes,
  allowed_ips: key.allowedIps,
  expires_at: isoOrNull(key.expiresAt),
  created_at: key.createdAt.toISOString(),
  revoked_at: isoOrNull(key.revokedAt),
  replaced_by_id: key.replacedById,
});

/** A receiver configuration; no selected kinds means every kind (`all`). */
export const webhookConfigShape = (config: WebhookConfig): Schemas['WebhookConfig'] => ({
  url: config.url,
  events: config.events.length ? config.events : 'all',
  secret: config.secret,
  updated_at: config.updated_at.toISOString(),
});

export const deliveryShape = (entry: DeliveryLogEntry): Schemas['Delivery'] => ({
  id: entry.delivery.id,
  event_id: entry.delivery.event_id,
  event: entry.event,
  client_ref: entry.client_ref,
  url: entry.delivery.url,
  state: entry.delivery.state,
  trigger: entry.delivery.trigger,
  attempts: entry.attempts.map((a) => ({
    number: a.number,
    started_at: a.started_at.toISOString(),
    duration_ms: a.duration_ms,
    status_code: a.status_code,
    error: a.error,
    succeeded: a.succeeded,
  })),
  next_attempt_at: isoOrNull(entry.delivery.next_attempt_at),
  created_at: entry.delivery.created_at.toISOString(),
});

/** A fault with the prefix of its key (`keys`: the partner's keys by id) and the operations it reaches. */
export const faultShape = (fault: Fault, keys: ReadonlyMap<string, ApiKey>): Schemas['Fault'] => ({
  id: fault.id,
  kind: fault.kind,
  key_id: fault.keyId,
  key_prefix: fault.keyId === null ? null : (keys.get(fault.keyId)?.prefix ?? null),
  operation: fault.operationId,
  applies_to: operationsTaking(fault.kind, fault.operationId),
  times: fault.times,
  remaining: fault.remaining,
  share_percent: fault.sharePercent,
  applied: timesApplied(fault),
  retry_after_seconds: fault.retryAfterSeconds,
  delay_ms: fault.delayMs,
  created_at: fault.createdAt.toISOString(),
});
