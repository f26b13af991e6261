// How the edge says no: the section 7 envelope `{error: {code, message, details?, doc_url}}` with its status
// and the headers of the refusal (Retry-After), on top of those the edge has already set (X-Request-Id, the
// rate-limit counters). The reference server and the mock write every refusal of the edge with this, and
// every other error envelope with errorEnvelope.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { DomainError } from '../domain/shared/errors';
import { closeAfterAnswerIfUnread } from './body-bounds';

export interface Refusal {
  status: number;
  code: string;
  message: string;
  details?: Record<string, unknown>;
  headers?: Record<string, string>;
}

/**
 * Where the rendered reference explains an error code: `doc_url` of the envelope. The codes are headings of
 * the errors guide (docs/errors-and-retries.md, "Error codes"), which Redoc routes as
 * `#/errors-and-retries/<code>`.
 */
export type ErrorDocs = (code: string) => string;

/** The guide's route in the rendered reference (docs/build.ts names a guide's route after its title). */
export const ERROR_CODES_ROUTE = '#/errors-and-retries/';

/** The doc URL of each code under the rendered reference at `docsUrl()` (`http://localhost:4000/docs/`). */
export function errorDocsAt(docsUrl: () => string): ErrorDocs {
  return (code) => `${docsUrl()}${ERROR_CODES_ROUTE}${code}`;
}

/** The section 7 envelope, with the doc URL of its code. */
export function errorEnvelope(code: string, message: string, details: Record<string, unknown> | undefined, docs: ErrorDocs) {
  return { error: details ? { code, message, details, doc_url: docs(code) } : { code, message, doc_url: docs(code) } };
}

/** A domain error the edge answers itself (a key refused by the key check, a body cut by its bounds). */
export function refusalOf(status: number, error: DomainError, headers?: Record<string, string>): Refusal {
  return { status, code: error.code, message: error.message, ...(error.details ? { details: error.details } : {}), ...(headers ? { headers } : {}) };
}

/** 400 bad_request (or the code given), with `details` when there are any. */
export function badRequestRefusal({ code = 'bad_request', message, details }: { code?: string; message: string; details?: Record<string, unknown> }): Refusal {
  return { status: 400, code, message, ...(details ? { details } : {}) };
}

/** A path outside the contract, at the API's base or beside it. */
export const NO_SUCH_ROUTE: Refusal = { status: 404, code: 'not_found', message: 'No such route. Paths are relative to /v1; see openapi.yaml.' };

/** Writes a refusal as JSON; while the body is still coming, the connection closes after it (body-bounds.ts). */
export function sendRefusal(req: IncomingMessage, res: ServerResponse, refusal: Refusal, docs: ErrorDocs): void {
  closeAfterAnswerIfUnread(req, res);
  if (refusal.headers) for (const [name, value] of Object.entries(refusal.headers)) res.setHeader(name, value);
  const body = JSON.stringify(errorEnvelope(refusal.code, refusal.message, refusal.details, docs));
  res.statusCode = refusal.status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(body));
  res.end(body);
}
