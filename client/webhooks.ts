// The client's `./webhooks` entry (Node): signing and verification of deliveries, the framework-free typed
// dispatcher, and the webhook wire the service sends with (event ids, one attempt and its outcome, the retry
// schedule), for a partner testing their own receiver.

// The delivery rules as the contract states them (`x-webhook-delivery`), for receivers to rely on.
export { SIGNATURE_HEADER, WEBHOOK_MAX_ATTEMPTS, WEBHOOK_RETRY_DELAYS_MS, WEBHOOK_TIMEOUT_MS } from '../generated/constants';

export { signWebhookBody, verifyWebhookSignature } from './webhook-signature';
export {
  WEBHOOK_USER_AGENT,
  acknowledges,
  deliverWebhook,
  keepAliveAgents,
  newWebhookEventId,
  sendWebhookAttempt,
  stampWebhookEvent,
  webhookRetryDelay,
  webhookUserAgent,
} from './webhook-wire';
export type {
  NumberedWebhookAttempt,
  WebhookAgents,
  WebhookAttempt,
  WebhookAttemptFailure,
  WebhookAttemptOutcome,
  WebhookDeliveryOptions,
  WebhookDeliveryResult,
  WebhookStamp,
} from './webhook-wire';

export { createWebhookDispatcher } from './webhook-dispatch';
export type { DispatchOutcome, ReceivedWebhookEvent, WebhookDispatchOptions, WebhookHandlers } from './webhook-dispatch';
export type { WebhookEvent, WebhookEventName, WebhookPayload } from './types';
