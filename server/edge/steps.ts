// The request edge: the steps every request to the API takes before a validator or a handler sees it, as
// one ordered list (`createEdge`), on plain Node requests and responses. The reference server runs it as one
// Express middleware (server/app.ts) and goes on to express-openapi-validator and its handlers; the mock
// calls it directly and goes on to Prism. What differs between them is a port: the key check (the server's
// key store, the mock's key-shape check), the rate-limit counters, and where the API is served.
// Modelled on stripe-mock's HandleRequest and Prism's mocker: a request as a readable pipeline of steps. Over
// 400 lines on purpose: the steps and the ports they use are one ordered story, read top to bottom; what each
// step needs beyond a few lines lives in a module of its own beside this one.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Contract, Operation } from '../../spec';
import { KEY_LIKE, describeKey } from '../domain/access/keys';
import type { RateLimitDecision } from '../domain/access/rate-limit';
import { missingScopes } from '../domain/access/scopes';
import type { RequestFault } from '../domain/faults/faults';
import { DomainError, RateLimitedError } from '../domain/shared/errors';
import { bodyBounder, hasBody, holdIdleBound, type BodyBounds } from './body-bounds';
import { isJsonRequest, readJsonBody } from './json-body';
import { numericQueryParameters, oddQueryNumbers } from './query-numbers';
import { NO_SUCH_ROUTE, badRequestRefusal, refusalOf, sendRefusal, type ErrorDocs, type Refusal } from './refusal';
import { nearMissFields, nearMissRefusal } from './near-miss-fields';
import { isPercentDecodable, malformedPathError } from './validation-details';

/** What the edge needs of a key: its id (the rate limit counts per key), its display prefix and scopes. */
export interface EdgeKey {
  id: string;
  /** The first characters of the key (`ik_test_AbCd`), shown in refusals. */
  prefix: string;
  scopes: readonly string[];
}

/**
 * The key-check port: the key a bearer value stands for, sent from `remoteAddress`. A value it refuses is
 * thrown as the domain's `unauthorized` error, answered 401 with its message. The reference server passes its
 * key store (`ApiKeys`); the mock a check of the keys' shape.
 */
export interface KeyCheck<K extends EdgeKey> {
  authenticate(bearer: string, remoteAddress: string | undefined): K | Promise<K>;
}

/** The rate-limit port: one request of a key counted in its window. */
export interface RateLimiter {
  consume(keyId: string): RateLimitDecision | Promise<RateLimitDecision>;
}

/**
 * The faults port (the sandbox's faults on demand, domain/faults): what a request of a key to an operation
 * gets instead of its usual course, if anything. The reference server passes its faults; the mock sets none.
 */
export interface FaultSource {
  forRequest(keyId: string, operationId: string): RequestFault | undefined | Promise<RequestFault | undefined>;
}

/** One request on its way through the edge: what the steps found, for the host to go on with. */
export interface EdgeRequest<K extends EdgeKey = EdgeKey> {
  readonly req: IncomingMessage;
  readonly res: ServerResponse;
  /** The request target as received (path and query, before any router rewrites it). */
  readonly target: string;
  /** X-Request-Id of the answer. */
  id: string;
  /** The path relative to the API's base (`/clients/acme`), as sent (not percent-decoded). */
  path: string;
  /** The query string, without `?`, as sent. */
  query: string;
  operation: Operation | undefined;
  /** The key of a secured operation's request. */
  key: K | undefined;
  /** The JSON body the edge read and parsed (`bodyRead: 'json'`). */
  body: unknown;
  /**
   * What the edge did with the body: `json` read and parsed; `host` a body the operation declares that is
   * not JSON (a form, another media type), left to the host's reader; `ignored` sent to an operation that
   * declares none, left unread, the request to be answered as without one; `none` nothing to read.
   */
  bodyRead: 'none' | 'json' | 'host' | 'ignored';
  /**
   * A fault's answer, given in place of the operation's: the host answers this error once it has validated
   * the request, as it answers the same error from a handler (so the answer is held to the contract like
   * any other).
   */
  fault: DomainError | undefined;
  /** The doc URL of each error code, for the refusals of this request (the host's, EdgePorts.errorDocs). */
  readonly errorDocs: ErrorDocs;
}

/** Told of every answered request (the access log), with how long it took. */
export type AccessLog<K extends EdgeKey> = (request: EdgeRequest<K>, durationMs: number) => void;

