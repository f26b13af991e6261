// Every failure leaves as the contract's error envelope {error: {code, message, details?}} with a
// documented status: never a stack trace or HTML. Validation details are folded as the reference server
// folds them (src/validation-details.ts).
import type { ErrorRequestHandler, Request, RequestHandler } from 'express';
import { OPERATIONS, type OperationId } from '@partner-messaging/contract';
import { validationError, type ValidatorIssue } from './validation-details';

interface HttpLikeError {
  status?: number;
  type?: string;
  message?: string;
  errors?: ValidatorIssue[];
}

const envelope = (code: string, message: string, details?: Record<string, string[]>) => ({ error: details ? { code, message, details } : { code, message } });

function codeWhenMissing(req: Request): Readonly<Record<string, string>> {
  const id = (req as Request & { openapi?: { schema?: { operationId?: string } } }).openapi?.schema?.operationId;
  return id && id in OPERATIONS ? OPERATIONS[id as OperationId].errorCodeWhenMissing : {};
}

function mapError(error: unknown, req: Request): { status: number; body: ReturnType<typeof envelope> } {
  const http = (typeof error === 'object' && error !== null ? error : {}) as HttpLikeError;
  if (http.type === 'entity.parse.failed') return { status: 400, body: envelope('bad_request', 'The request body is not valid JSON.') };
  if (http.type === 'entity.too.large') return { status: 400, body: envelope('bad_request', 'The request body is too large.') };
  switch (http.status) {
    case 400:
      if (Array.isArray(http.errors)) {
        const { code, message, details } = validationError(http.errors, codeWhenMissing(req), req.body);
        return { status: 400, body: envelope(code, message, details) };
      }
      return { status: 400, body: envelope('bad_request', http.message ?? 'The request is invalid.') };
    case 401:
      return { status: 401, body: envelope('unauthorized', http.message ?? 'Missing or unknown API key.') };
    case 403:
      return { status: 403, body: envelope('forbidden', http.message ?? 'The API key lacks a required scope.') };
    case 404:
    case 405:
      return { status: 404, body: envelope('not_found', 'No such route. Paths are relative to /v1; see openapi.yaml.') };
    case 429:
      return { status: 429, body: envelope('rate_limited', http.message ?? 'Too many requests.') };
  }
  if (http.status !== undefined && http.status >= 400 && http.status < 500) return { status: 400, body: envelope('bad_request', 'The request is invalid.') };
  console.error(error);
  return { status: 500, body: envelope('internal_error', 'An unexpected error occurred; retry with backoff and quote X-Request-Id.') };
}

export const notFound: RequestHandler = (_req, res) => {
  res.status(404).json(envelope('not_found', 'No such route. Paths are relative to /v1; see openapi.yaml.'));
};

export const errorHandler: ErrorRequestHandler = (error, req, res, _next) => {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const { status, body } = mapError(error, req);
  res.status(status).json(body);
};
