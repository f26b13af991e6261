import { parse as parseContentType } from 'content-type';
import type { Request, RequestHandler } from 'express';
import getRawBody from 'raw-body';
import { badRequest } from '../domain/errors';

/** Largest JSON body accepted; larger bodies get 400 bad_request (openapi.yaml, "Limits"). */
export const JSON_BODY_LIMIT = '1mb';

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

/** A failure of the body itself, typed as the error mapper reads body failures. */
function bodyError(type: string, message: string): Error {
  return Object.assign(new Error(message), { status: 400, type });
}

/**
 * The JSON body of a request (`application/json` and `+json` types), read by raw-body up to `limit` and
 * refused before parsing when nested deeper than MAX_JSON_DEPTH, so every reader after this one (the
 * validator, the rules, the provider) can walk it recursively. A failure answers at once, without reading
 * the rest of the body first (express.json reads the rest of a refused body to its end, however long it
 * is); http/body-bounds.ts bounds what is still read after the answer. UTF-8 only, not compressed; an empty
 * body is `{}`.
 */
export function jsonBody(limit: string = JSON_BODY_LIMIT): RequestHandler {
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
      if (jsonDeeperThan(text, MAX_JSON_DEPTH)) {
        return next(
          badRequest(`The request body nests arrays and objects deeper than ${MAX_JSON_DEPTH} levels.`, {
            details: { body: [`nested deeper than ${MAX_JSON_DEPTH} levels`] },
          }),
        );
      }
      const trimmed = text.trim();
      if (trimmed === '') {
        req.body = {};
        return next();
      }
      if (trimmed[0] !== '{' && trimmed[0] !== '[') return next(bodyError('entity.parse.failed', 'The request body is not a JSON object or array.'));
      try {
        req.body = JSON.parse(text);
      } catch {
        return next(bodyError('entity.parse.failed', 'The request body is not valid JSON.'));
      }
      next();
    });
  };
}