export interface EdgePorts<K extends EdgeKey> {
  contract: Contract;
  keys: KeyCheck<K>;
  rateLimiter: RateLimiter;
  bodyBounds: BodyBounds;
  /**
   * Where the API is served (`/v1`). With `optional`, the same paths answer without it (the mock); without,
   * a path outside it leaves the edge after the request id and the body bounds (the server serves its docs,
   * hosted page and sandbox there).
   */
  base: { path: string; optional: boolean };
  accessLog?: AccessLog<K>;
  /** Faults set for keys' requests (none: no request takes a fault). */
  faults?: FaultSource;
  /** The doc URL of each error code, given in every refusal (`doc_url`). */
  errorDocs: ErrorDocs;
}

/**
 * A step's verdict: go on (undefined), answer with a refusal, hand a path outside the API to the host, or
 * stop with the connection closed and no answer.
 */
type Outcome = Refusal | typeof OUTSIDE_THE_API | typeof CLOSED_WITHOUT_ANSWER | undefined;
type Step<K extends EdgeKey> = (request: EdgeRequest<K>) => Outcome | Promise<Outcome>;

const OUTSIDE_THE_API = Symbol('outside the API');
const CLOSED_WITHOUT_ANSWER = Symbol('closed without an answer');

export interface Edge<K extends EdgeKey> {
  /** The names of the steps, in the order they run. */
  readonly steps: readonly string[];
  /** A request's value, before the steps run (the host keeps it: the id, the operation, the key, the body). */
  request(req: IncomingMessage, res: ServerResponse): EdgeRequest<K>;
  /**
   * Runs the steps in order. True: the request goes on to the host (an operation's request, with what the
   * edge found, or a path outside the API); false: the edge answered it (or closed its connection). A failure
   * that is not the request's (the key store down) rejects, for the host to answer as its own.
   */
  run(request: EdgeRequest<K>): Promise<boolean>;
  /**
   * How a host takes a request through the edge: runs the steps, then `onward` when the request goes on to
   * the host; `failed` hears of a failure that is not the request's, of the steps or of `onward` (thrown, or
   * its promise rejected).
   */
  handle(request: EdgeRequest<K>, onward: (request: EdgeRequest<K>) => unknown, failed: (error: unknown) => void): void;
}

/** The edge of the API: its steps built once from the ports, run in this order for every request. */
export function createEdge<K extends EdgeKey>(ports: EdgePorts<K>): Edge<K> {
  assertScopesDeclared(ports.contract);
  const steps: Step<K>[] = [
    assignRequestId(ports.accessLog),
    boundBody(ports.bodyBounds),
    route(ports.contract, ports.base),
    authenticate(ports.keys),
    limitRate(ports.rateLimiter),
    checkScopes(),
    readPath(),
    readQueryNumbers(ports.contract),
    readDeclaredBody(),
    refuseNearMissFields(ports.contract),
    injectFault(ports.faults),
  ];
  return {
    steps: steps.map((step) => step.name),
    request: (req, res) => ({
      req, res, target: req.url ?? '/', id: '', path: '', query: '', operation: undefined, key: undefined, body: undefined, bodyRead: 'none', fault: undefined, errorDocs: ports.errorDocs,
    }),
    run: (request) => runSteps(steps, request),
    handle(request, onward, failed) {
      runSteps(steps, request)
        .then((goesOn) => (goesOn ? onward(request) : undefined))
        .catch(failed);
    },
  };
}

/** The steps in order, each once the one before has gone on; the first verdict other than "go on" ends them. */
async function runSteps<K extends EdgeKey>(steps: readonly Step<K>[], request: EdgeRequest<K>): Promise<boolean> {
  for (const step of steps) {
    const outcome = await step(request);
    if (outcome !== undefined) return concluded(request, outcome);
  }
  return true;
}

/** What a step's verdict other than "go on" means for the request: true when the host goes on with it. */
function concluded<K extends EdgeKey>(request: EdgeRequest<K>, outcome: Exclude<Outcome, undefined>): boolean {
  if (outcome === OUTSIDE_THE_API) return true;
  if (outcome === CLOSED_WITHOUT_ANSWER) return false;
  sendRefusal(request.req, request.res, outcome, request.errorDocs);
  return false;
}

/** Every answer carries a fresh UUID v4 in `X-Request-Id`; the access log hears of every answered request. */
function assignRequestId<K extends EdgeKey>(accessLog: AccessLog<K> | undefined): Step<K> {
  return function assignRequestId(request) {
    request.id = randomUUID();
    request.res.setHeader('X-Request-Id', request.id);
    if (accessLog) {
      const started = process.hrtime.bigint();
      request.res.once('finish', () => accessLog(request, Number(process.hrtime.bigint() - started) / 1e6));
    }
    return undefined;
  };
}

/** The request's body is bounded in bytes and time before anything reads it (body-bounds.ts). */
function boundBody<K extends EdgeKey>(bounds: BodyBounds): Step<K> {
  const bound = bodyBounder(bounds);
  return function boundBody(request) {
    bound(request.req, request.res);
    return undefined;
  };
}

