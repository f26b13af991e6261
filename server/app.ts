import express, { Router, type Express, type RequestHandler } from 'express';
import * as OpenApiValidator from 'express-openapi-validator';
import type { OpenApiValidatorOpts } from 'express-openapi-validator/dist/framework/types';
import type { Domain } from './domain';
import { API_BASE_PATH, createEdge, errorDocsAt, type AccessLog, type BodyBounds, type Edge, type FaultSource, type RateLimiter } from './edge';
import { connectPageRouter } from './http/connect-page';
import { docsSite } from './http/docs-site';
import { contract as readContract, type Contract } from '../spec';
import { errorHandler, notFoundHandler } from './http/error-mapper';
import { uploadReader } from './http/multipart-upload';
import { accessLog } from './http/request-log';
import { edgeOf } from './http/types';
import { apiHandlers } from './http/routes';
import type { Logger } from './log';
import type { RequestLogHook } from './sandbox/request-log/hook';
import type { PartnerTime } from './domain/shared/partner-time';
import type { Metrics } from './operations/metrics';
import type { ApiKey } from './store/records';

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
  /** How long and how much of a request body is read (edge/body-bounds.ts). */
  bodyBounds: BodyBounds;
  /** The sandbox's faults for keys' requests (domain/faults), taken at the edge. */
  faults: FaultSource;
  /** The partners' request logs: each request under /v1 watched from the start (none: no log). */
  requestLog?: RequestLogHook;
  /** Each partner's time: an operation's request runs in the time of its key's partner (none: the server's). */
  time?: Pick<PartnerTime, 'within'>;
  /** GET /healthz and /readyz (operations/probes.ts), answered before the edge: no request id, key or rate limit. */
  probes?: RequestHandler;
  /** Told of every answered request and every rate-limit refusal (operations/metrics.ts), when metrics are on. */
  metrics?: Pick<Metrics, 'requestAnswered' | 'rateLimitRefused'>;
}

/**
 * The request pipeline, in order: the load balancer's probes (/healthz, /readyz), then the request edge (server/edge: request id → body bounds → route →
 * authenticate → rate limit → scopes → path → query numbers → the declared body → faults) → for an operation
 * of the API: upload reader → the edge's route named to the validator → request and response validation →
 * a fault's answer, else the operation's handler; for a path beside it: docs, hosted page, sandbox → 404 →
 * error envelope. Each request walks only its own branch.
 */

export function createApp({ domain, logger, publicBaseUrl, docsDir, contract = readContract(), sandbox, bodyBounds, faults, requestLog, time, probes, metrics }: AppDeps): Express {
  // every error envelope links the rendered reference this server serves at /docs
  const errorDocs = errorDocsAt(() => `${publicBaseUrl()}/docs/`);
  const edge = createEdge<ApiKey>({
    contract,
    keys: domain.keys,
    rateLimiter: metrics ? countingRefusals(domain.rateLimiter, metrics) : domain.rateLimiter,
    bodyBounds,
    base: { path: API_BASE_PATH, optional: false },
    accessLog: bothTold(accessLog(logger), metrics && requestMetrics(metrics)),
    faults,
    errorDocs,
  });
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  if (probes) app.use(probes);

  // An operation of the API goes through these in turn, without a router: the edge has routed it.
  // Multipart bodies are streamed by the upload reader, not by the validator (fileUploader: false).
  const operations = apiHandlers({ domain, publicBaseUrl });
  const api = inTurn([
    uploadReader(domain),
    namedRoute,
    ...(OpenApiValidator.middleware(contractValidation(contract)) as RequestHandler[]),
    answerInjectedFault,
    (req, res, next) => operations.get(edgeOf(res)!.operation!.operationId)!(req, res, next),
  ]);
  const beside = Router();
  beside.use(docsSite({ contract, siteDir: docsDir }));
  beside.use('/connect', connectPageRouter(domain, time));
  if (sandbox) beside.use('/sandbox', sandbox);

  app.use(runEdge(edge, { api, beside }, { requestLog, time }));

  app.use(notFoundHandler(errorDocs));
  app.use(errorHandler(logger, { contract, docs: errorDocs }));
  return app;
}

