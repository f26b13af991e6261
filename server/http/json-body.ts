import type { RequestHandler } from 'express';
import { badRequest } from '../domain/shared/errors';
import { JSON_BODY_LIMIT, readJsonBody } from '../edge';

/**
 * The edge's JSON reading (server/edge/json-body.ts) as Express middleware, for what is served beside the API
 * (the sandbox): `req.body` of a JSON request, or its 400 for the error mapper. The API's bodies are read by
 * the edge itself.
 */
export function jsonBody(limit: number = JSON_BODY_LIMIT): RequestHandler {
  return (req, _res, next) => {
    if (!req.is(['application/json', '+json'])) return next();
    readJsonBody(req, limit).then((read) => {
      if ('refused' in read) return next(badRequest(read.refused.message, read.refused.details ? { details: read.refused.details } : {}));
      req.body = read.body;
      next();
    }, next);
  };
}
