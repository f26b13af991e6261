// The delivery log the partner portal shows (section 6 rule 5): every delivery of a partner's events with
// each attempt's status code and duration, and the exact bytes stored for an event.
import { notFound } from '../domain/shared/errors';
import type { Delivery, DeliveryAttempt, PartnerId, WebhookEventKind } from '../store/records';
import type { WebhookRepository } from '../store/repositories';

export interface DeliveryLogEntry {
  delivery: Delivery;
  event: WebhookEventKind;
  client_ref: string;
  attempts: DeliveryAttempt[];
}

export class DeliveryLog {
  constructor(private readonly repo: WebhookRepository) {}

  /** A partner's delivery logs, newest first, each with every attempt. */
  async logs(partnerId: PartnerId, filter: { eventId?: string; event?: string; state?: Delivery['state']; limit?: number } = {}): Promise<DeliveryLogEntry[]> {
    const deliveries = await this.repo.listDeliveries(partnerId, { ...filter, limit: filter.limit ?? 50 });
    return Promise.all(deliveries.map((delivery) => this.entryOf(delivery)));
  }

  async logOf(partnerId: PartnerId, deliveryId: string): Promise<DeliveryLogEntry> {
    const delivery = await this.repo.findDelivery(partnerId, deliveryId);
    if (!delivery) throw notFound(`No delivery ${deliveryId}.`);
    return this.entryOf(delivery);
  }

  /** The exact bytes stored for a partner's event. */
  async bodyOf(partnerId: PartnerId, eventId: string): Promise<string> {
    const event = await this.repo.findEvent(partnerId, eventId);
    if (!event) throw notFound(`No event ${eventId}.`);
    return event.body;
  }

  private async entryOf(delivery: Delivery): Promise<DeliveryLogEntry> {
    const event = await this.repo.findEvent(delivery.partner_id, delivery.event_id);
    return {
      delivery,
      event: event?.event ?? 'webhook.test',
      client_ref: event?.client_ref ?? '',
      attempts: await this.repo.attemptsOf(delivery.id),
    };
  }
}
