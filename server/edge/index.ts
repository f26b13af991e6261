// The request edge's one public entry: the steps every request to the API takes before a validator or a
// handler (steps.ts), how it refuses (refusal.ts), and what a host of the edge needs beside it. The mock
// imports nothing else of the server (`npm run depcheck` holds it to this file).
import { FixedWindowRateLimiter, type RateLimitPolicy } from '../domain/access/rate-limit';
import { MemoryRateLimitCounters } from '../store/memory-rate-limits';
import type { RateLimiter } from './steps';

/** Where the API is served; every path of the contract is relative to it. */
export const API_BASE_PATH = '/v1';

export { createEdge, keyInQueryString, lacksScopes, type AccessLog, type Edge, type EdgeKey, type EdgePorts, type EdgeRequest, type FaultSource, type KeyCheck, type RateLimiter } from './steps';
export { ERROR_CODES_ROUTE, NO_SUCH_ROUTE, badRequestRefusal, errorDocsAt, errorEnvelope, sendRefusal, type ErrorDocs, type Refusal } from './refusal';
export { DEFAULT_BODY_BOUNDS, LINGER_BYTES, closeAfterAnswerIfUnread, type BodyBounds } from './body-bounds';
export { JSON_BODY_LIMIT, MAX_JSON_DEPTH, readBodyBytes, readJsonBody, type BodyRead, type BodyRefusal } from './json-body';
export { WHOLE_BODY, validationError, type ValidationError, type ValidatorIssue } from './validation-details';
export { bodyDetails, requestValidationError } from './body-details';
export { KEY_LIKE } from '../domain/access/keys';
export { unauthorized } from '../domain/shared/errors';
export type { RateLimitPolicy };

/** A rate limiter counting in this process's memory (one instance: the mock). */
export function memoryRateLimiter(policy: RateLimitPolicy): RateLimiter {
  return new FixedWindowRateLimiter(policy, new MemoryRateLimitCounters(), () => new Date());
}
