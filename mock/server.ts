// The mock: Prism 5 (its library, in this process) answering from the examples of openapi.yaml, behind the
// reference server's own request edge (server/edge: request id → body bounds → route, `/v1` optional →
// authenticate, with a check of the keys' shape for the key store → rate limit, per key in memory → scopes →
// path → query numbers → the declared body → near-miss body fields), so a partner rehearses against the mock
// what the server will answer. After the edge: a rehearsed 403 naming the operation's scope, then Prism
// validates the request (violations become 400 with the `details` the server gives: server/edge's
// requestValidationError) and picks the example (`Prefer: code=…, example=…, dynamic=true`). Every error
// envelope links its code in the rendered reference (`doc_url`, docsUrl). Prism runs with `errors` on: an
// example that breaks the contract is answered 500 problem+json.
import { createLogger } from '@stoplight/prism-core';
import { createInstance, getHttpOperationsFromSpec, ProblemJsonError, type IHttpConfig, type IHttpRequest } from '@stoplight/prism-http';
import { getHttpConfigFromRequest } from '@stoplight/prism-http-server/dist/getHttpConfigFromRequest';
import { DiagnosticSeverity, type IHttpOperation } from '@stoplight/types';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SCOPES } from '../generated/constants';
import {
  API_BASE_PATH,
  DEFAULT_BODY_BOUNDS,
  KEY_LIKE,
  badRequestRefusal,
  createEdge,
  errorDocsAt,
  lacksScopes,
  memoryRateLimiter,
  readBodyBytes,
  requestValidationError,
  sendRefusal,
  unauthorized,
  type BodyBounds,
  type EdgeKey,
  type EdgeRequest,
  type KeyCheck,
  type RateLimitPolicy,
  type ValidatorIssue,
} from '../server/edge';
import { CONTRACT_PATH, contract, defaultServerUrl } from '../spec';
import { MOCK_RATE_LIMIT, VERSION_PREFIX } from './settings';

export { MOCK_RATE_LIMIT, VERSION_PREFIX };

/** Keys the mock accepts: the shape of the service's keys (it cannot know which exist). */
const KEY_SHAPE = new RegExp(`^${KEY_LIKE.source}`);
/** Largest request body read that is not JSON (uploads); a JSON body is held to the edge's limit. */
const BODY_LIMIT_BYTES = 10 * 1024 * 1024;
/** The headers that announce a body. */
const BODY_HEADERS = ['content-type', 'content-length', 'transfer-encoding'];

/**
 * The mock's key check: any bearer value of the keys' shape (`ik_test_…`, `ik_live_…`) is a key with every
 * scope (the mock cannot know which keys exist, nor their scopes); its rate limit is counted per value.
 */
const keyShapeCheck: KeyCheck<EdgeKey> = {
  authenticate(bearer) {
    if (!KEY_SHAPE.test(bearer)) throw unauthorized('Unknown API key: keys start with ik_test_ or ik_live_.');
    return { id: bearer, prefix: bearer.slice(0, 12), scopes: SCOPES };
  },
};

export interface MockOptions {
  /** Answer with data generated from the schemas instead of examples (as `Prefer: dynamic=true`). */
  dynamic?: boolean;
  rateLimit?: RateLimitPolicy;
  /** How long a request body may pause and last (the server's defaults). */
  bodyBounds?: BodyBounds;
  /** Called once per answered request (`npm run mock` prints it when MOCK_VERBOSE is set). */
  log?: (line: string) => void;
  /**
   * The rendered reference the error envelopes' `doc_url` links (MOCK_DOCS_URL): by default the reference
   * server's at the contract's default address (`http://localhost:4000/docs/`), as the contract's examples
   * give it.
   */
  docsUrl?: string;
}

export interface MockServer {
  /** `http://host:port` (the API is under `${url}/v1`, and at `${url}` too). */
  url: string;
  port: number;
  close(): Promise<void>;
}

