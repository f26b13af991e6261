// The response checker: a response held against the contract itself — status documented for the
// operation (exact, `4XX` range or `default`), content type, body valid (JSON Schema 2020-12) and every
// documented header present when required and valid. Used by the reference server's tests, the fuzzer,
// the contract suite and the mock's trigger alike.
import { responseKeyOf } from '../generated/server';
import type { Json } from './document';
import type { Operation } from './operations';
import type { ErrorObject, SchemaValidators } from './validators';

/** What the checker reads of the contract. */
export interface CheckedContract {
  find(method: string, path: string): Operation | undefined;
  validators: SchemaValidators;
  schemaAt(pointer: string): Json | undefined;
}

export interface Violation {
  /** The operation id, or `METHOD /path` when no operation matches. */
  operation: string;
  status: number;
  /** The field: a body path (`body /error/code`), `header X-Request-Id`, `status`, `content-type` or `path`. */
  field: string;
  message: string;
  /** The offending value when the message is about one (a header's text), kept apart so equal faults compare equal. */
  value?: string;
}

export interface CheckedResponse {
  method: string;
  /** Path relative to the base URL, without the query string (`/clients/acme`). */
  path: string;
  status: number;
  headers: Headers;
  body: Buffer;
}

export interface CheckResult {
  operation: Operation | undefined;
  /** The documented status key the response matched (`200`, `4XX`, `default`), if any. */
  documentedStatus: string | undefined;
  errorCode: string | undefined;
  json: unknown;
  violations: Violation[];
}

export const describeViolation = (v: Violation) => `${v.operation} ${v.status}: ${v.field}: ${v.value === undefined ? '' : `${v.value} `}${v.message}`;

/** The media type a documented `application/octet-stream` stands for: any bytes, sent with their real type. */
const ANY_BYTES = 'application/octet-stream';

export function checkResponse(contract: CheckedContract, res: CheckedResponse): CheckResult {
  const op = contract.find(res.method, res.path);
  const violations: Violation[] = [];
  const result: CheckResult = { operation: op, documentedStatus: undefined, errorCode: undefined, json: undefined, violations };
  if (!op) {
    violations.push({ operation: `${res.method.toUpperCase()} ${res.path}`, status: res.status, field: 'path', message: 'no operation of openapi.yaml matches this method and path' });
    return result;
  }
  const v = (field: string, message: string, value?: string) =>
    violations.push({ operation: op.operationId, status: res.status, field, message, ...(value === undefined ? {} : { value }) });
  const key = responseKeyOf(op.responses, res.status);
  if (!key) {
    v('status', `status ${res.status} is not documented (documented: ${Object.keys(op.responses).join(', ')})`);
    return result;
  }
  result.documentedStatus = key;
  const documented = op.responses[key]!;

  for (const [name, header] of Object.entries(documented.headers)) {
    const raw = res.headers.get(name);
    if (raw === null) {
      if (header.required) v(`header ${name}`, 'is required but missing');
      continue;
    }
    if (!header.schemaPointer) continue;
    const type = contract.schemaAt(header.schemaPointer)?.type;
    for (const e of contract.validators.errors(header.schemaPointer, headerValue(raw, type))) v(`header ${name}`, e.message ?? 'is invalid', JSON.stringify(raw));
  }

  const mediaTypes = Object.keys(documented.content);
  const contentType = (res.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (mediaTypes.length === 0) {
    if (res.body.length > 0) v('body', `no body is documented but ${res.body.length} bytes were sent`);
    return result;
  }
  const anyBytes = mediaTypes.find((m) => m === ANY_BYTES);
  const matched = mediaTypes.find((m) => m.toLowerCase() === contentType) ?? anyBytes;
  if (!matched) {
    v('content-type', `${JSON.stringify(contentType || '(none)')} is not documented (documented: ${mediaTypes.join(', ')})`);
    return result;
  }
  if ((matched === anyBytes && matched !== contentType) || !/json/.test(matched)) return result;
  let json: unknown;
  try {
    json = JSON.parse(res.body.toString('utf8'));
  } catch {
    v('body', 'is not valid JSON');
    return result;
  }
  result.json = json;
  const code = (json as { error?: { code?: unknown } } | null)?.error?.code;
  if (typeof code === 'string') result.errorCode = code;
  const schemaPointer = documented.content[matched]!.schemaPointer;
  if (schemaPointer) {
    for (const e of contract.validators.errors(schemaPointer, json)) v(fieldOf(e), e.message ?? 'is invalid');
  }
  return result;
}

/** A header as its schema types it (headers travel as text). */
function headerValue(raw: string, type: unknown): unknown {
  if ((type === 'integer' || type === 'number') && /^-?\d+(\.\d+)?$/.test(raw.trim())) return Number(raw);
  if (type === 'boolean' && (raw === 'true' || raw === 'false')) return raw === 'true';
  return raw;
}

/** The body field an Ajv error is about, as a JSON pointer (`/error/code`, `/results/0/channel`). */
function fieldOf(e: ErrorObject): string {
  const base = e.instancePath || '';
  if (e.keyword === 'required') return `body ${base}/${(e.params as { missingProperty: string }).missingProperty}`;
  if (e.keyword === 'additionalProperties') return `body ${base}/${(e.params as { additionalProperty: string }).additionalProperty}`;
  return `body ${base || '/'}`;
}
