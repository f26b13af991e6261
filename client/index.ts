// The client's main entry, safe for browsers and any runtime with fetch: the typed client, its retry policy,
// the request body serializer, the documented error codes and the types. Webhook signing (Node's crypto) is
// at `./webhooks`, the Express receiver at `./express`.
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
export { ERROR_CODES, isKnownErrorCode } from './error-codes';
export type { ErrorCode, KnownErrorCode } from './error-codes';
export { API_VERSION } from '../generated/constants';
export type * from './types';
