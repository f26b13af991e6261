import express, { type Express, type RequestHandler } from 'express';
import * as OpenApiValidator from 'express-openapi-validator';
import type { OpenApiValidatorOpts } from 'express-openapi-validator/dist/framework/types';
import { docsSite } from '../docs/serve';
import type { Domain } from './domain';
import { assertScopesDeclared, authenticate, authorize, rateLimit } from './http/auth';
import { connectPageRouter } from './http/connect-page';
import { contract as readContract, type Contract } from '../spec';
import { errorHandler, notFoundHandler } from './http/error-mapper';
import { uploadReader } from './http/multipart-upload';
import { requestId } from './http/request-id';
import { apiRouter } from './http/routes';
import type { Logger } from './log';

export interface AppDeps {
  domain: Domain;
  logger: Logger;
  /** Base of the links the server hands out (hosted session URLs), e.g. http://localhost:4000. */
  publicBaseUrl: () => string;
  /** The rendered reference, served at /docs when the folder exists (built by `npm run docs`). */
  docsDir?: string;
  contract?: Contract;
  /** The sandbox (partner-portal stand-in) mounted at /sandbox, outside the public contract. */
  sandbox?: RequestHandler;
}

/** Largest JSON body accepted; larger bodies get 400 bad_request. */
export const JSON_BODY_LIMIT = '1mb';

/**
 * The request pipeline, in order: request id → (hosted page, docs) → operation lookup → authentication →
 * rate limit → scope check → JSON body → request validation → response validation → routers → 404 →
 * error envelope.
 */
export function createApp({ domain, logger, publicBaseUrl, docsDir, contract = readContract(), sandbox }: AppDeps): Express {
  assertScopesDeclared(contract);
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);

  app.use(requestId(logger));
  app.use(docsSite({ contract, siteDir: docsDir }));
  app.use('/connect', connectPageRouter(domain));
  if (sandbox) app.use('/sandbox', sandbox);

  const { lookup, validate } = contractMiddleware(contract);
  app.use(lookup);
  app.use(authenticate(domain.keys, contract));
  app.use(rateLimit(domain.rateLimiter));
  app.use(authorize(contract));
  // Multipart bodies are streamed by the upload reader, not by the validator (fileUploader: false).
  app.use(express.json({ limit: JSON_BODY_LIMIT }));
  app.use(uploadReader(domain));
  app.use(validate);
  app.use('/v1', apiRouter({ domain, publicBaseUrl }));

  app.use(notFoundHandler);
  app.use(errorHandler(contract, logger));
  return app;
}

/** How express-openapi-validator checks the server's traffic against the contract (also the bench's floor). */
export function contractValidation(contract: Contract): OpenApiValidatorOpts {
  return {
    // The document already read (the validator dereferences its copy in place). It is not validated
    // against the OpenAPI schema again at every start: `npm run lint` and server/contracts.test.ts do that.
    apiSpec: structuredClone(contract.document) as never,
    validateApiSpec: false,
    validateRequests: { allowUnknownQueryParameters: false },
    validateResponses: true,
    validateSecurity: false,
    validateFormats: true,
    fileUploader: false,
    $refParser: { mode: 'dereference' },
  };
}

/**
 * express-openapi-validator, split in two: its operation lookup (sets `req.openapi`, answers unknown
 * routes) runs before authentication, so authentication and scopes are read from the matched operation;
 * request and response validation run after them, so a request without a valid key is refused before its
 * body is looked at.
 */
function contractMiddleware(contract: Contract): { lookup: RequestHandler[]; validate: RequestHandler[] } {
  const all = OpenApiValidator.middleware(contractValidation(contract)) as RequestHandler[];
  const split = all.findIndex((mw) => mw.name === 'metadataMiddleware') + 1;
  if (split === 0) throw new Error('express-openapi-validator: metadata middleware not found (version changed?).');
  return { lookup: all.slice(0, split), validate: all.slice(split) };
}
