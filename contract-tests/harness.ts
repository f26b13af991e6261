// The machinery the cases run on: a fetch that checks every response against openapi.yaml and records
// coverage, the case context, planning (which case runs on which target, and why not) and running.
import { AssertionError } from 'node:assert';
import createClient, { type Client } from 'openapi-fetch';
import { partnerBodySerializer } from '../client/multipart';
import type { paths } from '../generated/openapi';
import { contract, describeViolation, type Violation } from '../spec';
import { Coverage } from './coverage';
import type { Capability, FixtureName, Fixtures, RunningTarget, Profile } from './targets';

export interface Exchange {
  method: string;
  path: string;
  operation: string | undefined;
  status: number;
  errorCode: string | undefined;
  json: unknown;
  violations: Violation[];
}

/** A fetch that holds every response against openapi.yaml and records it in the target's coverage. */
export class CheckedTransport {
  readonly exchanges: Exchange[] = [];
  private readonly basePath: string;

  constructor(
    readonly baseUrl: string,
    private readonly coverage: Coverage,
  ) {
    this.basePath = new URL(baseUrl).pathname.replace(/\/+$/, '');
  }

  fetch = async (input: Request | string | URL, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request ? input : new Request(input, init);
    const response = await fetch(request);
    const body = Buffer.from(await response.clone().arrayBuffer());
    let path = new URL(request.url).pathname;
    if (this.basePath && path.startsWith(this.basePath)) path = path.slice(this.basePath.length) || '/';
    const result = contract().check({ method: request.method, path, status: response.status, headers: response.headers, body });
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
    if (result.operation && result.documentedStatus) {
      this.coverage.record(result.operation.operationId, result.documentedStatus, result.errorCode);
    }
    this.exchanges.push({
      method: request.method,
      path,
      operation: result.operation?.operationId,
      status: response.status,
      errorCode: result.errorCode,
      json: result.json,
      violations: result.violations,
    });
    return response;
  };
}

export interface CaseContext {
  /** Client with the main key (every scope). */
  api: Client<paths>;
  /** Client with another key; `null` sends no Authorization header at all. */
  as(key: string | null): Client<paths>;
  /** A checked request outside openapi-fetch's typing (malformed bodies, keys in the query string). */
  raw(method: string, path: string, init?: RequestInit & { key?: string | null }): Promise<Response>;
  fx: Fixtures;
  /** Unique per run, so cases can run again on a target that keeps state. */
  unique(prefix: string): string;
  /** The last checked exchange (its parsed JSON and error code). */
  last(): Exchange;
  target: RunningTarget;
}

export interface Case {
  /** The operation the case is about (it may call others). */
  operation: string;
  /** The rule the case holds, as a sentence. */
  name: string;
  needs?: Capability[];
  fixtures?: FixtureName[];
  run(ctx: CaseContext): Promise<void>;
}

export type Plan = { run: true } | { run: false; kind: 'skip'; reason: string };

/** Whether a case runs on a target, and if not, the reason from the target's profile. */
export function planCase(c: Case, profile: Profile): Plan {
  for (const cap of c.needs ?? []) {
    const why = profile.cannot[cap];
    if (why) return { run: false, kind: 'skip', reason: why };
  }
  for (const f of c.fixtures ?? []) {
    const why = profile.noFixture[f];
    if (why) return { run: false, kind: 'skip', reason: why };
  }
  return { run: true };
}

let counter = 0;
const runId = `${Date.now().toString(36)}${process.pid.toString(36)}`;

export async function runCase(c: Case, target: RunningTarget, coverage: Coverage): Promise<Exchange[]> {
  const transport = new CheckedTransport(target.baseUrl, coverage);
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
    fx: target.fixtures,
    unique: (prefix) => `${prefix}-${runId}-${(++counter).toString(36)}`,
    last: () => {
      const e = transport.exchanges.at(-1);
      if (!e) throw new Error('no request was made');
      return e;
    },
    target,
  };
  let failure: unknown;
  try {
    await c.run(ctx);
  } catch (e) {
    failure = e;
  }
  const violations = transport.exchanges.flatMap((e) => e.violations);
  if (violations.length > 0) {
    const list = violations.map((v) => `  - ${describeViolation(v)}`).join('\n');
    const extra = failure ? `\nand the case failed: ${(failure as Error).message}` : '';
    throw new AssertionError({ message: `response breaks openapi.yaml:\n${list}${extra}` });
  }
  if (failure) throw failure;
  if (transport.exchanges.length === 0) throw new AssertionError({ message: 'the case made no request' });
  return transport.exchanges;
}
