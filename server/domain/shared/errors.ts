/**
 * Typed domain errors. The HTTP error mapper (server/http/error-mapper.ts) turns each kind into its
 * status; `code` is the section 7 code the client branches on (defaults to the kind's generic code).
 */
export type DomainErrorKind =
  | 'bad_request'
  | 'unauthorized'
  | 'trial_expired'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'unprocessable'
  | 'rate_limited'
  | 'upstream_unavailable'
  /** An unexpected failure answered on purpose: a sandbox fault's 500 (domain/faults/faults.ts). */
  | 'internal_error';

export class DomainError extends Error {
  readonly kind: DomainErrorKind;
  readonly code: string;
  readonly details: Record<string, unknown> | undefined;

  constructor(kind: DomainErrorKind, message: string, opts: { code?: string; details?: Record<string, unknown> } = {}) {
    super(message);
    this.name = 'DomainError';
    this.kind = kind;
    this.code = opts.code ?? kind;
    this.details = opts.details;
  }
}

/** A window was spent: carries the seconds to wait (Retry-After). */
export class RateLimitedError extends DomainError {
  readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds: number, message = `Request window exhausted; retry after ${retryAfterSeconds} s.`) {
    super('rate_limited', message);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export const badRequest = (message: string, opts?: { code?: string; details?: Record<string, unknown> }) =>
  new DomainError('bad_request', message, opts);
export const unauthorized = (message: string) => new DomainError('unauthorized', message);
export const forbidden = (message: string) => new DomainError('forbidden', message);
export const notFound = (message: string, code?: string) => new DomainError('not_found', message, code ? { code } : {});
export const conflict = (message: string, code?: string) => new DomainError('conflict', message, code ? { code } : {});
export const upstreamUnavailable = (message: string) => new DomainError('upstream_unavailable', message);
