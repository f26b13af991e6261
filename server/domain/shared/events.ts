import type { components } from '../../../generated/openapi';
import type { PartnerId } from '../../store/records';

type Schemas = components['schemas'];

/** Every webhook payload of openapi.yaml's `webhooks:` section (one per WebhookEventKind of store/records). */
export type WebhookPayload =
  | Schemas['MessageReceivedEvent']
  | Schemas['MessageStatusEvent']
  | Schemas['MessageReactionEvent']
  | Schemas['MessageEchoEvent']
  | Schemas['MessageReadEvent']
  | Schemas['MessagePostbackEvent']
  | Schemas['TemplateStatusEvent']
  | Schemas['UserPreferencesEvent']
  | Schemas['WebhookTestEvent'];


// A key-remapping mapped type, not Omit: Omit over a schema with `additionalProperties: true` (an index
// signature) would erase the known properties and leave publishers untyped.
type WithoutStamp<T> = T extends unknown ? { [K in keyof T as K extends 'event_id' | 'timestamp' ? never : K]: T[K] } : never;

/** An event as a domain rule raises it; the publisher stamps `event_id` and `timestamp`. */
export type NewWebhookEvent = WithoutStamp<WebhookPayload>;

/**
 * The port through which domain rules raise webhook events (a send's status moves, a review ends, an
 * end user writes). The webhook module implements it: it stamps, persists and delivers each event.
 */
export interface EventPublisher {
  /** Raises an event of the partner: it reaches that partner's receiver only. */
  publish(partnerId: PartnerId, event: NewWebhookEvent): Promise<unknown> | void;
}
