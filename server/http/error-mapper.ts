import type { ErrorRequestHandler, RequestHandler } from 'express';
import { DomainError, RateLimitedError, type DomainErrorKind } from '../domain/shared/errors';
import type { Logger } from '../log';
import type { Contract } from '../../spec';
import { requestLogger } from './request-id';
import type { ErrorResponse } from './types';
import { operationIdOf } from './types';
import { validationError, type ValidatorIssue } from './validation-details';

const STATUS_OF: Record<DomainErrorKind, number> = {
  bad_request: 400,
  unauthorized: 401,
  trial_expired: 402,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  unprocessable: 422,
  rate_limited: 429,
  upstream_unavailable: 502,
};

export interface MappedError {
  status: number;
  body: ErrorResponse;
  headers: Record<string, string>;
  /** Unexpected: logged with its stack (never sent). */
  unexpected: boolean;
}

const envelope = (code: string, message: string, details?: Record<string, unknown>): ErrorResponse => ({
  error: details ? { code, message, details } : { code, message },
});

/** Errors of express-openapi-validator and of Express's body parser carry a numeric status. */
interface HttpLikeError {
  status?: number;
  statusCode?: number;
  type?: string;
  message?: string;
  errors?: ValidatorIssue[];
  headers?: Record<string, string>;
}

/** Turns any failure into the section 7 envelope. */
export function mapError(error: unknown, contract: Contract, operationId: string | undefined, body?: unknown): MappedError {
  if (error instanceof DomainError) {
    const headers: Record<string, string> = error instanceof RateLimitedError ? { 'Retry-After': String(error.retryAfterSeconds) } : {};
    return { status: STATUS_OF[error.kind], body: envelope(error.code, error.message, error.details), headers, unexpected: false };
  }
  const http = (typeof error === 'object' && error !== null ? error : {}) as HttpLikeError;
  const status = http.status ?? http.statusCode;
  switch (http.type) {
    case 'entity.parse.failed':
      return plain(400, 'bad_request', 'The request body is not valid JSON.');
    case 'entity.too.large':
      return plain(400, 'bad_request', 'The request body is too large.');
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return plain(400, 'bad_request', 'The request body encoding is not supported.');
  }
  if (status === 400 && Array.isArray(http.errors)) return validationFailure(http.errors, contract, operationId, body);
  if (status === 404) return plain(404, 'not_found', 'No such route. Paths are relative to /v1; see openapi.yaml.');
  if (status === 405) {
    const allow = http.headers?.Allow;
    return plain(404, 'not_found', `No such operation${allow ? `; this path accepts ${allow}` : ''}.`);
  }
  if (status === 413) return plain(400, 'bad_request', 'The request body is too large.');
  if (status === 415) return plain(400, 'bad_request', `Unsupported Content-Type${http.message ? `: ${http.message}` : ''}.`);
  if (status !== undefined && status >= 400 && status < 500) {
    return plain(400, 'bad_request', 'The request is invalid.');
  }
  return { ...plain(500, 'internal_error', 'An unexpected error occurred; retry with backoff and quote X-Request-Id.'), unexpected: true };
}

function plain(status: number, code: string, message: string): MappedError {
  return { status, body: envelope(code, message), headers: {}, unexpected: false };
}

/** 400 with `details`; a missing parameter that declares `x-error-code-when-missing` answers that code. */
function validationFailure(issues: ValidatorIssue[], contract: Contract, operationId: string | undefined, body: unknown): MappedError {
  const rules = operationId ? contract.byId(operationId) : undefined;
  const { code, message, details } = validationError(issues, rules?.codeWhenMissing, body);
  return { status: 400, body: envelope(code, message, details), headers: {}, unexpected: false };
}

/** Last route: nothing matched. */
export const notFoundHandler: RequestHandler = (_req, res) => {
  res.status(404).json(envelope('not_found', 'No such route. Paths are relative to /v1; see openapi.yaml.'));
};

const UNEXPECTED = JSON.stringify(envelope('internal_error', 'An unexpected error occurred; retry with backoff and quote X-Request-Id.'));

/**
 * The one error handler, and the last: every failure leaves in the envelope as JSON; unexpected ones are
 * logged, never exposed. It never throws, so no error ever reaches Express's own (HTML) handler: a failure
 * while mapping or writing answers the plain 500 envelope, and a response already under way is cut.
 */
export function errorHandler(contract: Contract, logger: Logger): ErrorRequestHandler {
  return (error, req, res, _next) => {
    try {
      const mapped = mapError(error, contract, operationIdOf(req), req.body);
      if (mapped.unexpected) requestLogger(logger, res).error({ err: error }, 'unexpected error');
      if (res.headersSent) {
        res.destroy();
        return;
      }
      for (const [name, value] of Object.entries(mapped.headers)) res.setHeader(name, value);
      res.status(mapped.status).json(mapped.body);
    } catch (failure) {
      try {
        requestLogger(logger, res).error({ err: failure, cause: error }, 'error handler failed');
        if (res.headersSent) res.destroy();
        else res.status(500).type('application/json').end(UNEXPECTED);
      } catch {
        res.destroy();
      }
    }
  };
}
