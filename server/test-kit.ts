import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { loadContract } from './http/contract';

/**
 * Helpers for the server's own tests: a clock tests move by hand, and a checker that holds every
 * response (error envelopes written by the error handler included) to openapi.yaml with Ajv 2020.
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

type Json = Record<string, any>;

const contract = loadContract();
const doc = contract.document as Json;
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addSchema(doc, 'openapi.yaml');

function resolve(node: Json): Json {
  let current = node;
  while (typeof current?.$ref === 'string') {
    current = current.$ref
      .replace(/^#\//, '')
      .split('/')
      .reduce((n: Json, part: string) => n[part.replace(/~1/g, '/')], doc);
  }
  return current;
}

function pointerTo(node: Json): string | undefined {
  return typeof node?.$ref === 'string' ? node.$ref : undefined;
}

export interface ContractResponse {
  status: number;
  headers: Headers;
  body: any;
  text: string;
}

/**
 * Checks a response against the operation's documented responses: the status is documented, the
 * required headers are present and valid, the body matches the JSON schema. Returns the problems.
 */
export function contractProblems(method: string, route: string, res: ContractResponse): string[] {
  const operation = doc.paths?.[route]?.[method.toLowerCase()];
  if (!operation) return [`${method} ${route} is not in openapi.yaml`];
  const documented = operation.responses?.[String(res.status)];
  if (!documented) return [`status ${res.status} is not documented for ${method} ${route}`];
  const response = resolve(documented);
  const problems: string[] = [];
  for (const [name, raw] of Object.entries<Json>(response.headers ?? {})) {
    const header = resolve(raw);
    const value = res.headers.get(name);
    if (value === null) {
      if (header.required) problems.push(`missing header ${name}`);
      continue;
    }
    const schema = header.schema ?? {};
    const typed = schema.type === 'integer' && /^-?\d+$/.test(value) ? Number(value) : value;
    if (!ajv.validate(schema, typed)) problems.push(`header ${name}=${value}: ${ajv.errorsText()}`);
  }
  const content = response.content as Json | undefined;
  if (content) {
    const type = (res.headers.get('content-type') ?? '').split(';')[0]!;
    const media = content[type];
    if (!media) return [...problems, `content type ${type} is not documented (${Object.keys(content).join(', ')})`];
    const ref = pointerTo(media.schema);
    const schema = ref ? { $ref: `openapi.yaml${ref}` } : media.schema;
    if (schema && !ajv.validate(schema, res.body)) problems.push(`body: ${ajv.errorsText(ajv.errors, { dataVar: 'body' })}`);
  }
  return problems;
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
  const problems = contractProblems(method, route, answer);
  if (problems.length > 0) {
    throw new Error(`${method} ${opts.path ?? route} → ${res.status} breaks openapi.yaml:\n  ${problems.join('\n  ')}\n${text}`);
  }
  return answer;
}
