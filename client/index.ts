// The package's programmatic surface: the typed client, the webhook helpers and the types.
export { createPartnerClient } from './client';
export type { PartnerClient, PartnerClientOptions } from './client';
export {
  DEFAULT_RETRY_POLICY,
  RETRYABLE_STATUSES,
  backoffDelay,
  isRetryableStatus,
  parseRetryAfter,
  withRetry,
} from './retry';
export type { FetchLike, RetryEvent, RetryHooks, RetryPolicy } from './retry';
export { partnerBodySerializer, toFormData } from './multipart';
export {
  SIGNATURE_HEADER,
  WEBHOOK_RETRY_DELAYS_MS,
  WEBHOOK_TIMEOUT_MS,
  signWebhookBody,
  verifyWebhookSignature,
} from './webhooks';
export { verifyWebhookRequest, webhookVerifier } from './express';
export type { WebhookLocals, WebhookVerifierOptions } from './express';
export { createWebhookDispatcher, webhookReceiver } from './webhook-dispatch';
export type { DispatchOutcome, ReceivedWebhookEvent, WebhookDispatchOptions, WebhookHandlers, WebhookReceiverOptions } from './webhook-dispatch';
export { ERROR_CODES, isKnownErrorCode } from './error-codes';
export type { ErrorCode, KnownErrorCode } from './error-codes';
export type * from './types';
