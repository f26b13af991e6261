import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { Operation } from '../../spec';
import { DomainError, RateLimitedError } from '../domain/shared/errors';
import type { Contract } from '../../spec';
import { NO_SUCH_ROUTE, closeAfterAnswerIfUnread, errorEnvelope, requestValidationError, sendRefusal, type ErrorDocs, type ValidatorIssue } from '../edge';
import type { Logger } from '../log';
import { requestLogger } from './request-log';
import { edgeOf, type ErrorResponse } from './types';

export interface MappedError {
  status: number;
  body: ErrorResponse;
  headers: Record<string, string>;
  /** Unexpected: logged with its stack (never sent). */
  unexpected: boolean;
}

/** What the error mapper reads besides the error: the contract (for a body's details) and the doc URL of each code. */
export interface ErrorMapping {
  contract: Contract;
  docs: ErrorDocs;
}

/** Errors of express-openapi-validator (the API's, the sandbox's) carry a numeric status. */
interface HttpLikeError {
  status?: number;
  statusCode?: number;
  type?: string;
  message?: string;
  errors?: ValidatorIssue[];
  headers?: Record<string, string>;
}

const UNEXPECTED_MESSAGE = 'An unexpected error occurred; retry with backoff and quote X-Request-Id.';

/** Turns any failure into the section 7 envelope. */
export function mapError(error: unknown, operation: Operation | undefined, body: unknown, mapping: ErrorMapping): MappedError {
  const envelope = (code: string, message: string, details?: Record<string, unknown>): ErrorResponse => errorEnvelope(code, message, details, mapping.docs);
  const plain = (status: number, code: string, message: string): MappedError => ({ status, body: envelope(code, message), headers: {}, unexpected: false });
  if (error instanceof DomainError) {
    const headers: Record<string, string> = error instanceof RateLimitedError ? { 'Retry-After': String(error.retryAfterSeconds) } : {};
    return { status: error.status, body: envelope(error.code, error.message, error.details), headers, unexpected: false };
  }
  const http = (typeof error === 'object' && error !== null ? error : {}) as HttpLikeError;
  const status = http.status ?? http.statusCode;
  if (status === 400 && Array.isArray(http.errors)) {
    // 400 with `details`; a missing parameter that declares `x-error-code-when-missing` answers that code
    const { code, message, details } = requestValidationError(mapping.contract, operation, http.errors, body);
    return { status: 400, body: envelope(code, message, details), headers: {}, unexpected: false };
  }
  // the sandbox's validator answers its unknown routes (the edge answers the API's)
  if (status === 404) return plain(404, NO_SUCH_ROUTE.code, NO_SUCH_ROUTE.message);
  if (status === 405) {
    const allow = http.headers?.Allow;
    return plain(404, NO_SUCH_ROUTE.code, `No such operation${allow ? `; this path accepts ${allow}` : ''}.`);
  }
  if (status === 413) return plain(400, 'bad_request', 'The request body is too large.');
  if (status === 415) return plain(400, 'bad_request', `Unsupported Content-Type${http.message ? `: ${http.message}` : ''}.`);
  if (status !== undefined && status >= 400 && status < 500) {
    return plain(400, 'bad_request', 'The request is invalid.');
  }
  return { ...plain(500, 'internal_error', UNEXPECTED_MESSAGE), unexpected: true };
}

/** Last route: a path outside the API that nothing else serves (the edge answers those under /v1). */
export function notFoundHandler(docs: ErrorDocs): RequestHandler {
  return (req, res) => sendRefusal(req, res, NO_SUCH_ROUTE, docs);
}

/**
 * The one error handler, and the last: every failure leaves in the envelope as JSON; unexpected ones are
 * logged, never exposed. It never throws, so no error ever reaches Express's own (HTML) handler: a failure
 * while mapping or writing answers the plain 500 envelope, and a response already under way is cut.
 */
export function errorHandler(logger: Logger, mapping: ErrorMapping): ErrorRequestHandler {
  const unexpected = JSON.stringify(errorEnvelope('internal_error', UNEXPECTED_MESSAGE, undefined, mapping.docs));
  return (error, req, res, _next) => {
    try {
      closeAfterAnswerIfUnread(req, res);
      const mapped = mapError(error, edgeOf(res)?.operation, req.body, mapping);
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
        else res.status(500).type('application/json').end(unexpected);
      } catch {
        res.destroy();
      }
    }
  };
}
