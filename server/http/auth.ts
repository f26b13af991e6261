import type { RequestHandler } from 'express';
import { RateLimitedError, forbidden, unauthorized } from '../domain/shared/errors';
import { KEY_LIKE, describeKey, type ApiKeys } from '../domain/access/keys';
import type { FixedWindowRateLimiter } from '../domain/access/rate-limit';
import { missingScopes } from '../domain/access/scopes';
import type { Contract } from '../../spec';
import { authenticatedKey, operationIdOf } from './types';

/** Query parameter names that carry a key by convention; refused even when the header is right. */
const KEY_PARAMETER_NAMES = new Set(['api_key', 'apikey', 'access_token', 'key']);

export function keyInQueryString(url: string): boolean {
  const query = url.includes('?') ? url.slice(url.indexOf('?') + 1) : '';
  if (query === '') return false;
  for (const [name, value] of new URLSearchParams(query)) {
    if (KEY_PARAMETER_NAMES.has(name.toLowerCase()) || KEY_LIKE.test(name) || KEY_LIKE.test(value)) return true;
  }
  return false;
}

/** An authenticated operation without `x-required-scopes` is a contract error: it stops the server at start. */
export function assertScopesDeclared(contract: Contract): void {
  const undeclared = contract.operations.filter((op) => op.secured && !Array.isArray(op.definition['x-required-scopes']));
  if (undeclared.length > 0) {
    const names = undeclared.map((op) => `${op.method.toUpperCase()} ${op.path}`).join(', ');
    throw new Error(`openapi.yaml: ${names} require authentication but declare no x-required-scopes.`);
  }
}

/** Authenticated operations need `Authorization: Bearer <key>`, and no key in the query string (401). */
export function authenticate(keys: ApiKeys, contract: Contract): RequestHandler {
  return async (req, res, next) => {
    const rules = contract.byId(operationIdOf(req) ?? '');
    if (!rules || rules.requiredScopes === null) return next();
    if (keyInQueryString(req.originalUrl)) {
      throw unauthorized('API keys are not accepted in the query string; send them in the Authorization header only.');
    }
    const header = req.headers.authorization;
    if (!header) throw unauthorized('Missing API key; send Authorization: Bearer <API key>.');
    const bearer = /^Bearer +(\S+) *$/i.exec(header);
    if (!bearer) throw unauthorized('The Authorization header must be "Bearer <API key>".');
    res.locals.apiKey = await keys.authenticate(bearer[1]!, req.socket.remoteAddress);
    next();
  };
}

/** Fixed window per key; the limit headers go on every response of an authenticated request. */
export function rateLimit(limiter: FixedWindowRateLimiter): RequestHandler {
  return async (_req, res, next) => {
    if (!res.locals.apiKey) return next();
    const decision = await limiter.consume(authenticatedKey(res).id);
    res.setHeader('X-RateLimit-Limit', String(decision.limit));
    res.setHeader('X-RateLimit-Remaining', String(decision.remaining));
    if (!decision.allowed) throw new RateLimitedError(decision.retryAfterSeconds);
    next();
  };
}

/** The scopes the contract requires for the operation (`x-required-scopes`), else 403. */
export function authorize(contract: Contract): RequestHandler {
  return (req, res, next) => {
    const rules = contract.byId(operationIdOf(req) ?? '');
    if (!rules || rules.requiredScopes === null) return next();
    const key = authenticatedKey(res);
    const missing = missingScopes(key.scopes, rules.requiredScopes);
    if (missing.length > 0) {
      throw forbidden(`The API key ${describeKey(key)} lacks the scope ${missing.join(', ')} required by ${rules.method.toUpperCase()} ${rules.path}.`);
    }
    next();
  };
}
