// The webhooks of the server, in three jobs: publishing an event (publisher.ts, the domain's EventPublisher),
// the delivery worker (worker.ts: claim → attempt → record) and the delivery log (log.ts), beside the
// receiver configuration rules of the domain (domain/webhooks/receivers.ts). What travels to the receiver
// (signing, one attempt and its outcome, the retry schedule, event ids, the User-Agent) is the webhook
// wire's (client/webhook-wire.ts). The sandbox, the partner portal's stand-in, uses them as one surface.
import type { WebhookReceivers } from '../domain/webhooks/receivers';
import type { DeliveryLog } from './log';
import type { WebhookPublisher } from './publisher';
import type { DeliveryWorker } from './worker';

export { DeliveryLog, type DeliveryLogEntry } from './log';
export { WebhookPublisher } from './publisher';
export { DeliveryWorker } from './worker';

/** What the partner portal does with webhooks: configure the receiver, fire, redeliver, read the log. */
export type WebhookDelivery = Pick<WebhookReceivers, 'config' | 'configure'> &
  Pick<WebhookPublisher, 'publish' | 'redeliver'> &
  Pick<DeliveryLog, 'logs' | 'logOf' | 'bodyOf'> &
  Pick<DeliveryWorker, 'nextDueAt'>;

export function webhookDelivery(parts: { receivers: WebhookReceivers; publisher: WebhookPublisher; log: DeliveryLog; worker: DeliveryWorker }): WebhookDelivery {
  const { receivers, publisher, log, worker } = parts;
  return {
    config: (partnerId) => receivers.config(partnerId),
    configure: (partnerId, change) => receivers.configure(partnerId, change),
    publish: (partnerId, event) => publisher.publish(partnerId, event),
    redeliver: (partnerId, ref) => publisher.redeliver(partnerId, ref),
    logs: (partnerId, filter) => log.logs(partnerId, filter),
    logOf: (partnerId, deliveryId) => log.logOf(partnerId, deliveryId),
    bodyOf: (partnerId, eventId) => log.bodyOf(partnerId, eventId),
    nextDueAt: () => worker.nextDueAt(),
  };
}
