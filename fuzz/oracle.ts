// Sends a generated request over real HTTP and judges the answer: no 5xx; the response valid against
// openapi.yaml (status documented for the operation, content type, body with Ajv 2020, documented headers,
// through the contract's response checker); X-Request-Id present; invalid input answered 4xx with the
// `{error:{code,message}}` envelope.
import { contract } from '../spec';
import type { FuzzRequest } from './requests';

export interface Answer {
  status: number;
  headers: Headers;
  body: Buffer;
}

export async function send(baseUrl: string, r: FuzzRequest, timeoutMs = 10_000): Promise<Answer> {
  const res = await fetch(`${baseUrl}${r.path}`, {
    method: r.method,
    headers: r.headers,
    body: r.body === undefined ? undefined : typeof r.body === 'string' ? r.body : new Uint8Array(r.body),
    signal: AbortSignal.timeout(timeoutMs),
  });
  return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
}

/** Everything wrong with the answer; empty when it holds every property. */
export function judge(r: FuzzRequest, a: Answer): string[] {
  const problems: string[] = [];
  if (a.status >= 500) problems.push(`answered ${a.status} (no request may cause a 5xx)`);
  if (!a.headers.get('x-request-id')) problems.push('no X-Request-Id header');
  const relative = r.path.split('?')[0]!;
  const result = contract().check({ method: r.method, path: relative, status: a.status, headers: a.headers, body: a.body });
  for (const v of result.violations) problems.push(`not valid against openapi.yaml: ${v.field}: ${v.value === undefined ? '' : `${v.value} `}${v.message}`);
  if (r.kind === 'invalid') {
    if (a.status < 400 || a.status >= 500) problems.push(`invalid input (${r.why}) answered ${a.status}, not 4xx`);
    const e = (result.json as any)?.error;
    if (a.status >= 400 && !(e && typeof e.code === 'string' && typeof e.message === 'string')) {
      problems.push('invalid input not answered with the {error:{code,message}} envelope');
    }
  }
  return problems;
}

/** The request and the answer, exactly, for a report. */
export function describeExchange(r: FuzzRequest, a: Answer | Error): string {
  const body =
    r.body === undefined
      ? ''
      : typeof r.body === 'string'
        ? r.body.length > 600
          ? `${r.body.slice(0, 600)}…(${r.body.length} chars)`
          : r.body
        : `<${r.body.length} bytes> ${JSON.stringify(r.body.subarray(0, 300).toString('latin1'))}${r.body.length > 300 ? '…' : ''}`;
  const req = `${r.method} ${r.path}\n${Object.entries(r.headers)
    .map(([k, v]) => `${k}: ${k === 'authorization' ? v.replace(/(ik_(?:live|test)_)\S+/, '$1…') : v}`)
    .join('\n')}\n\n${body}`;
  if (a instanceof Error) return `[${r.kind}: ${r.why}]\n${req}\n→ request failed: ${a.message}`;
  const text = a.body.toString('utf8');
  return `[${r.kind}: ${r.why}]\n${req}\n→ ${a.status} ${a.headers.get('content-type') ?? ''}\n${text.length > 800 ? `${text.slice(0, 800)}…` : text}`;
}

/** A fast-check predicate: throws with the exchange and its problems when a property is broken. */
export async function holds(baseUrl: string, r: FuzzRequest): Promise<void> {
  let a: Answer;
  try {
    a = await send(baseUrl, r);
  } catch (e) {
    throw new Error(`${describeExchange(r, e as Error)}\nproblem: no answer`);
  }
  const problems = judge(r, a);
  if (problems.length) throw new Error(`${describeExchange(r, a)}\nproblems:\n- ${problems.join('\n- ')}`);
}
