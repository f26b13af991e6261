/**
 * Typed domain errors. An error's `code` is one the contract documents, and its status is the one the
 * contract answers that code with (`ERROR_STATUS`, generated from the named error examples): the HTTP error
 * mapper (server/http/error-mapper.ts) reads it from there, and server/error-codes.test.ts holds that every
 * code an operation's handler can raise is documented on that operation.
 */
import { ERROR_STATUS, type KnownErrorCode } from '../../../generated/constants';

/** The documented codes answered with `status`. */
export type CodeOf<S extends number> = { [C in KnownErrorCode]: (typeof ERROR_STATUS)[C] extends S ? C : never }[KnownErrorCode];

export class DomainError<C extends KnownErrorCode = KnownErrorCode> extends Error {
  readonly code: C;
  /** The HTTP status the contract answers `code` with. */
  readonly status: (typeof ERROR_STATUS)[C];
  readonly details: Record<string, unknown> | undefined;

  constructor(code: C, message: string, opts: { details?: Record<string, unknown> } = {}) {
    super(message);
    this.name = 'DomainError';
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.details = opts.details;
  }
}

/** A window was spent: carries the seconds to wait (Retry-After). */
export class RateLimitedError extends DomainError<'rate_limited'> {
  readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds: number, message = `Request window exhausted; retry after ${retryAfterSeconds} s.`) {
    super('rate_limited', message);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export const badRequest = <C extends CodeOf<400> = 'bad_request'>(message: string, opts: { code?: C; details?: Record<string, unknown> } = {}) =>
  new DomainError<C>(opts.code ?? ('bad_request' as C), message, { details: opts.details });
export const unauthorized = (message: string) => new DomainError('unauthorized', message);
export const forbidden = (message: string) => new DomainError('forbidden', message);
export const notFound = <C extends CodeOf<404> = 'not_found'>(message: string, code?: C) => new DomainError<C>(code ?? ('not_found' as C), message);
export const conflict = <C extends CodeOf<409> = 'conflict'>(message: string, code?: C) => new DomainError<C>(code ?? ('conflict' as C), message);
export const upstreamUnavailable = (message: string) => new DomainError('upstream_unavailable', message);
