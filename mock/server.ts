// The mock: Prism 5 (its library, in this process) answering from the examples of openapi.yaml, behind the
// steps the reference server takes before any handler runs, so a partner rehearses against the mock what
// the server will answer:
//   route (`/v1` prefix optional) → authenticate (Bearer, `ik_test_`/`ik_live_` prefix, no key in the
//   query string) → rate limit (per key, headers on every answer) → rehearsed 403 naming the operation's
//   scope → the path's percent-encoding, the query numbers and the JSON body, read by the server's own code
//   (bounded in bytes and time) → Prism: validate the request (violations become 400 with `details`, mapped
//   as the server maps its validator's) and pick the example (`Prefer: code=…, example=…, dynamic=true`).
// Prism runs with `errors` on: an example that breaks the contract is answered 500 problem+json.
import { createLogger } from '@stoplight/prism-core';
import { createInstance, getHttpOperationsFromSpec, ProblemJsonError, type IHttpConfig, type IHttpRequest } from '@stoplight/prism-http';
import { getHttpConfigFromRequest } from '@stoplight/prism-http-server/dist/getHttpConfigFromRequest';
import { DiagnosticSeverity, type IHttpOperation } from '@stoplight/types';
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import getRawBody from 'raw-body';
import { DEFAULT_BODY_BOUNDS } from '../server/config';
import { DomainError, RateLimitedError } from '../server/domain/shared/errors';
import { KEY_LIKE } from '../server/domain/access/keys';
import { FixedWindowRateLimiter, type RateLimitPolicy } from '../server/domain/access/rate-limit';
import { MemoryRateLimitCounters } from '../server/store/memory-rate-limits';
import { keyInQueryString } from '../server/http/auth';
import { boundBody, type BodyBounds } from '../server/http/body-bounds';
import { JSON_BODY_LIMIT, parseJsonText } from '../server/http/json-body';
import { numericQueryParameters, oddQueryNumbers } from '../server/http/strict-query';
import { isPercentDecodable, malformedPathError, validationError, type ValidatorIssue } from '../server/http/validation-details';
import { CONTRACT_PATH, contract, type Operation } from '../spec';

/** The version segment of the contract's server URL; the mock serves with and without it. */
export const VERSION_PREFIX = '/v1';
/** Keys the mock accepts: the shape of the service's keys (it cannot know which exist). */
const KEY_PREFIX = new RegExp(`^${KEY_LIKE.source}`);
/** Largest request body read (uploads); a JSON body is held to the server's JSON_BODY_LIMIT. */
const BODY_LIMIT_BYTES = 10 * 1024 * 1024;
/** The server's default window: 600 requests per key per minute. */
export const MOCK_RATE_LIMIT: RateLimitPolicy = { max: 600, windowSeconds: 60 };

export interface MockOptions {
  /** Answer with data generated from the schemas instead of examples (as `Prefer: dynamic=true`). */
  dynamic?: boolean;
  rateLimit?: RateLimitPolicy;
  /** How long a request body may pause and last (the server's defaults). */
  bodyBounds?: BodyBounds;
  /** Called once per answered request (`npm run mock` prints it when MOCK_VERBOSE is set). */
  log?: (line: string) => void;
}

export interface MockServer {
  /** `http://host:port` (the API is under `${url}/v1`, and at `${url}` too). */
  url: string;
  port: number;
  close(): Promise<void>;
}

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

const errorAnswer = (status: number, code: string, message: string, extra: Partial<Answer> = {}): Answer => ({
  status,
  headers: { 'Content-Type': 'application/json', ...extra.headers },
  body: { error: { code, message, ...(extra.body as object) } },
});

/** A request the server's own readers refuse: 400 with its code, message and `details`, when there are any. */
const badRequestAnswer = ({ code, message, details }: { code: string; message: string; details?: Record<string, unknown> }): Answer =>
  errorAnswer(400, code, message, details ? { body: { details } } : {});

/** `/v1/messages/send` and `/messages/send` name the same operation. */
export function contractPath(pathname: string): string {
  return pathname === VERSION_PREFIX || pathname.startsWith(`${VERSION_PREFIX}/`) ? pathname.slice(VERSION_PREFIX.length) || '/' : pathname;
}

/** The key of an authenticated request, or the 401 the server would answer. */
export function authenticate(headers: IncomingMessage['headers'], url: string): { key: string } | { refused: Answer } {
  const unauthorized = (message: string) => ({ refused: errorAnswer(401, 'unauthorized', message) });
  if (keyInQueryString(url)) return unauthorized('API keys are not accepted in the query string; send them in the Authorization header only.');
  const header = headers.authorization;
  if (!header) return unauthorized('Missing API key; send Authorization: Bearer <API key>.');
  const bearer = /^Bearer +(\S+) *$/i.exec(header);
  if (!bearer?.[1]) return unauthorized('The Authorization header must be "Bearer <API key>".');
  if (!KEY_PREFIX.test(bearer[1])) return unauthorized('Unknown API key: keys start with ik_test_ or ik_live_.');
  return { key: bearer[1] };
}

