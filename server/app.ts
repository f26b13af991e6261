import express, { type ErrorRequestHandler, type Express, type RequestHandler } from 'express';
import * as OpenApiValidator from 'express-openapi-validator';
import type { OpenApiValidatorOpts } from 'express-openapi-validator/dist/framework/types';
import type { Domain } from './domain';
import { badRequest } from './domain/shared/errors';
import { assertScopesDeclared, authenticate, authorize, rateLimit } from './http/auth';
import { boundBodies, closeUnreadBodies, type BodyBounds } from './http/body-bounds';
import { connectPageRouter } from './http/connect-page';
import { docsSite } from './http/docs-site';
import { contract as readContract, type Contract } from '../spec';
import { errorHandler, notFoundHandler } from './http/error-mapper';
import { jsonBody } from './http/json-body';
import { uploadReader } from './http/multipart-upload';
import { requestId } from './http/request-id';
import { apiRouter } from './http/routes';
import { strictQueryNumbers } from './http/strict-query';
import { malformedPathError } from './http/validation-details';
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
  /** How long and how much of a request body is read (http/body-bounds.ts). */
  bodyBounds: BodyBounds;
}

/**
 * The request pipeline, in order: request id → body bounds → (hosted page, docs, sandbox) → operation lookup
 * → authentication → rate limit → scope check → JSON body / upload reader → strict query numbers → request
 * validation → response validation → routers → 404 → error envelope.
 */
export function createApp({ domain, logger, publicBaseUrl, docsDir, contract = readContract(), sandbox, bodyBounds }: AppDeps): Express {
  assertScopesDeclared(contract);
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);

  app.use(requestId(logger));
  app.use(boundBodies(bodyBounds));
  app.use(docsSite({ contract, siteDir: docsDir }));
  app.use('/connect', connectPageRouter(domain));
  if (sandbox) app.use('/sandbox', sandbox);

  const { lookup, validate } = contractMiddleware(contract);
  app.use(lookup, deferMalformedPath(contract));
  app.use(authenticate(domain.keys, contract));
  app.use(rateLimit(domain.rateLimiter));
  app.use(authorize(contract));
  app.use(raiseDeferredFailure);
  // Multipart bodies are streamed by the upload reader, not by the validator (fileUploader: false).
  app.use(jsonBody());
  app.use(uploadReader(domain));
  app.use(strictQueryNumbers(contract));
  app.use(validate);
  app.use('/v1', apiRouter({ domain, publicBaseUrl }));

  app.use(notFoundHandler);
  app.use(closeUnreadBodies, errorHandler(contract, logger));
  return app;
}

/** How express-openapi-validator checks the server's traffic against the contract (also the bench's floor). */
export function contractValidation(contract: Contract): OpenApiValidatorOpts {
  // The document already read (the validator dereferences its copy in place). It is not validated against
  // the OpenAPI schema again at every start: `npm run lint` and server/contracts.test.ts do that.
  const apiSpec = structuredClone(contract.document);
  for (const op of contract.operations) {
    // The contract's own word for "ignore unknown query parameters", in the validator's dialect.
    if (op.definition['x-unknown-query-parameters'] === 'ignored') {
      apiSpec.paths[op.path][op.method]['x-eov-allow-unknown-query-parameters'] = true;
    }
  }
  return {
    apiSpec: apiSpec as never,
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

/**
 * A path parameter that is not valid percent-encoding (`/clients/%E0%A4%A`) fails the validator's operation
 * lookup, before the key is read. Its operation is still known from the path's shape: the failure waits
 * until authentication and the rate limit have run, so the answer is a 401 without a key and otherwise the
 * operation's documented 400, with its rate-limit headers.
 */
function deferMalformedPath(contract: Contract): ErrorRequestHandler {
  return (error, req, res, next) => {
    const issue = (error as { status?: number; errors?: { message?: string }[] }).errors?.[0];
    const operation = issue?.message?.startsWith('malformed uri') ? contract.find(req.method, req.path.replace(/^\/v1(?=\/)/, '')) : undefined;
    if (!operation) return next(error);
    const { message, details } = malformedPathError(operation.parameters);
    res.locals.operationId = operation.operationId;
    res.locals.deferredFailure = badRequest(message, { details });
    next();
  };
}

const raiseDeferredFailure: RequestHandler = (_req, res, next) => next(res.locals.deferredFailure);
