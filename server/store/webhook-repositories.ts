import type { WebhookEventKind } from '../domain/events';

/** The receiver configuration of the partner portal (one partner per server). */
export interface WebhookConfig {
  url: string | null;
  /** Selected event kinds; empty means every kind. */
  events: WebhookEventKind[];
  secret: string;
  updated_at: Date;
}

export interface StoredEvent {
  event_id: string;
  event: WebhookEventKind;
  client_ref: string;
  /** The payload serialized once: the exact bytes every attempt and redelivery sends. */
  body: string;
  created_at: Date;
}

export type DeliveryState = 'pending' | 'succeeded' | 'failed';

export interface Delivery {
  id: string;
  event_id: string;
  url: string;
  state: DeliveryState;
  /** `automatic` at publication, `manual` for a redelivery. */
  trigger: 'automatic' | 'manual';
  attempts: number;
  /** When the next attempt is due; null once succeeded or failed. */
  next_attempt_at: Date | null;
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

export interface WebhookRepository {
  config(): WebhookConfig | undefined;
  saveConfig(config: WebhookConfig): void;
  insertEvent(event: StoredEvent): void;
  findEvent(eventId: string): StoredEvent | undefined;
  insertDelivery(delivery: Delivery): void;
  updateDelivery(delivery: Delivery): void;
  findDelivery(id: string): Delivery | undefined;
  /** Pending deliveries due at `now`, oldest due first. */
  dueDeliveries(now: Date): Delivery[];
  /** The earliest next attempt of a pending delivery. */
  nextDueAt(): Date | undefined;
  /** Newest first. */
  listDeliveries(filter: { eventId?: string; event?: string; state?: DeliveryState; limit: number }): Delivery[];
  insertAttempt(attempt: DeliveryAttempt): void;
  attemptsOf(deliveryId: string): DeliveryAttempt[];
}