/** A rehearsed 403 names the scope this operation requires, as the server's does. */
export function forbidden(op: Operation, key: string): Answer {
  const scopes = (op.requiredScopes ?? []).join(', ');
  return errorAnswer(403, 'forbidden', `The API key ${key.slice(0, 12)}… lacks the scope ${scopes} required by ${op.method.toUpperCase()} ${op.path}.`);
}

/** Prism's request violations in the shape of express-openapi-validator's errors, for the shared mapping. */
export function toValidatorIssues(violations: ReadonlyArray<{ path?: readonly (string | number)[]; message: string }>): ValidatorIssue[] {
  return violations.map(({ path = [], message }) => ({
    path: `/${path.join('/')}`,
    // "Request body property text.body must …" / "Request query parameter limit must …" → "must …"
    message: message.replace(/^Request (body|query parameter \S+|path parameter \S+|header \S+)( property \S+)? (?=must|should|is|has)/, ''),
  }));
}

/**
 * The body, read by raw-body as the server reads it: refused past `limit` without reading the rest, and
 * failing with the server's 400 when body-bounds cuts a stalled or endless body (the stream stays open, so
 * the answer can still be written).
 */
async function readBody(req: IncomingMessage, limit: number): Promise<Buffer | 'too large'> {
  try {
    return await getRawBody(req, { limit, length: req.headers['content-length'] });
  } catch (error) {
    if ((error as { type?: string }).type === 'entity.too.large') return 'too large';
    throw error;
  }
}

function isJson(contentType: string | undefined): boolean {
  return /^application\/([a-z0-9.+-]*\+)?json\b/i.test(contentType ?? '');
}

