// Requests from the server's tests whose every answer (error envelopes written by the error handler
// included) is held to openapi.yaml by the contract's response checker.
import { request } from 'node:http';
import { contract, describeViolation } from '../../spec';

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
  const result = contract().check({ method, path: path.split('?')[0]!, status: res.status, headers: res.headers, body: Buffer.from(res.text, 'utf8') });
  return result.violations.map(describeViolation);
}

export interface CallOptions {
  /** The concrete path when `route` is a template (`/clients/acme` for `/clients/{client_ref}`). */
  path?: string;
  key?: string;
  /** A JSON body. */
  body?: unknown;
  /** A body sent as it is (a string is sent as JSON unless `headers` says otherwise; FormData as multipart). */
  raw?: BodyInit;
  headers?: Record<string, string>;
}

/**
 * fetch, then the answer held to openapi.yaml (throws when it breaks it): the status is documented for
 * the operation, the required headers are present and valid, a JSON body matches its schema; a binary
 * answer (media) is checked for its headers.
 */
export async function call(baseUrl: string, method: string, route: string, opts: CallOptions = {}): Promise<ContractResponse & { bytes: Buffer }> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.key) headers.authorization = `Bearer ${opts.key}`;
  let body = opts.raw;
  if (opts.body !== undefined) body = JSON.stringify(opts.body);
  if (typeof body === 'string' && !headers['content-type']) headers['content-type'] = 'application/json';
  const stream = body instanceof ReadableStream ? { duplex: 'half' } : {};
  const res = await fetch(`${baseUrl}${opts.path ?? route}`, { method, headers, body, ...stream } as RequestInit);
  const bytes = Buffer.from(await res.arrayBuffer());
  const text = bytes.toString('utf8');
  let parsed: unknown;
  try {
    parsed = (res.headers.get('content-type') ?? '').includes('json') && text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  const answer = { status: res.status, headers: res.headers, body: parsed as any, text, bytes };
  const problems = contractProblems(method, opts.path ?? route, answer);
  if (problems.length > 0) {
    throw new Error(`${method} ${opts.path ?? route} → ${res.status} breaks openapi.yaml:\n  ${problems.join('\n  ')}\n${text}`);
  }
  return answer;
}

/**
 * A request with a body of any method (fetch sends none with GET), over node:http: the answer's status,
 * headers and text, for `contractProblems`.
 */
export function sendWithBody(url: string, method: string, headers: Record<string, string>, body: string): Promise<Pick<ContractResponse, 'status' | 'headers' | 'text'>> {
  return new Promise((resolve, reject) => {
    const sent = request(url, { method, headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const answerHeaders = new Headers();
        for (const [name, value] of Object.entries(res.headers)) if (value !== undefined) answerHeaders.set(name, String(value));
        resolve({ status: res.statusCode!, headers: answerHeaders, text: Buffer.concat(chunks).toString('utf8') });
      });
      res.on('error', reject);
    });
    sent.on('error', reject);
    sent.end(body);
  });
}