/**
 * The operation of the request, from the generated operation table's match order (`contract.find`): a path
 * under the base that names none is 404, naming the methods the path has when it has any.
 */
function route<K extends EdgeKey>(contract: Contract, base: EdgePorts<K>['base']): Step<K> {
  const prefix = base.path;
  return function route(request) {
    const path = readTarget(request);
    if (path === prefix || path.startsWith(`${prefix}/`)) request.path = path.slice(prefix.length) || '/';
    else if (base.optional) request.path = path;
    else return OUTSIDE_THE_API;
    request.operation = contract.find(request.req.method ?? 'GET', request.path);
    if (request.operation) return undefined;
    const methods = contract.operations.filter((op) => op.pathPattern.test(request.path)).map((op) => op.method.toUpperCase());
    return methods.length === 0 ? NO_SUCH_ROUTE : { ...NO_SUCH_ROUTE, message: `No such operation; this path accepts ${methods.join(', ')}.` };
  };
}

/**
 * The request target's query string into `request.query`, its path returned, both as sent; an
 * absolute-form target (`http://host/v1/…`) is read as a URL.
 */
function readTarget(request: EdgeRequest<EdgeKey>): string {
  const { target } = request;
  if (!target.startsWith('/')) {
    try {
      const url = new URL(target);
      request.query = url.search.slice(1);
      return url.pathname;
    } catch {
      return target;
    }
  }
  const mark = target.indexOf('?');
  if (mark < 0) return target;
  request.query = target.slice(mark + 1);
  return target.slice(0, mark);
}

const BEARER = /^Bearer +(\S+) *$/i;

/**
 * A secured operation needs `Authorization: Bearer <key>` and no key in the query string; the key check
 * decides what the bearer value is (401 `unauthorized` with its message when it refuses it).
 */
function authenticate<K extends EdgeKey>(keys: KeyCheck<K>): Step<K> {
  const refused = (error: unknown): Refusal => {
    if (error instanceof DomainError && error.status === 401) return refusalOf(401, error);
    throw error;
  };
  return async function authenticate(request) {
    if (!request.operation!.secured) return undefined;
    if (keyInQueryString(request.query)) return unauthorized('API keys are not accepted in the query string; send them in the Authorization header only.');
    const header = request.req.headers.authorization;
    if (!header) return unauthorized('Missing API key; send Authorization: Bearer <API key>.');
    const bearer = BEARER.exec(header);
    if (!bearer) return unauthorized('The Authorization header must be "Bearer <API key>".');
    try {
      request.key = await keys.authenticate(bearer[1]!, request.req.socket.remoteAddress);
      return undefined;
    } catch (error) {
      return refused(error);
    }
  };
}

const unauthorized = (message: string): Refusal => ({ status: 401, code: 'unauthorized', message });

/** Query parameter names that carry a key by convention; refused even when the header is right. */
const KEY_PARAMETER_NAMES = new Set(['api_key', 'apikey', 'access_token', 'key']);

/** Whether a query string carries a key: a key-like name or value, or a parameter named like one. */
export function keyInQueryString(query: string): boolean {
  if (query === '') return false;
  for (const [name, value] of new URLSearchParams(query)) {
    if (KEY_PARAMETER_NAMES.has(name.toLowerCase()) || KEY_LIKE.test(name) || KEY_LIKE.test(value)) return true;
  }
  return false;
}

/**
 * Fixed window per key (the rate-limit port counts); the limit headers go on every answer of an
 * authenticated request from here on, errors included; past the limit, 429 with Retry-After.
 */
function limitRate<K extends EdgeKey>(limiter: RateLimiter): Step<K> {
  return async function limitRate(request) {
    if (!request.key) return undefined;
    const decision = await limiter.consume(request.key.id);
    request.res.setHeader('X-RateLimit-Limit', String(decision.limit));
    request.res.setHeader('X-RateLimit-Remaining', String(decision.remaining));
    if (decision.allowed) return undefined;
    return refusalOf(429, new RateLimitedError(decision.retryAfterSeconds), { 'Retry-After': String(decision.retryAfterSeconds) });
  };
}

/** The key holds the scopes the operation requires (`x-required-scopes`), else 403 naming the first it lacks. */
function checkScopes<K extends EdgeKey>(): Step<K> {
  return function checkScopes(request) {
    const required = request.operation!.requiredScopes;
    if (!request.key || !required) return undefined;
    const missing = missingScopes(request.key.scopes, required);
    return missing.length === 0 ? undefined : lacksScopes(request.key, request.operation!, missing);
  };
}

