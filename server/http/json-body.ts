import { parse as parseContentType } from 'content-type';
import type { Request, RequestHandler } from 'express';
import getRawBody from 'raw-body';
import { badRequest } from '../domain/shared/errors';

/** Largest JSON body accepted, 1 MiB; larger bodies get 400 bad_request (openapi.yaml, "Limits"). */
export const JSON_BODY_LIMIT = 1024 * 1024;

/** Deepest nesting of arrays and objects a JSON body may have (openapi.yaml, "Limits"). */
export const MAX_JSON_DEPTH = 32;

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

const isJson = (req: Request) => Boolean(req.is(['application/json', '+json']));

/** A JSON text as the API reads it: its value, or why it is refused (a 400 bad_request). */
export type JsonText = { body: unknown } | { refused: { message: string; details?: Record<string, string[]> } };

/**
 * The body of a JSON text read whole: refused when nested deeper than MAX_JSON_DEPTH (before parsing, so
 * every reader after this one can walk it recursively), when it is not an object or array, or not JSON; an
 * empty body is `{}`. The reference server and the mock read JSON bodies with it.
 */
export function parseJsonText(text: string): JsonText {
  if (jsonDeeperThan(text, MAX_JSON_DEPTH)) {
    return { refused: { message: `The request body nests arrays and objects deeper than ${MAX_JSON_DEPTH} levels.`, details: { body: [`nested deeper than ${MAX_JSON_DEPTH} levels`] } } };
  }
  const trimmed = text.trim();
  if (trimmed === '') return { body: {} };
  if (trimmed[0] !== '{' && trimmed[0] !== '[') return { refused: { message: 'The request body is not a JSON object or array.' } };
  try {
    return { body: JSON.parse(text) };
  } catch {
    return { refused: { message: 'The request body is not valid JSON.' } };
  }
}

/** A failure of the body itself, typed as the error mapper reads body failures. */
function bodyError(type: string, message: string): Error {
  return Object.assign(new Error(message), { status: 400, type });
}

/**
 * The JSON body of a request (`application/json` and `+json` types), read by raw-body up to `limit`, then
 * by parseJsonText. A failure answers at once, without reading the rest of the body first (express.json
 * reads the rest of a refused body to its end, however long it is); http/body-bounds.ts bounds what is
 * still read after the answer. UTF-8 only, not compressed.
 */
export function jsonBody(limit: string | number = JSON_BODY_LIMIT): RequestHandler {
  return (req, _res, next) => {
    if (!isJson(req)) return next();
    const encoding = (req.headers['content-encoding'] ?? 'identity').toLowerCase();
    if (encoding !== 'identity') return next(bodyError('encoding.unsupported', `Content-Encoding ${encoding} is not accepted.`));
    let charset: string;
    try {
      charset = (parseContentType(req).parameters.charset ?? 'utf-8').toLowerCase();
    } catch {
      return next(bodyError('charset.unsupported', 'The Content-Type header is malformed.'));
    }
    if (charset !== 'utf-8' && charset !== 'utf8') return next(bodyError('charset.unsupported', `Charset ${charset} is not accepted.`));
    getRawBody(req, { length: req.headers['content-length'], limit, encoding: 'utf-8' }, (error, text) => {
      if (error) return next(error);
      const read = parseJsonText(text);
      if ('refused' in read) {
        const { message, details } = read.refused;
        return next(details ? badRequest(message, { details }) : bodyError('entity.parse.failed', message));
      }
      req.body = read.body;
      next();
    });
  };
}
