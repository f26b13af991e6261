// The partner's webhook in the sandbox: its receiver, events fired on demand, the delivery log and redelivery.
import type { Domain } from '../domain';
import type { NewWebhookEvent } from '../domain/shared/events';
import type { NotificationReceipt } from '../provider/channel-provider';
import type { PartnerId, WebhookEventKind } from '../store/records';
import type { WebhookDelivery } from '../webhooks';
import { sampleEvent, webhookTestEvent } from '../webhooks/samples';
import type { BodyOf, Query, Schemas } from './operation-types';
import { deliveryShape, webhookConfigShape } from './shapes';

export class SandboxWebhooks {
  constructor(
    private readonly domain: Domain,
    private readonly webhooks: WebhookDelivery,
    /** A short run-unique suffix for what the sandbox makes (sample events' ids). */
    private readonly nextSeq: () => string,
  ) {}

  async config(partner: PartnerId): Promise<Schemas['WebhookConfig']> {
    return webhookConfigShape(await this.webhooks.config(partner));
  }

  async set(partner: PartnerId, input: BodyOf<'sandboxSetWebhook'>): Promise<Schemas['WebhookConfig']> {
    await this.webhooks.configure(partner, { url: input.url, events: input.events, secret: input.secret, rotateSecret: input.rotate_secret });
    return this.config(partner);
  }

  async fireTest(partner: PartnerId, input: NonNullable<BodyOf<'sandboxFireTest'>>): Promise<Schemas['Fired']> {
    const client = input.client_ref ? await this.domain.clients.get(partner, input.client_ref) : undefined;
    return this.fire(partner, webhookTestEvent(client, input.message));
  }

  async fireSample(partner: PartnerId, kind: WebhookEventKind, clientRef: string | undefined): Promise<Schemas['Fired']> {
    const client = clientRef ? await this.domain.clients.get(partner, clientRef) : undefined;
    return this.fire(partner, sampleEvent(kind, client, this.nextSeq(), this.domain.clock()));
  }

  async deliveries(partner: PartnerId, filter: Query<'sandboxListDeliveries'>): Promise<Schemas['DeliveryList']> {
    const logs = await this.webhooks.logs(partner, { eventId: filter.event_id, event: filter.event, state: filter.state, limit: filter.limit });
    return { deliveries: logs.map(deliveryShape) };
  }

  async delivery(partner: PartnerId, id: string): Promise<Schemas['DeliveryWithBody']> {
    const log = await this.webhooks.logOf(partner, id);
    return { ...deliveryShape(log), body: await this.webhooks.bodyOf(partner, log.delivery.event_id) };
  }

  async redeliver(partner: PartnerId, ref: string): Promise<Schemas['Redelivery']> {
    const delivery = await this.webhooks.redeliver(partner, ref);
    return { delivery_id: delivery.id, event_id: delivery.event_id, url: delivery.url };
  }

  /** An event raised for the partner, and the receiver it goes to. */
  async firedTo(partner: PartnerId, raised: NotificationReceipt): Promise<Schemas['Fired']> {
    return { event_id: raised.event_id, event: raised.event, delivered_to: (await this.webhooks.config(partner)).url };
  }

  /** A sandbox-made event (a sample, a test) published for the partner, and where it goes. */
  private async fire(partner: PartnerId, event: NewWebhookEvent): Promise<Schemas['Fired']> {
    const { event_id } = await this.webhooks.publish(partner, event);
    return this.firedTo(partner, { event_id, event: event.event });
  }
}