/** Both listeners of answered requests (the access log, the metrics), or the one there is. */
function bothTold(first: AccessLog<ApiKey> | undefined, second: AccessLog<ApiKey> | undefined): AccessLog<ApiKey> | undefined {
  if (!first || !second) return first ?? second;
  return (request, durationMs) => {
    first(request, durationMs);
    second(request, durationMs);
  };
}

/** The area of a path beside the API, as the metrics label it (a bounded set, whatever the path). */
function areaOf(target: string): string {
  if (/^\/sandbox(\/|\?|$)/.test(target)) return 'sandbox';
  if (/^\/(docs|openapi\.(json|yaml))(\/|\?|$)/.test(target)) return 'docs';
  if (/^\/connect(\/|\?|$)/.test(target)) return 'connect';
  return 'unmatched';
}

/** Each answered request in the metrics: its operation id, or its area beside the API. */
function requestMetrics(metrics: Pick<Metrics, 'requestAnswered'>): AccessLog<ApiKey> {
  return (request, durationMs) =>
    metrics.requestAnswered(request.operation?.operationId ?? areaOf(request.target), request.req.method ?? 'GET', request.res.statusCode, durationMs / 1000);
}

/** The rate limiter, with each refusal counted in the metrics. */
function countingRefusals(limiter: RateLimiter, metrics: Pick<Metrics, 'rateLimitRefused'>): RateLimiter {
  return {
    consume: async (keyId) => {
      const decision = await limiter.consume(keyId);
      if (!decision.allowed) metrics.rateLimitRefused();
      return decision;
    },
  };
}

/**
 * The edge as the Express app's first middleware: what it found stays on `res.locals.edge` (http/types.ts
 * `edgeOf`), the JSON body it read becomes `req.body`; a request it answered goes no further, one it routed
 * to an operation goes on to `api`, any other to what is served `beside` the API. The request log, when
 * kept, watches the request before the edge runs (its answer may come from the edge). An operation's
 * request runs in the time of its key's partner.
 */
function runEdge(
  edge: Edge<ApiKey>,
  branches: { api: RequestHandler; beside: RequestHandler },
  { requestLog, time }: Pick<AppDeps, 'requestLog' | 'time'>,
): RequestHandler {
  return (req, res, next) => {
    const request = edge.request(req, res);
    res.locals.edge = request;
    requestLog?.(request, res);
    edge.handle(
      request,
      () => {
        if (request.body !== undefined) req.body = request.body;
        if (!request.operation) return branches.beside(req, res, next);
        const partner = request.key?.partnerId;
        if (!time || partner === undefined) return branches.api(req, res, next);
        return time.within(partner, () => branches.api(req, res, next));
      },
      next,
    );
  };
}

/**
 * Middleware run one after another, as a router without paths runs them: each hands on with `next`, an
 * error (thrown, passed to `next`, or a rejected promise) goes to the app's error handler.
 */
function inTurn(handlers: RequestHandler[]): RequestHandler {
  return (req, res, done) => {
    const step = (i: number) => (error?: unknown) => {
      // `next(null)` goes on, as Express's router takes it.
      if (error !== undefined && error !== null) return done(error);
      if (i === handlers.length) return done();
      try {
        const returned: unknown = handlers[i]!(req, res, step(i + 1));
        if (returned instanceof Promise) returned.catch((rejected: unknown) => done(rejected ?? new Error('Rejected promise')));
      } catch (thrown) {
        done(thrown);
      }
    };
    step(0)();
  };
}

/**
 * The validator is told the route the edge found (`req.openapiRoute`, read by the patched
 * express-openapi-validator: patches/): the request is routed once, and the validator matches only that
 * route for its path parameters instead of trying every route of the contract in turn.
 */
const namedRoute: RequestHandler = (req, res, next) => {
  (req as { openapiRoute?: string }).openapiRoute = API_BASE_PATH + edgeOf(res)!.operation!.path;
  next();
};

/**
 * A request that took a fault's answer at the edge is answered with it here, after its validation, by the
 * error handler as the same error from a handler would be: the envelope, the status's headers, and the
 * validator's check of the answer.
 */
const answerInjectedFault: RequestHandler = (_req, res, next) => next(edgeOf(res)?.fault);

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
