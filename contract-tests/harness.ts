// The machinery the cases run on: a fetch that checks every response against openapi.yaml and records
// coverage, the case context, planning (which case runs on which target, and why not) and running a case
// into what it found.
import { AssertionError } from 'node:assert';
import createClient, { type Client } from 'openapi-fetch';
import { partnerBodySerializer } from '../client/multipart';
import type { paths } from '../generated/openapi';
import { contract, type Violation } from '../spec';
import { Coverage, sentValues, type SentValues } from './coverage';
import { FixtureUnavailable, type FixtureName } from './fixtures-file';
import { HeaderLedger } from './header-ledger';
import { RateWindows, type Clock } from './rate-windows';
import type { Capability, Fixtures, Profile, RunningTarget } from './targets';
import type { ReceivedDelivery } from './webhook-listener';

export interface Exchange {
  method: string;
  path: string;
  /** The request's query parameters and, when it sent JSON, its parsed body. */
  request: { query: Record<string, string>; json?: unknown };
  operation: string | undefined;
  status: number;
  headers: Headers;
  errorCode: string | undefined;
  json: unknown;
  violations: Violation[];
}

/** How long a request waits out the 429s of one of the run's own keys, in all, before it takes the refusal as the answer. */
export const MAX_PATIENCE_MS = 120_000;

/** The Authorization values of the run's own keys: the key with every scope and the extra keys of its partner. */
export const runKeys = (fx: Pick<Fixtures, 'apiKey' | 'extraApiKeys'>): string[] => [fx.apiKey, ...(fx.extraApiKeys ?? [])].map((k) => `Bearer ${k}`);

/**
 * A fetch that holds every response against openapi.yaml, records it in the target's coverage, and records it
 * for the run (its headers held across the run, its rate-limit window noted). A 429 to a request with one of
 * `patientKeys` is waited out and the request sent again: the specification allows a 429 at any time (the
 * upstream throttle, section 5 rule 9) and tells clients to honour Retry-After (section 7), so a case is not
 * failed by its own key's window; the 429 itself is still held to the contract.
 */
export class CheckedTransport {
  readonly exchanges: Exchange[] = [];
  private readonly basePath: string;

  constructor(
    readonly baseUrl: string,
    private readonly coverage: Coverage,
    /** Where every answer is recorded for the run as a whole: its headers held together, the exchange kept, the key's window noted. */
    private readonly run: Pick<RunState, 'headers' | 'exchanges' | 'windows'>,
    private readonly patientKeys: ReadonlySet<string> = new Set(),
  ) {
    this.basePath = new URL(baseUrl).pathname.replace(/\/+$/, '');
  }

  fetch = async (input: Request | string | URL, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request ? input : new Request(input, init);
    const sent = await sentValues(request.clone());
    const authorization = request.headers.get('authorization');
    // A request that asks for its status (Prism's `Prefer: code=…`, a mock's rehearsal) gets it, a 429 too.
    const patient = authorization !== null && this.patientKeys.has(authorization) && !/\bcode=/.test(request.headers.get('prefer') ?? '');
    const windows = this.run.windows;
    const giveUpAt = windows.clock.now() + MAX_PATIENCE_MS;
    for (;;) {
      const response = await this.once(request.clone(), sent);
      if (response.status !== 429 || !patient) return response;
      const { readyAt } = windows.state(authorization!);
      if (readyAt > giveUpAt) return response;
      await windows.waitUntil(readyAt);
    }
  };

  private async once(request: Request, sent: SentValues): Promise<Response> {
    const response = await fetch(request);
    const body = Buffer.from(await response.clone().arrayBuffer());
    let path = new URL(request.url).pathname;
    if (this.basePath && path.startsWith(this.basePath)) path = path.slice(this.basePath.length) || '/';
    const result = contract().check({ method: request.method, path, status: response.status, headers: response.headers, body });
    const where = `${result.operation?.operationId ?? `${request.method} ${path}`} ${response.status}`;
    const authorization = request.headers.get('authorization');
    this.run.headers.observe({ where, status: response.status, headers: response.headers, authorization, at: Date.now() });
    if (authorization !== null) this.run.windows.observe(authorization, response.status, response.headers);
    if (result.operation) this.coverage.recordRequest(result.operation.operationId, request.url, sent);
    // Behind `prism proxy --errors`, Prism turns a response that breaks the contract into a problem+json
    // listing what it found: carry those findings into the report next to the checker's own.
    if (/problem\+json/.test(response.headers.get('content-type') ?? '')) {
      try {
        const problem = JSON.parse(body.toString('utf8')) as { title?: string; validation?: { location?: string[]; message?: string }[] };
        for (const v of problem.validation ?? []) {
          result.violations.push({
            operation: result.operation?.operationId ?? `${request.method} ${path}`,
            status: response.status,
            field: `prism ${(v.location ?? []).join('.')}`,
            message: v.message ?? problem.title ?? 'violation',
          });
        }
      } catch {
        /* not JSON: the checker already reported the body */
      }
    }
    // An undocumented status is recorded too: it is listed apart, and the verdict on the operation reads it.
    if (result.operation) this.coverage.record(result.operation.operationId, result.documentedStatus ?? String(response.status), result.errorCode);
    const exchange: Exchange = {
      method: request.method,
      path,
      request: { query: Object.fromEntries(sent.query), ...(sent.json === undefined ? {} : { json: sent.json }) },
      operation: result.operation?.operationId,
      status: response.status,
      headers: response.headers,
      errorCode: result.errorCode,
      json: result.json,
      violations: result.violations,
    };
    this.exchanges.push(exchange);
    this.run.exchanges.push(exchange);
    return response;
  }
}