/** 403 forbidden: the key lacks `scopes`, required by the operation (also the mock's rehearsed 403). */
export function lacksScopes(key: EdgeKey, operation: Operation, scopes: readonly string[]): Refusal {
  return { status: 403, code: 'forbidden', message: `The API key ${describeKey(key)} lacks the scope ${scopes.join(', ')} required by ${operation.method.toUpperCase()} ${operation.path}.` };
}

/** A path that is not valid percent-encoding (`/clients/%E0%A4%A`) is 400, naming the operation's path parameters. */
function readPath<K extends EdgeKey>(): Step<K> {
  return function readPath(request) {
    if (!request.path.includes('%') || isPercentDecodable(request.path)) return undefined;
    return badRequestRefusal(malformedPathError(request.operation!.parameters));
  };
}

/** Integer and number query parameters are plain decimal digits within their bounds (query-numbers.ts), else 400. */
function readQueryNumbers<K extends EdgeKey>(contract: Contract): Step<K> {
  const numeric = numericQueryParameters(contract);
  return function readQueryNumbers(request) {
    const parameters = numeric.get(request.operation!.operationId);
    if (!parameters || request.query === '') return undefined;
    const odd = oddQueryNumbers(new URLSearchParams(request.query), parameters);
    return odd && badRequestRefusal(odd);
  };
}

/**
 * Only the body an operation declares is read: a JSON body here (json-body.ts: 1 MiB, 32 levels, UTF-8),
 * a form or another media type by the host (the server's upload reader, the validator's refusal of the
 * type). A body sent to an operation that declares none is not read at all, and the request is answered as
 * without one; body-bounds.ts bounds what is discarded after the answer.
 */
function readDeclaredBody<K extends EdgeKey>(): Step<K> {
  return function readDeclaredBody(request) {
    if (!request.operation!.requestBody) {
      if (hasBody(request.req)) request.bodyRead = 'ignored';
      return undefined;
    }
    if (!isJsonRequest(request.req)) {
      request.bodyRead = 'host';
      return undefined;
    }
    return readJsonBody(request.req).then((read) => {
      if ('refused' in read) return badRequestRefusal(read.refused);
      request.body = read.body;
      request.bodyRead = 'json';
      return undefined;
    });
  };
}

/**
 * A JSON body field that is a near miss of one the contract has (`dryRun` for `dry_run`: near-miss-fields.ts)
 * is refused with 400 naming both, before any validator or handler reads the body: ignored, a misspelt dry
 * run would deliver for real.
 */
function refuseNearMissFields<K extends EdgeKey>(contract: Contract): Step<K> {
  return function refuseNearMissFields(request) {
    if (request.bodyRead !== 'json') return undefined;
    const misses = nearMissFields(contract, request.operation!, request.body);
    return misses.length === 0 ? undefined : badRequestRefusal(nearMissRefusal(misses));
  };
}

/**
 * The faults set for the key (domain/faults): its request waits before it goes on (and ends there if its
 * client gives up meanwhile: nothing is done for it), loses its connection without an answer, or takes the
 * fault's answer in place of the operation's (`request.fault`, answered by the host after its validation).
 * The last step: every refusal of the edge comes first.
 */
function injectFault<K extends EdgeKey>(faults: FaultSource | undefined): Step<K> {
  return async function injectFault(request) {
    if (!faults || !request.key) return undefined;
    const fault = await faults.forRequest(request.key.id, request.operation!.operationId);
    if (fault === undefined) return undefined;
    if (fault.kind === 'answer') request.fault = fault.error;
    if (fault.kind === 'delay') return (await waitUnlessClosed(request, fault.ms)) ? CLOSED_WITHOUT_ANSWER : undefined;
    if (fault.kind !== 'drop') return undefined;
    request.req.socket.destroy();
    return CLOSED_WITHOUT_ANSWER;
  };
}

/**
 * Holds the request `ms` (its body, unread, is not taken for stalled meanwhile); true when the connection
 * closed first (the wait ends with it).
 */
function waitUnlessClosed({ req, res }: EdgeRequest<EdgeKey>, ms: number): Promise<boolean> {
  const release = holdIdleBound(req);
  return new Promise<boolean>((resolve) => {
    const closed = () => {
      clearTimeout(timer);
      resolve(true);
    };
    const timer = setTimeout(() => {
      res.off('close', closed);
      resolve(false);
    }, ms);
    res.once('close', closed);
  }).finally(release);
}

/** An authenticated operation without `x-required-scopes` is a contract error: it stops the edge at start. */
function assertScopesDeclared(contract: Contract): void {
  const undeclared = contract.operations.filter((op) => op.secured && !Array.isArray(op.definition['x-required-scopes']));
  if (undeclared.length > 0) {
    const names = undeclared.map((op) => `${op.method.toUpperCase()} ${op.path}`).join(', ');
    throw new Error(`openapi.yaml: ${names} require authentication but declare no x-required-scopes.`);
  }
}
