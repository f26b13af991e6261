import { contract, describeViolation } from '../spec';

/**
 * Helpers for the server's own tests: a clock tests move by hand, and calls whose every answer (error
 * envelopes written by the error handler included) is held to openapi.yaml by the contract's checker.
 */
export interface TestClock {
  now: () => Date;
  advance(ms: number): void;
  set(at: Date | string): void;
}

export function testClock(start: Date | string = '2026-11-22T10:00:00.000Z'): TestClock {
  let current = new Date(start).getTime();
  return {
    now: () => new Date(current),
    advance: (ms) => {
      current += ms;
    },
    set: (at) => {
      current = new Date(at).getTime();
    },
  };
}

export interface ContractResponse {
  status: number;
  headers: Headers;
  body: any;
  text: string;
}

/**
 * Checks a response against the operation it answers (`path`, concrete, relative to /v1): the status is
 * documented, the required headers are present and valid, the body matches the schema. Returns the problems.
 */
export function contractProblems(method: string, path: string, res: Pick<ContractResponse, 'status' | 'headers' | 'text'>): string[] {
  const result = contract().check({ method, path: path.split('?')[0]!, status: res.status, headers: res.headers, body: Buffer.from(res.text) });
  return result.violations.map(describeViolation);
}

/** fetch + JSON parse + contract check of the answer for the operation at `route` (a path template). */
export async function call(
  baseUrl: string,
  method: string,
  route: string,
  opts: { path?: string; key?: string; body?: unknown; rawBody?: string; headers?: Record<string, string> } = {},
): Promise<ContractResponse> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.key) headers.authorization = `Bearer ${opts.key}`;
  let body: string | undefined = opts.rawBody;
  if (opts.body !== undefined) body = JSON.stringify(opts.body);
  if (body !== undefined && !headers['content-type']) headers['content-type'] = 'application/json';
  const res = await fetch(`${baseUrl}${opts.path ?? route}`, { method, headers, body });
  const text = await res.text();
  let parsed: unknown = undefined;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  const answer = { status: res.status, headers: res.headers, body: parsed as any, text };
  const problems = contractProblems(method, opts.path ?? route, answer);
  if (problems.length > 0) {
    throw new Error(`${method} ${opts.path ?? route} → ${res.status} breaks openapi.yaml:\n  ${problems.join('\n  ')}\n${text}`);
  }
  return answer;
}
