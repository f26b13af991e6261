// Publishing an event, the domain's EventPublisher port: the event is stamped (the wire's event id, the
// injected clock's time), serialized once (the exact bytes every attempt and redelivery sends), persisted,
// and queued for the partner's receiver when it takes the kind, as the partner's delivery faults of the
// sandbox say (once, twice, or held back for the next event to overtake). A manual redelivery queues the
// stored bytes again. The delivery worker (worker.ts) sends what is queued.
import { stampWebhookEvent } from '../../client/webhooks';
import type { DeliveryPlan, Faults } from '../domain/faults/faults';
import type { WebhookReceivers } from '../domain/webhooks/receivers';
import type { Clock } from '../domain/shared/clock';
import { notFound } from '../domain/shared/errors';
import type { EventPublisher, NewWebhookEvent, WebhookPayload } from '../domain/shared/events';
import type { IdGenerator } from '../domain/shared/ids';
import type { Delivery, PartnerId, StoredEvent } from '../store/records';
import type { WebhookRepository } from '../store/repositories';

export interface WebhookPublisherDeps {
  repo: WebhookRepository;
  receivers: WebhookReceivers;
  /** How an automatic delivery goes out under the partner's delivery faults. */
  faults: Pick<Faults, 'planDelivery'>;
  clock: Clock;
  ids: IdGenerator;
  /** A delivery was queued, due now: the worker claims it. */
  queued: () => void;
}

export class WebhookPublisher implements EventPublisher {
  constructor(private readonly deps: WebhookPublisherDeps) {}

  /** Stamps, serializes once and persists the event, then queues it for the receiver; returns the stamped payload. */
  async publish(partnerId: PartnerId, event: NewWebhookEvent): Promise<WebhookPayload> {
    const now = this.deps.clock();
    const payload: WebhookPayload = stampWebhookEvent(event, now);
    const stored: StoredEvent = {
      event_id: payload.event_id,
      partner_id: partnerId,
      event: event.event,
      client_ref: event.client_ref,
      body: JSON.stringify(payload),
      created_at: now,
    };
    await this.deps.repo.insertEvent(stored);
    const url = await this.deps.receivers.destinationOf(partnerId, event.event);
    if (url !== null) await this.queue(stored, url, 'automatic');
    return payload;
  }

  /** Manual redelivery of a partner's event (by event id or delivery id) to its current receiver URL. */
  async redeliver(partnerId: PartnerId, ref: string): Promise<Delivery> {
    const event = (await this.deps.repo.findEvent(partnerId, ref)) ?? (await this.eventOfDelivery(partnerId, ref));
    if (!event) throw notFound(`No event or delivery ${ref}.`);
    return this.queue(event, await this.deps.receivers.redeliveryUrl(partnerId), 'manual');
  }

  private async queue(event: StoredEvent, url: string, trigger: Delivery['trigger']): Promise<Delivery> {
    const id = this.deps.ids.id('dlv');
    const plan: DeliveryPlan = trigger === 'automatic' ? await this.deps.faults.planDelivery(event.partner_id, id) : { copies: 1, heldUntil: null, overtakes: null };
    const now = this.deps.clock();
    const delivery: Delivery = {
      id,
      partner_id: event.partner_id,
      event_id: event.event_id,
      url,
      state: 'pending',
      trigger,
      attempts: 0,
      next_attempt_at: plan.heldUntil ?? now,
      overtakes: plan.overtakes,
      created_at: now,
      updated_at: now,
    };
    await this.deps.repo.insertDelivery(delivery);
    if (plan.copies === 2) await this.deps.repo.insertDelivery({ ...delivery, id: this.deps.ids.id('dlv') });
    this.deps.queued();
    return delivery;
  }

  private async eventOfDelivery(partnerId: PartnerId, deliveryId: string): Promise<StoredEvent | undefined> {
    const delivery = await this.deps.repo.findDelivery(partnerId, deliveryId);
    return delivery && this.deps.repo.findEvent(partnerId, delivery.event_id);
  }
}