/** What Prism answers (or its own refusal as problem+json). */
interface Answer {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

/** Prism's request violations in the shape of express-openapi-validator's errors, for the shared mapping. */
export function toValidatorIssues(violations: ReadonlyArray<{ path?: readonly (string | number)[]; message: string }>): ValidatorIssue[] {
  return violations.map(({ path = [], message }) => ({
    path: `/${path.join('/')}`,
    // "Request body property text.body must …" / "Request query parameter limit must …" → "must …"
    message: message.replace(/^Request (body|query parameter \S+|path parameter \S+|header \S+)( property \S+)? (?=must|should|is|has)/, ''),
  }));
}

export async function startMock(options: MockOptions & { port?: number; host?: string } = {}): Promise<MockServer> {
  const spec = contract();
  const operations: IHttpOperation[] = await getHttpOperationsFromSpec(CONTRACT_PATH);
  const logger = createLogger('MOCK', { level: 'silent' });
  const baseConfig: IHttpConfig = {
    mock: { dynamic: options.dynamic ?? false },
    validateRequest: true,
    validateResponse: true,
    checkSecurity: false, // authentication is the edge's, as on the server
    errors: true,
    upstreamProxy: undefined,
    isProxy: false,
  } as IHttpConfig;
  const prism = createInstance(baseConfig, { logger });
  const { log } = options;
  const docsUrl = options.docsUrl ?? `${new URL(defaultServerUrl(spec.document)).origin}/docs/`;
  const errorDocs = errorDocsAt(() => docsUrl);
  const edge = createEdge({
    contract: spec,
    keys: keyShapeCheck,
    rateLimiter: memoryRateLimiter(options.rateLimit ?? MOCK_RATE_LIMIT),
    bodyBounds: options.bodyBounds ?? DEFAULT_BODY_BOUNDS,
    base: { path: API_BASE_PATH, optional: true },
    errorDocs,
    ...(log ? { accessLog: (request: EdgeRequest) => log(`${request.req.method} ${request.target} → ${request.res.statusCode}`) } : {}),
  });

  /** After the edge: the rehearsed 403, the body Prism reads, Prism's validation and its example. */
  async function answerFromExamples(request: EdgeRequest): Promise<void> {
    const { req, res, key } = request;
    const op = request.operation!;
    const query = new URLSearchParams(request.query);
    const input: IHttpRequest = {
      method: op.method as IHttpRequest['method'],
      url: { path: request.path, query: Object.fromEntries([...query.keys()].map((name) => [name, query.getAll(name).length > 1 ? query.getAll(name) : query.get(name)!])) },
      headers: Object.fromEntries(Object.entries(req.headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : (value ?? '')])),
    };
    const preferences = getHttpConfigFromRequest(input);
    if (preferences._tag === 'Left') return send(res, problem(preferences.left));
    if (preferences.right.code === 403 && key && op.responses['403']) return sendRefusal(req, res, lacksScopes(key, op, op.requiredScopes ?? []), errorDocs);
    if (request.bodyRead === 'json') input.body = request.body;
    else if (request.bodyRead === 'host') {
      const raw = await readBodyBytes(req, BODY_LIMIT_BYTES);
      if ('refused' in raw) return sendRefusal(req, res, badRequestRefusal(raw.refused), errorDocs);
      if (raw.body.length > 0) input.body = raw.body.toString('utf8');
    } else if (request.bodyRead === 'ignored') {
      // Prism would refuse a body the operation does not declare: it sees the request as without one
      for (const name of BODY_HEADERS) delete input.headers![name];
    }

    const config: IHttpConfig = { ...baseConfig, mock: { ...baseConfig.mock, ...definedOnly(preferences.right) } };
    const result = await prism.request(input, operations, config)();
    if (result._tag === 'Left') return send(res, problem(result.left));
    const { output, validations } = result.right;
    const violations = validations.input.filter((v) => v.severity === DiagnosticSeverity.Error);
    if (violations.length > 0) {
      return sendRefusal(req, res, badRequestRefusal(requestValidationError(spec, op, toValidatorIssues(violations), input.body)), errorDocs);
    }
    const broken = validations.output.filter((v) => v.severity === DiagnosticSeverity.Error);
    if (broken.length > 0) {
      return send(
        res,
        problem(
          ProblemJsonError.fromTemplate(
            { type: 'VIOLATIONS', title: 'Request/Response not valid', status: 500 },
            'The example breaks the contract (the mock runs with errors on).',
            { validation: broken },
          ),
        ),
      );
    }
    // The edge's headers stay (the request id, the rate-limit counters; Prism would repeat the example's);
    // Content-Length is measured by send()
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(output.headers ?? {})) {
      if (name.toLowerCase() !== 'content-length' && !res.hasHeader(name)) headers[name] = String(value);
    }
    if (output.statusCode === 429 && key) res.setHeader('X-RateLimit-Remaining', '0');
    send(res, { status: output.statusCode, headers, body: output.body });
  }

  const server: Server = createServer((req, res) => {
    allowCrossOrigin(req, res);
    if (req.method === 'OPTIONS' && req.headers['access-control-request-method']) {
      res.setHeader('Access-Control-Allow-Methods', 'GET,POST,PATCH,DELETE');
      res.setHeader('Access-Control-Allow-Headers', req.headers['access-control-request-headers'] ?? '*');
      res.writeHead(204).end();
      return;
    }
    const request = edge.request(req, res);
    edge.handle(request, answerFromExamples, (error: unknown) => send(res, problem(error instanceof Error ? error : new Error(String(error)))));
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

/** Browsers may call the mock from another origin (a partner's front end under development). */
function allowCrossOrigin(req: IncomingMessage, res: ServerResponse): void {
  res.setHeader('Access-Control-Allow-Origin', req.headers.origin ?? '*');
  res.setHeader('Access-Control-Expose-Headers', '*');
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

/** Prism's answer (or its problem+json), on top of the headers the edge set. */
function send(res: ServerResponse, answer: Answer): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  // the server sends no rate-limit headers on 401 and 500 (the key is unknown, or the failure came first)
  if (answer.status === 401 || answer.status === 500) {
    res.removeHeader('X-RateLimit-Limit');
    res.removeHeader('X-RateLimit-Remaining');
  }
  for (const [name, value] of Object.entries(answer.headers)) res.setHeader(name, value);
  const contentType = String(res.getHeader('content-type') ?? '');
  const body = typeof answer.body === 'string' || Buffer.isBuffer(answer.body) ? answer.body : answer.body === undefined ? '' : JSON.stringify(answer.body);
  if (!contentType && body !== '') res.setHeader('Content-Type', 'application/json');
  res.setHeader('Content-Length', Buffer.byteLength(body));
  res.writeHead(answer.status).end(body);
}
