// The request pipeline: request id → operation lookup → authentication, scopes and rate limit → JSON body →
// uploads, request validation and response validation → one route per operation (src/handlers/) → 404 →
// the error envelope. Every request and every answer is held to openapi.yaml.
import express, { type Express, type RequestHandler } from 'express';
import * as OpenApiValidator from 'express-openapi-validator';
import { file, key, type Binding } from './binding';
import { mountHandlers } from './contract-router';
import { errorHandler, notFound } from './errors';
import { handlers } from './handlers';
import { authenticateAndCount, requestId } from './pipeline';

/** The contract as the validator reads it (a copy: the validator dereferences it in place). */
function apiSpec(): Record<string, any> {
  const spec = structuredClone(require('@partner-messaging/contract/openapi.json'));
  for (const item of Object.values<Record<string, any>>(spec.paths)) {
    for (const operation of Object.values<Record<string, any>>(item)) {
      // The contract's word for "ignore unknown query parameters", in the validator's dialect.
      if (operation?.['x-unknown-query-parameters'] === 'ignored') operation['x-eov-allow-unknown-query-parameters'] = true;
    }
  }
  return spec;
}

/**
 * express-openapi-validator, split in two: its operation lookup (sets \`req.openapi\`, answers unknown routes)
 * runs before authentication, so the key and the rate limit are settled, and their headers set, before the
 * body is read; uploads and request and response validation run after them.
 */
function contractValidation(): { lookup: RequestHandler[]; validate: RequestHandler[] } {
  const all = OpenApiValidator.middleware({
    apiSpec: apiSpec() as never,
    validateApiSpec: false,
    validateRequests: { allowUnknownQueryParameters: false },
    validateResponses: true,
    validateFormats: true,
    validateSecurity: false,
  }) as RequestHandler[];
  const split = all.findIndex((mw) => mw.name === 'metadataMiddleware') + 1;
  if (split === 0) throw new Error('express-openapi-validator: metadata middleware not found (version changed?).');
  return { lookup: all.slice(0, split), validate: all.slice(split) };
}

export function createApp(): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  const { lookup, validate } = contractValidation();
  app.use(requestId);
  app.use(lookup);
  app.use(authenticateAndCount);
  app.use(express.json({ limit: '1mb' }));
  app.use(validate);
  const router = express.Router();
  mountHandlers<Binding>(router, handlers, { key, file });
  app.use('/v1', router);
  app.use(notFound);
  app.use(errorHandler);
  return app;
}
