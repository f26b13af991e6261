// The steps before any handler: a request id on every answer, and for secured operations the key
// (src/binding.ts), its scopes and the rate limit, whose counters go on every answer of an authenticated
// request. These are the response headers the handlers may leave out (`provided` in src/binding.ts).
import { randomUUID } from 'node:crypto';
import type { Request, RequestHandler } from 'express';
import { OPERATIONS, type OperationId } from '@partner-messaging/contract';
import { findKey, hasScopes } from './binding';

export const requestId: RequestHandler = (_req, res, next) => {
  res.setHeader('X-Request-Id', randomUUID());
  next();
};

const RATE_LIMIT_MAX = Number(process.env.RATE_LIMIT_MAX ?? 600);
const RATE_LIMIT_WINDOW_SECONDS = Number(process.env.RATE_LIMIT_WINDOW_SECONDS ?? 60);

/** Requests per key in the current fixed window (in memory: one instance; use a shared store for several). */
const windows = new Map<string, { start: number; count: number }>();

function consume(token: string, now = Date.now()): { remaining: number; retryAfterSeconds: number } {
  const windowMs = RATE_LIMIT_WINDOW_SECONDS * 1000;
  const start = Math.floor(now / windowMs) * windowMs;
  let window = windows.get(token);
  if (!window || window.start !== start) windows.set(token, (window = { start, count: 0 }));
  window.count++;
  return { remaining: RATE_LIMIT_MAX - window.count, retryAfterSeconds: Math.max(1, Math.ceil((start + windowMs - now) / 1000)) };
}

interface OperationRequest extends Request {
  openapi?: { schema?: { operationId?: string; 'x-required-scopes'?: string[] } };
}

/**
 * For a secured operation (the validator's lookup has named it): finds the key (401), checks the
 * operation's scopes (403), then counts the request (429 past the limit, with Retry-After). The counters go
 * on every answer of an authenticated request, errors included.
 */
export const authenticateAndCount: RequestHandler = async (req, res, next) => {
  const operation = (req as OperationRequest).openapi?.schema;
  const id = operation?.operationId;
  if (!id || !(id in OPERATIONS) || !OPERATIONS[id as OperationId].secured) return next();
  const header = req.get('authorization');
  if (!header) throw { status: 401, message: 'Missing API key; send Authorization: Bearer <API key>.' };
  const token = /^Bearer +(\S+) *$/i.exec(header)?.[1];
  if (!token) throw { status: 401, message: 'The Authorization header must be "Bearer <API key>".' };
  const key = await findKey(token);
  if (!key) throw { status: 401, message: 'Unknown API key.' };
  res.locals.apiKey = key;
  const scopes = operation?.['x-required-scopes'] ?? [];
  if (!hasScopes(key, scopes)) throw { status: 403, message: `The API key lacks the scope ${scopes.join(', ')} this operation requires.` };
  const { remaining, retryAfterSeconds } = consume(key.id);
  res.setHeader('X-RateLimit-Limit', String(RATE_LIMIT_MAX));
  res.setHeader('X-RateLimit-Remaining', String(Math.max(0, remaining)));
  if (remaining < 0) {
    res.setHeader('Retry-After', String(retryAfterSeconds));
    throw { status: 429, message: `Rate limit of ${RATE_LIMIT_MAX} requests per ${RATE_LIMIT_WINDOW_SECONDS} s reached; retry after ${retryAfterSeconds} s.` };
  }
  next();
};