/** What a run shares between its cases: resources made once (an approved template), and how long to wait. */
export interface RunState {
  /** The value `make` gives, made once per run. */
  once<T>(key: string, make: () => Promise<T>): Promise<T>;
  /** How long to wait for the provider to finish a template review. */
  reviewTimeoutMs: number;
  /** The headers of every answer of the run, held together (header-ledger.ts). */
  headers: HeaderLedger;
  /** Every checked exchange of the run so far, in order (what the implementation answered the run). */
  exchanges: Exchange[];
  /** What the answers said of each key's rate-limit window (rate-windows.ts). */
  windows: RateWindows;
}

export function newRunState(reviewTimeoutMs: number, clock?: Clock): RunState {
  const made = new Map<string, Promise<unknown>>();
  return {
    reviewTimeoutMs,
    headers: new HeaderLedger(),
    exchanges: [],
    windows: new RateWindows(clock),
    once: <T>(key: string, make: () => Promise<T>) => {
      if (!made.has(key)) made.set(key, make());
      return made.get(key) as Promise<T>;
    },
  };
}

export interface CaseContext {
  /** Client with the main key (every scope). */
  api: Client<paths>;
  /** Client with another key; `null` sends no Authorization header at all. */
  as(key: string | null): Client<paths>;
  /** A checked request outside openapi-fetch's typing (malformed bodies, keys in the query string). */
  raw(method: string, path: string, init?: RequestInit & { key?: string | null }): Promise<Response>;
  /** A request to a path that is no operation of openapi.yaml (checked by the case itself), with the main key. */
  outside(method: string, path: string): Promise<{ status: number; headers: Headers; json: unknown }>;
  fx: Fixtures;
  /** Unique per run, so cases can run again on a target that keeps state. */
  unique(prefix: string): string;
  /** The last checked exchange (its parsed JSON and error code). */
  last(): Exchange;
  /** Every checked exchange of this case so far. */
  exchanges(): Exchange[];
  run: RunState;
  target: RunningTarget;
}

export interface Case {
  /** The operation (or webhook event) the case is about; it may call other operations. */
  operation: string;
  /** The rule the case holds, as a sentence. */
  name: string;
  needs?: Capability[];
  fixtures?: FixtureName[];
  run(ctx: CaseContext): Promise<void>;
}

export type Plan = { run: true } | { run: false; kind: 'profile'; reason: string } | { run: false; kind: 'fixture'; reason: string; fixtures: FixtureName[] };

/** The operation name of cases about the run's webhook deliveries as a whole (not one event kind). */
export const WEBHOOK_DELIVERIES = '(webhooks)';

/** Whether a case is about a webhook event or the run's deliveries, not an operation. */
export const isAboutWebhooks = (operation: string) => operation === WEBHOOK_DELIVERIES || contract().webhook(operation) !== undefined;

/** Whether a case runs on a target, and if not, the reason: what the target cannot hold, or what the run was not given. */
export function planCase(c: Case, profile: Profile): Plan {
  for (const cap of c.needs ?? []) {
    const why = profile.cannot[cap];
    if (why) return { run: false, kind: 'profile', reason: why };
  }
  const missing = (c.fixtures ?? []).filter((f) => profile.noFixture[f]);
  if (missing.length) return { run: false, kind: 'fixture', reason: missing.map((f) => profile.noFixture[f]).join('; '), fixtures: missing };
  return { run: true };
}

/** One occurrence of a broken rule: what broke (stated without varying values), where, and an example. */
export interface Occurrence {
  rule: string;
  where?: string;
  example?: string;
  /** A response that breaks openapi.yaml itself (status, content type, body, headers), not a behaviour rule of a case. */
  shape?: true;
}

/** A rule the implementation broke, as a case states it: a stable rule and what was seen. */
export class Broken extends Error {
  readonly occurrences: Occurrence[];

