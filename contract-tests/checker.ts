// The response checker: every response on every target is held against openapi.yaml itself: status
// documented for the operation, content type, body valid (Ajv, JSON Schema 2020-12) and required headers
// present and valid. Schemas are compiled straight from the document by JSON pointer; none is copied.
import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { deref, spec, type Operation, type SpecIndex } from './spec';

export interface Violation {
  operation: string;
  status: number;
  /** The field: a body path (`/error/code`), `header X-Request-Id`, `status` or `content-type`. */
  field: string;
  message: string;
}

export interface CheckedResponse {
  method: string;
  /** Path relative to the target's base URL, without the query string (e.g. `/clients/acme`). */
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

export const describeViolation = (v: Violation) => `${v.operation} ${v.status}: ${v.field}: ${v.message}`;

const SPEC_ID = 'urn:contract:openapi.yaml';

export class ResponseChecker {
  private readonly ajv: Ajv2020;
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor(private readonly index: SpecIndex = spec()) {
    this.ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false, validateFormats: true });
    addFormats(this.ajv);
    this.ajv.addFormat('binary', true);
    this.ajv.addSchema({ ...index.doc, $id: SPEC_ID }, SPEC_ID);
  }

  validator(pointer: string): ValidateFunction {
    let v = this.compiled.get(pointer);
    if (!v) {
      v = this.ajv.getSchema(`${SPEC_ID}${pointer}`);
      if (!v) throw new Error(`no schema at ${pointer}`);
      this.compiled.set(pointer, v);
    }
    return v;
  }

  /** Validates any value against the schema at `pointer` (used for webhook payloads too). */
  validate(pointer: string, value: unknown): ErrorObject[] {
    const v = this.validator(pointer);
    return v(value) ? [] : [...(v.errors ?? [])];
  }

  check(res: CheckedResponse): CheckResult {
    const op = this.index.find(res.method, res.path);
    const violations: Violation[] = [];
    const result: CheckResult = { operation: op, documentedStatus: undefined, errorCode: undefined, json: undefined, violations };
    if (!op) {
      violations.push({ operation: `${res.method.toUpperCase()} ${res.path}`, status: res.status, field: 'path', message: 'no operation of openapi.yaml matches this method and path' });
      return result;
    }
    const v = (field: string, message: string) => violations.push({ operation: op.operationId, status: res.status, field, message });
    const key = [String(res.status), `${String(res.status)[0]}XX`, 'default'].find((k) => op.responses[k]);
    if (!key) {
      v('status', `status ${res.status} is not documented (documented: ${Object.keys(op.responses).join(', ')})`);
      return result;
    }
    result.documentedStatus = key;
    const documented = op.responses[key]!;

    // Headers: every required header present, and its value valid against its schema.
    for (const [name, h] of Object.entries(documented.headers)) {
      const raw = res.headers.get(name);
      if (raw === null) {
        if (h.required) v(`header ${name}`, 'is required but missing');
        continue;
      }
      if (!h.schemaPointer) continue;
      const schema = deref(this.index.doc, { $ref: h.schemaPointer }, '').node;
      const value = coerceHeader(raw, schema?.type);
      for (const e of this.validate(h.schemaPointer, value)) v(`header ${name}`, `${JSON.stringify(raw)} ${e.message}`);
    }

    // Content: none documented → no body; else a documented media type and a valid body.
    const mediaTypes = Object.keys(documented.content);
    const contentType = (res.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    if (mediaTypes.length === 0) {
      if (res.body.length > 0) v('body', `no body is documented but ${res.body.length} bytes were sent`);
      return result;
    }
    // `application/octet-stream` with `format: binary` documents arbitrary bytes: the real type is streamed.
    const binary = mediaTypes.find((m) => m === 'application/octet-stream');
    const matched = mediaTypes.find((m) => m.toLowerCase() === contentType) ?? binary;
    if (!matched) {
      v('content-type', `${JSON.stringify(contentType || '(none)')} is not documented (documented: ${mediaTypes.join(', ')})`);
      return result;
    }
    const media = documented.content[matched]!;
    if (matched === binary && matched !== contentType) return result;
    if (!/json/.test(matched)) return result;
    let json: unknown;
    try {
      json = JSON.parse(res.body.toString('utf8'));
    } catch {
      v('body', 'is not valid JSON');
      return result;
    }
    result.json = json;
    const code = (json as any)?.error?.code;
    if (typeof code === 'string') result.errorCode = code;
    if (media.schemaPointer) {
      for (const e of this.validate(media.schemaPointer, json)) v(fieldOf(e), e.message ?? 'is invalid');
    }
    return result;
  }
}

function coerceHeader(raw: string, type: unknown): unknown {
  if ((type === 'integer' || type === 'number') && /^-?\d+(\.\d+)?$/.test(raw.trim())) return Number(raw);
  if (type === 'boolean' && (raw === 'true' || raw === 'false')) return raw === 'true';
  return raw;
}

/** The body field an Ajv error is about, as a JSON pointer (`/error/code`, `/results/0/channel`). */
function fieldOf(e: ErrorObject): string {
  const base = e.instancePath || '';
  if (e.keyword === 'required') return `body ${base}/${(e.params as any).missingProperty}`;
  if (e.keyword === 'additionalProperties') return `body ${base}/${(e.params as any).additionalProperty}`;
  return `body ${base || '/'}`;
}

let shared: ResponseChecker | undefined;
export const checker = () => (shared ??= new ResponseChecker());
