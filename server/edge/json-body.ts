// Request bodies read whole, as the API reads them: within a byte limit, refused at once past it (the rest
// is left to body-bounds.ts, which reads at most a bounded amount more after the answer), UTF-8 only, not
// compressed; a JSON text refused when nested too deep before it is parsed.
import { parse as parseContentType } from 'content-type';
import type { IncomingMessage } from 'node:http';
import getRawBody from 'raw-body';
import { DomainError } from '../domain/shared/errors';
import { WHOLE_BODY } from './validation-details';

/** Largest JSON body accepted, 1 MiB; larger bodies get 400 bad_request (openapi.yaml, "Limits"). */
export const JSON_BODY_LIMIT = 1024 * 1024;

/** Deepest nesting of arrays and objects a JSON body may have (openapi.yaml, "Limits"). */
export const MAX_JSON_DEPTH = 32;

/** Why a body is refused: a 400 bad_request, with `details` when a field can be named. */
export interface BodyRefusal {
  message: string;
  details?: Record<string, string[]>;
}

/** A body as read: its bytes, or why it is refused. */
export type BodyRead<T> = { body: T } | { refused: BodyRefusal };

const NOT_JSON: BodyRefusal = { message: 'The request body is not valid JSON.' };
const UNSUPPORTED_ENCODING: BodyRefusal = { message: 'The request body encoding is not supported.' };
const CONNECTION_CLOSED: BodyRefusal = { message: 'The connection closed before the request body was read.' };

/** Whether a JSON text nests arrays and objects deeper than `max`, counted outside strings, without parsing it. */
export function jsonDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  let escaped = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (escaped) escaped = false;
      else if (c === 0x5c) escaped = true;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/**
 * The body of a JSON text read whole: refused when nested deeper than MAX_JSON_DEPTH (before parsing, so
 * every reader after this one can walk it recursively), when it is not an object or array, or not JSON; an
 * empty body is `{}`.
 */
export function parseJsonText(text: string): BodyRead<unknown> {
  if (jsonDeeperThan(text, MAX_JSON_DEPTH)) {
    return { refused: { message: `The request body nests arrays and objects deeper than ${MAX_JSON_DEPTH} levels.`, details: { [WHOLE_BODY]: [`nested deeper than ${MAX_JSON_DEPTH} levels`] } } };
  }
  const trimmed = text.trim();
  if (trimmed === '') return { body: {} };
  if (trimmed[0] !== '{' && trimmed[0] !== '[') return { refused: NOT_JSON };
  try {
    return { body: JSON.parse(text) };
  } catch {
    return { refused: NOT_JSON };
  }
}

/**
 * Whether a request announces a JSON body (`application/json` or any `+json` type) with a length, even 0, or
 * in chunks: what Express's `req.is(['application/json', '+json'])` answers.
 */
export function isJsonRequest(req: IncomingMessage): boolean {
  const { headers } = req;
  if (headers['transfer-encoding'] === undefined && (headers['content-length'] === undefined || Number.isNaN(Number(headers['content-length'])))) return false;
  const contentType = headers['content-type'];
  if (contentType === undefined) return false;
  const semicolon = contentType.indexOf(';');
  const mediaType = (semicolon < 0 ? contentType : contentType.slice(0, semicolon)).trim().toLowerCase();
  return mediaType === 'application/json' || (mediaType.endsWith('+json') && mediaType.includes('/'));
}

/**
 * The bytes of a body, read by raw-body up to `limit`: refused past it without reading the rest, refused
 * when compressed, refused with body-bounds.ts's 400 when that cuts a stalled or endless body, and refused
 * when its connection closed before it was read.
 */
export async function readBodyBytes(req: IncomingMessage, limit: number): Promise<BodyRead<Buffer>> {
  const encoding = (req.headers['content-encoding'] ?? 'identity').toLowerCase();
  if (encoding !== 'identity') return { refused: UNSUPPORTED_ENCODING };
  try {
    return { body: await getRawBody(req, { length: req.headers['content-length'], limit }) };
  } catch (error) {
    // A client that left while its request waited (for its key's check, its count) took the body with it:
    // its refusal reaches nobody, and it is no failure of the server.
    if (req.destroyed) return { refused: CONNECTION_CLOSED };
    return { refused: bodyFailure(error) };
  }
}

/** The JSON body of a request (UTF-8 only), read by readBodyBytes within `limit`, then by parseJsonText. */
export async function readJsonBody(req: IncomingMessage, limit = JSON_BODY_LIMIT): Promise<BodyRead<unknown>> {
  let charset: string;
  try {
    charset = (parseContentType(req).parameters.charset ?? 'utf-8').toLowerCase();
  } catch {
    return { refused: UNSUPPORTED_ENCODING };
  }
  if (charset !== 'utf-8' && charset !== 'utf8') return { refused: UNSUPPORTED_ENCODING };
  const read = await readBodyBytes(req, limit);
  return 'refused' in read ? read : parseJsonText(read.body.toString('utf8'));
}

/** Why reading a body failed, as the partner is told; a failure that is not the request's is thrown on. */
function bodyFailure(error: unknown): BodyRefusal {
  if (error instanceof DomainError && error.status === 400) return { message: error.message, details: error.details as BodyRefusal['details'] };
  const failure = error as { type?: string; status?: number };
  if (failure.type === 'entity.too.large') return { message: 'The request body is too large.' };
  if (failure.status !== undefined && failure.status >= 400 && failure.status < 500) return { message: 'The request is invalid.' };
  throw error;
}