  constructor(rule: string | Occurrence[], seen?: string, where?: string) {
    const occurrences = typeof rule === 'string' ? [{ rule, where, example: seen }] : rule;
    super(occurrences.map((o) => `${o.rule}${o.example ? `: ${o.example}` : ''}`).join('; '));
    this.occurrences = occurrences;
  }
}

/** A case that could not observe its rule (a review that did not finish in time): the run is incomplete, not failed. */
export class Inconclusive extends Error {}

export interface CaseOutcome {
  exchanges: Exchange[];
  /** What the case found broken (empty when it held). */
  occurrences: Occurrence[];
  /** Set when a fixture could not serve or the rule could not be observed: the case proves nothing either way. */
  unavailable?: { fixture?: FixtureName; message: string };
}

/** `body /results/3/channel` → `body /results/*\/channel`: one violation, wherever in an array it sits. */
const fieldRule = (field: string) => field.replace(/\/\d+(?=\/|$)/g, '/*');

const violationOccurrence = (v: Violation): Occurrence => ({
  rule: `${fieldRule(v.field)}: ${v.message}`,
  where: `${v.operation} ${v.status}`,
  example: v.value,
  shape: true,
});

/** What a webhook delivery breaks, one occurrence per problem, the same wherever it is noticed. */
export const deliveryOccurrences = (d: ReceivedDelivery): Occurrence[] =>
  d.problems.map((p) => ({ rule: `webhook delivery: ${fieldRule(p)}`, where: d.event ?? '(no event)', example: d.raw.toString('utf8').slice(0, 200) }));

let counter = 0;
const runId = `${Date.now().toString(36)}${process.pid.toString(36)}`;

export async function runCase(c: Case, target: RunningTarget, coverage: Coverage, run: RunState): Promise<CaseOutcome> {
  const transport = new CheckedTransport(target.baseUrl, coverage, run, new Set(runKeys(target.fixtures)));
  let outsideRequests = 0;
  const client = (key: string | null) =>
    createClient<paths>({
      baseUrl: target.baseUrl,
      fetch: transport.fetch,
      // The client's own serializer: a body with a Blob (or File) field goes out as multipart/form-data.
      bodySerializer: partnerBodySerializer,
      headers: key === null ? {} : { Authorization: `Bearer ${key}` },
    });
  const ctx: CaseContext = {
    api: client(target.fixtures.apiKey),
    as: client,
    raw: (method, path, init = {}) => {
      const { key = target.fixtures.apiKey, ...rest } = init;
      const headers = new Headers(rest.headers);
      if (key !== null && !headers.has('authorization')) headers.set('Authorization', `Bearer ${key}`);
      return transport.fetch(`${target.baseUrl}${path}`, { ...rest, method, headers });
    },
    outside: async (method, path) => {
      outsideRequests++;
      const authorization = `Bearer ${target.fixtures.apiKey}`;
      const res = await fetch(`${target.baseUrl}${path}`, { method, headers: { Authorization: authorization } });
      run.headers.observe({ where: `${method} ${path} ${res.status}`, status: res.status, headers: res.headers, authorization, at: Date.now() });
      const text = await res.text();
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        json = undefined;
      }
      return { status: res.status, headers: res.headers, json };
    },
    fx: target.fixtures,
    unique: (prefix) => `${prefix}-${runId}-${(++counter).toString(36)}`,
    last: () => {
      const e = transport.exchanges.at(-1);
      if (!e) throw new Error('no request was made');
      return e;
    },
    exchanges: () => transport.exchanges,
    run,
    target,
  };
  const outcome: CaseOutcome = { exchanges: transport.exchanges, occurrences: [] };
  let thrown: unknown;
  try {
    await c.run(ctx);
  } catch (e) {
    thrown = e;
  }
  outcome.occurrences.push(...transport.exchanges.flatMap((e) => e.violations).map(violationOccurrence));
  if (thrown instanceof FixtureUnavailable) outcome.unavailable = { fixture: thrown.fixture, message: thrown.message };
  else if (thrown instanceof Inconclusive) outcome.unavailable = { message: thrown.message };
  else if (thrown instanceof Broken) outcome.occurrences.push(...thrown.occurrences);
  else if (thrown instanceof AssertionError || (thrown !== undefined && outcome.occurrences.length === 0)) {
    // A failed assert, or a request that could not be made, breaks the case's own rule. (Anything else
    // thrown after a response broke the contract follows from that violation.)
    outcome.occurrences.push({ rule: c.name, where: c.operation, example: (thrown as Error).message });
  }
  // A case about a webhook (or the run's deliveries) may only wait for a delivery; a case about an operation must call it.
  if (!outcome.unavailable && outcome.occurrences.length === 0 && transport.exchanges.length + outsideRequests === 0 && !isAboutWebhooks(c.operation)) {
    outcome.occurrences.push({ rule: 'the case made no request', where: c.operation });
  }
  return outcome;
}