export async function startMock(options: MockOptions & { port?: number; host?: string } = {}): Promise<MockServer> {
  const spec = contract();
  const operations: IHttpOperation[] = await getHttpOperationsFromSpec(CONTRACT_PATH);
  const logger = createLogger('MOCK', { level: 'silent' });
  const baseConfig: IHttpConfig = {
    mock: { dynamic: options.dynamic ?? false },
    validateRequest: true,
    validateResponse: true,
    checkSecurity: false, // authentication is the step before, as on the server
    errors: true,
    upstreamProxy: undefined,
    isProxy: false,
  } as IHttpConfig;
  const prism = createInstance(baseConfig, { logger });
  const numericQuery = numericQueryParameters(spec);
  const limiter = new FixedWindowRateLimiter(options.rateLimit ?? MOCK_RATE_LIMIT, new MemoryRateLimitCounters(), () => new Date());

  async function answer(req: IncomingMessage): Promise<Answer> {
    const url = new URL(req.url ?? '/', 'http://mock');
    const method = (req.method ?? 'GET').toLowerCase();
    const path = contractPath(url.pathname);
    const op = spec.find(method, path);
    if (!op) return errorAnswer(404, 'not_found', `No such operation: ${method.toUpperCase()} ${path}. Paths are relative to /v1; see openapi.yaml.`);

    const rateHeaders: Record<string, string> = {};
    let key: string | undefined;
    if (op.secured) {
      const auth = authenticate(req.headers, req.url ?? '/');
      if ('refused' in auth) return auth.refused;
      key = auth.key;
      const decision = await limiter.consume(key);
      rateHeaders['X-RateLimit-Limit'] = String(decision.limit);
      rateHeaders['X-RateLimit-Remaining'] = String(decision.remaining);
      if (!decision.allowed) {
        return errorAnswer(429, 'rate_limited', new RateLimitedError(decision.retryAfterSeconds).message, {
          headers: { ...rateHeaders, 'Retry-After': String(decision.retryAfterSeconds) },
        });
      }
    }
    const withRate = (a: Answer): Answer => ({ ...a, headers: { ...a.headers, ...rateHeaders } });

    const input: IHttpRequest = {
      method: method as IHttpRequest['method'],
      url: { path, query: Object.fromEntries([...url.searchParams.keys()].map((name) => [name, url.searchParams.getAll(name).length > 1 ? url.searchParams.getAll(name) : url.searchParams.get(name)!])) },
      headers: Object.fromEntries(Object.entries(req.headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : (value ?? '')])),
    };
    const preferences = getHttpConfigFromRequest(input);
    if (preferences._tag === 'Left') return problem(preferences.left);
    if (preferences.right.code === 403 && key && op.responses['403']) return withRate(forbidden(op, key));
    const unreadable = isPercentDecodable(url.pathname) ? oddQueryNumbers(url.searchParams, numericQuery.get(op.operationId) ?? []) : malformedPathError(op.parameters);
    if (unreadable) return withRate(badRequestAnswer(unreadable));

    const json = isJson(req.headers['content-type']);
    const raw = await readBody(req, json ? JSON_BODY_LIMIT : BODY_LIMIT_BYTES);
    if (raw === 'too large') return withRate(errorAnswer(400, 'bad_request', 'The request body is too large.'));
    if (raw.length > 0) {
      if (json) {
        const read = parseJsonText(raw.toString('utf8'));
        if ('refused' in read) return withRate(badRequestAnswer({ code: 'bad_request', ...read.refused }));
        input.body = read.body;
      } else {
        input.body = raw.toString('utf8');
      }
    }

    const config: IHttpConfig = { ...baseConfig, mock: { ...baseConfig.mock, ...definedOnly(preferences.right) } };
    const result = await prism.request(input, operations, config)();
    if (result._tag === 'Left') return withRate(problem(result.left));
    const { output, validations } = result.right;
    const violations = validations.input.filter((v) => v.severity === DiagnosticSeverity.Error);
    if (violations.length > 0) return withRate(badRequestAnswer(validationError(toValidatorIssues(violations), op.codeWhenMissing, input.body)));
    const broken = validations.output.filter((v) => v.severity === DiagnosticSeverity.Error);
    if (broken.length > 0) {
      return problem(
        ProblemJsonError.fromTemplate(
          { type: 'VIOLATIONS', title: 'Request/Response not valid', status: 500 },
          'The example breaks the contract (the mock runs with errors on).',
          { validation: broken },
        ),
      );
    }
    // Content-Length is the example's; send() sets the length of the body actually sent
    const headers = Object.fromEntries(
      Object.entries(output.headers ?? {})
        .filter(([name]) => name.toLowerCase() !== 'content-length')
        .map(([name, value]) => [name, String(value)]),
    );
    const limited = output.statusCode === 429 ? { ...rateHeaders, 'X-RateLimit-Remaining': '0' } : rateHeaders;
    // the server sends no rate-limit headers on 401 and 500 (the key is unknown, or the failure came first)
    const keepRate = output.statusCode !== 401 && output.statusCode !== 500;
    return { status: output.statusCode, headers: keepRate ? { ...headers, ...limited } : headers, body: output.body };
  }

  const server: Server = createServer((req, res) => {
    boundBody(req, res, options.bodyBounds ?? DEFAULT_BODY_BOUNDS);
    answer(req)
      .catch(failureAnswer)
      .then((a) => send(req, res, a, options.log));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const host = options.host === '0.0.0.0' || options.host === undefined ? '127.0.0.1' : options.host;
  return {
    url: `http://${host}:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** A body cut for stalling or lasting too long is the server's 400; anything else is the mock's own failure. */
function failureAnswer(error: unknown): Answer {
  if (error instanceof DomainError && error.kind === 'bad_request') return badRequestAnswer(error);
  return problem(error instanceof Error ? error : new Error(String(error)));
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** Prism's own refusals (an unknown example name, an undocumented `code=`) stay problem+json, as Prism sends them. */
function problem(error: Error & { status?: number; additional?: { headers?: Record<string, string> } }): Answer {
  return {
    status: error.status ?? 500,
    headers: { 'Content-Type': 'application/problem+json', ...error.additional?.headers },
    body: ProblemJsonError.toProblemJson(error as ProblemJsonError),
  };
}

function send(req: IncomingMessage, res: ServerResponse, answer: Answer, log?: (line: string) => void): void {
  // browsers may call the mock from another origin (a partner's front end under development)
  res.setHeader('Access-Control-Allow-Origin', req.headers.origin ?? '*');
  res.setHeader('Access-Control-Expose-Headers', '*');
  if (req.method === 'OPTIONS' && req.headers['access-control-request-method']) {
    res.setHeader('Access-Control-Allow-Methods', 'GET,POST,PATCH,DELETE');
    res.setHeader('Access-Control-Allow-Headers', req.headers['access-control-request-headers'] ?? '*');
    res.writeHead(204).end();
    return;
  }
  for (const [name, value] of Object.entries(answer.headers)) res.setHeader(name, value);
  // every answer carries its own request id, as the server's do (Prism would repeat the example's)
  res.setHeader('X-Request-Id', randomUUID());
  const contentType = String(res.getHeader('content-type') ?? '');
  const body = typeof answer.body === 'string' || Buffer.isBuffer(answer.body) ? answer.body : answer.body === undefined ? '' : JSON.stringify(answer.body);
  if (!contentType && body !== '') res.setHeader('Content-Type', 'application/json');
  res.setHeader('Content-Length', Buffer.byteLength(body));
  res.writeHead(answer.status).end(body);
  log?.(`${req.method} ${req.url} → ${answer.status}`);
}
