// Sends a generated request over real HTTP and judges the answer: no 5xx; the response valid against
// openapi.yaml (status documented for the operation, content type, body with Ajv 2020, documented headers,
// through the contract's response checker); X-Request-Id present; invalid input answered 4xx with the
// `{error:{code,message}}` envelope.
import { connect } from 'node:net';
import { contract } from '../spec';
import type { FuzzRequest, StreamPlan } from './requests';

export interface Answer {
  status: number;
  headers: Headers;
  body: Buffer;
  /** For a body that never ends: what was written before the server closed the connection, if it did. */
  endless?: { written: number; closedByServer: boolean };
}

/** What an endless body may have written before the server must have closed: every limit, 16 MB after, buffers. */
const ENDLESS_CAP = 200 * 2 ** 20;

export async function send(baseUrl: string, r: FuzzRequest, timeoutMs = 10_000): Promise<Answer> {
  if (r.stream) return sendStreamed(baseUrl, r, r.stream, timeoutMs);
  const res = await fetch(`${baseUrl}${r.path}`, {
    method: r.method,
    headers: r.headers,
    body: r.body === undefined ? undefined : typeof r.body === 'string' ? r.body : new Uint8Array(r.body),
    signal: AbortSignal.timeout(timeoutMs),
  });
  return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
}

/**
 * Sends the request over a raw socket, its body chunked in the plan's pattern, and reads the answer (and, for
 * an endless body, whether the server closed the connection before ENDLESS_CAP bytes).
 */
function sendStreamed(baseUrl: string, r: FuzzRequest, plan: StreamPlan, timeoutMs: number): Promise<Answer> {
  const url = new URL(`${baseUrl}${r.path}`);
  const body = Buffer.from(r.body ?? '');
  const chunk = (bytes: Buffer) => Buffer.concat([Buffer.from(`${bytes.length.toString(16)}\r\n`), bytes, Buffer.from('\r\n')]);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname);
    let received = Buffer.alloc(0);
    let written = 0;
    let settled = false;
    let answer: Answer | undefined;
    const timer = setTimeout(() => finish(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    const finish = (error?: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      if (answer) resolve(answer);
      else reject(error ?? new Error('the connection closed without an answer'));
    };
    const parse = (): Answer | undefined => {
      const end = received.indexOf('\r\n\r\n');
      if (end < 0) return undefined;
      const [statusLine, ...lines] = received.subarray(0, end).toString('latin1').split('\r\n');
      const headers = new Headers(lines.map((l) => [l.slice(0, l.indexOf(':')), l.slice(l.indexOf(':') + 1).trim()] as [string, string]));
      const length = Number(headers.get('content-length') ?? 0);
      if (received.length < end + 4 + length) return undefined;
      return { status: Number(statusLine!.split(' ')[1]), headers, body: received.subarray(end + 4, end + 4 + length) };
    };
    socket.on('data', (data) => {
      received = Buffer.concat([received, data]);
      answer ??= parse();
      if (answer && plan.kind !== 'endless') finish();
    });
    const closed = () => {
      if (answer && plan.kind === 'endless') answer.endless = { written, closedByServer: true };
      finish();
    };
    socket.on('error', closed);
    socket.on('close', closed);
    const headers = Object.entries(r.headers)
      .filter(([name]) => name.toLowerCase() !== 'content-length')
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    socket.once('connect', () => {
      socket.write(`${r.method} ${url.pathname}${url.search} HTTP/1.1\r\nHost: ${url.host}\r\nTransfer-Encoding: chunked\r\n${headers}\r\n`);
      if (plan.kind === 'stall') {
        socket.write(chunk(body.subarray(0, Math.max(1, body.length >> 1))));
      } else if (plan.kind === 'trickle') {
        const size = Math.ceil(body.length / plan.pieces) || 1;
        let at = 0;
        const next = () => {
          if (settled) return;
          if (at >= body.length) return void socket.write('0\r\n\r\n');
          socket.write(chunk(body.subarray(at, at + size)));
          at += size;
          setTimeout(next, plan.pauseMs);
        };
        next();
      } else {
        const filler = chunk(Buffer.alloc(64 * 1024, 0x61));
        socket.write(chunk(body));
        const pump = () => {
          while (!settled && written < ENDLESS_CAP) {
            written += filler.length;
            if (!socket.write(filler)) return void socket.once('drain', pump);
          }
          if (answer) answer.endless = { written, closedByServer: false };
          finish();
        };
        pump();
      }
    });
  });
}

/** Everything wrong with the answer; empty when it holds every property. */
export function judge(r: FuzzRequest, a: Answer): string[] {
  const problems: string[] = [];
  if (a.status >= 500) problems.push(`answered ${a.status} (no request may cause a 5xx)`);
  if (!a.headers.get('x-request-id')) problems.push('no X-Request-Id header');
  const relative = r.path.split('?')[0]!;
  const result = contract().check({ method: r.method, path: relative, status: a.status, headers: a.headers, body: a.body });
  for (const v of result.violations) problems.push(`not valid against openapi.yaml: ${v.field}: ${v.value === undefined ? '' : `${v.value} `}${v.message}`);
  if (a.endless && !a.endless.closedByServer) problems.push(`an endless body was read past ${a.endless.written} bytes without the server closing the connection`);
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
