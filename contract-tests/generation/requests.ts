// Request generators for every operation of openapi.yaml, shared by the drift check's generated phase and the
// reference server's fuzzer (fuzz/): valid requests (path, query and body drawn from the schemas, the body
// checked valid with Ajv 2020) and invalid ones, each labelled with what makes it invalid (missing or
// malformed auth, a key without the scope, a body mutated until Ajv rejects it, malformed JSON, a wrong
// content type, an oversize field, a bad query or path parameter, a broken multipart body).
import fc from 'fast-check';
import { contract, type Operation, type ValidateFunction } from '../../spec';
import { arbitraryOf, boundedStrings, resolveSchema } from './schema-arbitrary';

type Json = Record<string, any>;

export interface GeneratedRequest {
  operationId: string;
  /** valid: the contract accepts it (the answer may still be a documented 4xx, e.g. an unknown client); invalid: the contract refuses it (a 4xx in the envelope). */
  kind: 'valid' | 'invalid';
  /** What was done to the request (for invalid ones, what makes it invalid). */
  why: string;
  method: string;
  /** Path relative to the base URL (…/v1), with the query string. */
  path: string;
  headers: Record<string, string>;
  body?: string | Buffer;
}

export interface RequestContext {
  /** Every scope, live. */
  key: string;
  /** A valid key without any scope. */
  noScopeKey: string;
  /** client_refs of connected clients, to reach past "unknown client". */
  clientRefs: string[];
}

export const doc = contract().document;
export const operations: Operation[] = contract().operations;
export const operationId = (op: Operation): string => op.operationId;
export const isSecured = (op: Operation): boolean => op.secured;

/** Ajv 2020 over a schema of the document (its `#/…` refs resolve inside openapi.yaml). */
export function validatorOf(schema: Json): ValidateFunction {
  return contract().validators.compile(schema);
}

/** A query or path value as the server sees it (a string) is valid when some typed reading of it is. */
function parameterAccepts(schema: Json, raw: string): boolean {
  const s = resolveSchema(doc, schema);
  const v = validatorOf(schema);
  const type = s.type;
  if (type === 'integer' || type === 'number') return raw.trim() !== '' && !Number.isNaN(Number(raw)) && v(Number(raw));
  if (type === 'boolean') return (raw === 'true' || raw === 'false') && v(raw === 'true');
  return v(raw);
}

const jsonMedia = (op: Operation) => op.requestBody?.content?.['application/json'];
const multipartMedia = (op: Operation) => op.requestBody?.content?.['multipart/form-data'];

function withClientRefs(ctx: RequestContext, schema: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return ctx.clientRefs.length ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...ctx.clientRefs) }, { weight: 1, arbitrary: schema }) : schema;
}

/** `.` and `..` cannot travel as a path segment: URL parsers remove dot segments (also written %2E). */
const DOT_SEGMENT = /^(\.|\.\.)$/;

function paramArbitrary(ctx: RequestContext, p: Json): fc.Arbitrary<string> {
  const base = arbitraryOf(doc, p.schema ?? { type: 'string' }, { maxString: 16 });
  const arb = p.name === 'client_ref' ? withClientRefs(ctx, base) : base;
  return arb
    .map((v) => String(v))
    .filter((v) => parameterAccepts(p.schema ?? {}, v) && !(p.in === 'path' && DOT_SEGMENT.test(v)));
}

/** Values a parameter's schema refuses, as they would be sent (strings). */
function invalidParamValues(p: Json): string[] {
  const s = resolveSchema(doc, p.schema ?? {});
  const candidates = ['', ' ', '-', '-leading-dash', 'x'.repeat(600), 'ünïcödé', 'a/b', '%00', 'NOT_AN_ENUM', 'maybe', 'abc', '1.5', '-1', '0', '101', '99999999999'];
  if (typeof s.maxLength === 'number') candidates.push('a'.repeat(s.maxLength + 1));
  if (typeof s.minimum === 'number') candidates.push(String(s.minimum - 1));
  if (typeof s.maximum === 'number') candidates.push(String(s.maximum + 1));
  // A path parameter cannot be empty in a URL (it would match another route), so it is never offered.
  return candidates.filter((c) => !(p.in === 'path' && (c === '' || DOT_SEGMENT.test(c))) && !parameterAccepts(p.schema ?? {}, c));
}

function buildPath(op: Operation, pathValues: Record<string, string>, query: [string, string][]): string {
  const path = op.path.replace(/\{([^}]+)\}/g, (_m, name: string) => encodeURIComponent(pathValues[name] ?? 'x'));
  const qs = new URLSearchParams(query).toString();
  return qs ? `${path}?${qs}` : path;
}

interface Parts {
  pathValues: Record<string, string>;
  query: [string, string][];
}

function partsArbitrary(ctx: RequestContext, op: Operation): fc.Arbitrary<Parts> {
  const pathParams = op.parameters.filter((p) => p.in === 'path');
  const queryParams = op.parameters.filter((p) => p.in === 'query');
  const pathRecord: Record<string, fc.Arbitrary<string>> = {};
  for (const p of pathParams) pathRecord[p.name] = paramArbitrary(ctx, p);
  const queryRecord: Record<string, fc.Arbitrary<string>> = {};
  for (const p of queryParams) queryRecord[p.name] = paramArbitrary(ctx, p);
  return fc
    .tuple(
      fc.record(pathRecord),
      fc.record(queryRecord, { requiredKeys: queryParams.filter((p) => p.required).map((p) => p.name as string) }),
    )
    .map(([pathValues, q]) => ({ pathValues: pathValues as Record<string, string>, query: Object.entries(q as Record<string, string>) }));
}

const FILE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'video/mp4', 'audio/mpeg', 'application/pdf', 'text/plain', 'application/octet-stream', 'application/zip', 'text/html'];
const MAGIC: Record<string, Buffer> = {
  'image/jpeg': Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
  'image/png': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  'application/pdf': Buffer.from('%PDF-1.4\n'),
  'application/zip': Buffer.from('PK\x03\x04'),
  'image/webp': Buffer.from('RIFF\x00\x00\x00\x00WEBPVP8 '),
  'video/mp4': Buffer.from('\x00\x00\x00\x18ftypisom'),
  'audio/mpeg': Buffer.from('ID3\x03\x00'),
};

export interface MultipartPart {
  name: string;
  value: string | Buffer;
  filename?: string;
  contentType?: string;
}

export function multipartBody(parts: MultipartPart[], boundary = `----fuzz${Math.random().toString(16).slice(2)}`): { body: Buffer; contentType: string } {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"`;
    if (p.filename !== undefined) head += `; filename="${p.filename}"`;
    head += '\r\n';
    if (p.contentType) head += `Content-Type: ${p.contentType}\r\n`;
    chunks.push(Buffer.from(`${head}\r\n`), Buffer.isBuffer(p.value) ? p.value : Buffer.from(p.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

function multipartPartsArbitrary(ctx: RequestContext, op: Operation): fc.Arbitrary<MultipartPart[]> {
  const schema = resolveSchema(doc, multipartMedia(op).schema);
  const fields: fc.Arbitrary<MultipartPart | null>[] = [];
  for (const [name, sub] of Object.entries<any>(schema.properties ?? {})) {
    const required = (schema.required ?? []).includes(name);
    const r = resolveSchema(doc, sub);
    let arb: fc.Arbitrary<MultipartPart>;
    if (r.format === 'binary') {
      arb = fc
        .tuple(
          fc.constantFrom(...FILE_TYPES),
          fc.uint8Array({ maxLength: 2048 }),
          // Mostly files whose bytes agree with their declared type (to reach success), sometimes not.
          fc.oneof({ weight: 3, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
          fc.string({ minLength: 1, maxLength: 12 }),
        )
        .map(([type, bytes, agree, fname]) => ({
          name,
          filename: `${fname.replace(/["\r\n\\]/g, '_')}.bin`,
          contentType: type,
          value:
            agree && type === 'text/plain'
              ? Buffer.from(Array.from(bytes, (b) => String.fromCharCode(32 + (b % 95))).join(''))
              : Buffer.concat([agree ? (MAGIC[type] ?? Buffer.alloc(0)) : Buffer.alloc(0), Buffer.from(bytes)]),
        }));
    } else {
      const values = name === 'client_ref' ? withClientRefs(ctx, arbitraryOf(doc, sub, { maxString: 16 })) : arbitraryOf(doc, sub, { maxString: 16 });
      arb = values.map((v) => ({ name, value: String(v) }));
    }
    fields.push(required ? arb : fc.option(arb, { nil: null }));
  }
  return fc.tuple(...fields).map((ps) => ps.filter((p): p is MultipartPart => p !== null));
}

const auth = (key: string) => ({ authorization: `Bearer ${key}` });

/** A valid request of the operation. */
export function validRequest(ctx: RequestContext, op: Operation): fc.Arbitrary<GeneratedRequest> {
  const id = operationId(op);
  const headers = isSecured(op) ? auth(ctx.key) : {};
  const json = jsonMedia(op);
  const multipart = multipartMedia(op);
  if (json) {
    const v = validatorOf(json.schema);
    const body = arbitraryOf(doc, json.schema, { overrides: { client_ref: withClientRefs(ctx, arbitraryOf(doc, { type: 'string', pattern: '^[A-Za-z0-9][A-Za-z0-9._:@-]*$', maxLength: 128 })) } }).filter((b) => v(b));
    return fc.tuple(partsArbitrary(ctx, op), body).map(([parts, b]) => ({
      operationId: id,
      kind: 'valid' as const,
      why: 'valid request',
      method: op.method.toUpperCase(),
      path: buildPath(op, parts.pathValues, parts.query),
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(b),
    }));
  }
  if (multipart) {
    const schema = resolveSchema(doc, multipart.schema);
    return fc
      .tuple(partsArbitrary(ctx, op), multipartPartsArbitrary(ctx, op))
      .filter(([, parts]) => (schema.required ?? []).every((r: string) => parts.some((p) => p.name === r)))
      .map(([parts, fields]) => {
        const m = multipartBody(fields);
        return {
          operationId: id,
          kind: 'valid' as const,
          why: `valid multipart (${fields.map((f) => (f.filename ? `${f.name}: ${f.contentType}, ${(f.value as Buffer).length} B` : f.name)).join('; ')})`,
          method: op.method.toUpperCase(),
          path: buildPath(op, parts.pathValues, parts.query),
          headers: { ...headers, 'content-type': m.contentType },
          body: m.body,
        };
      });
  }
  return partsArbitrary(ctx, op).map((parts) => ({
    operationId: id,
    kind: 'valid' as const,
    why: 'valid request',
    method: op.method.toUpperCase(),
    path: buildPath(op, parts.pathValues, parts.query),
    headers: { ...headers },
  }));
}

function setAt(value: any, path: string[], replacement: unknown): any {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path as [string, ...string[]];
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  return { ...value, [head]: setAt(value[head], rest, replacement) };
}

/** Invalid variants of a valid request; each is checked to be invalid where a schema can tell. */
export function invalidRequest(ctx: RequestContext, op: Operation): fc.Arbitrary<GeneratedRequest> {
  const valid = validRequest(ctx, op);
  const variants: fc.Arbitrary<GeneratedRequest | null>[] = [];
  const secured = isSecured(op);
  const json = jsonMedia(op);
  const multipart = multipartMedia(op);

  if (secured) {
    const authVariants: [string, (h: Record<string, string>) => Record<string, string>][] = [
      ['no Authorization header', (h) => without(h, 'authorization')],
      ['Authorization: Basic', (h) => ({ ...h, authorization: 'Basic dXNlcjpwYXNz' })],
      ['Authorization: Bearer (no key)', (h) => ({ ...h, authorization: 'Bearer' })],
      ['Authorization: Bearer with two tokens', (h) => ({ ...h, authorization: `Bearer ${ctx.key} extra` })],
      ['unknown live key', (h) => ({ ...h, authorization: `Bearer ik_live_${'0'.repeat(40)}` })],
      ['unknown test key', (h) => ({ ...h, authorization: 'Bearer ik_test_doesnotexist' })],
      ['key without a known prefix', (h) => ({ ...h, authorization: 'Bearer sk_live_abcdef' })],
      ['key without the required scope', (h) => ({ ...h, authorization: `Bearer ${ctx.noScopeKey}` })],
    ];
    variants.push(fc.tuple(valid, fc.constantFrom(...authVariants)).map(([r, [why, f]]) => ({ ...r, kind: 'invalid', why, headers: f(r.headers) })));
    variants.push(
      valid.map((r) => ({
        ...r,
        kind: 'invalid' as const,
        why: 'API key in the query string',
        path: `${r.path}${r.path.includes('?') ? '&' : '?'}api_key=${encodeURIComponent(ctx.key)}`,
      })),
    );
  }

  for (const p of op.parameters.filter((q) => q.in === 'query' || q.in === 'path')) {
    const bad = invalidParamValues(p);
    if (p.in === 'query' && p.required) {
      variants.push(valid.map((r) => ({ ...r, kind: 'invalid' as const, why: `required query parameter ${p.name} missing`, path: dropQuery(r.path, p.name) })));
    }
    if (bad.length === 0) continue;
    variants.push(
      fc.tuple(valid, fc.constantFrom(...bad)).map(([r, value]) => ({
        ...r,
        kind: 'invalid' as const,
        why: `${p.in} parameter ${p.name}=${JSON.stringify(value.length > 40 ? `${value.slice(0, 20)}…(${value.length} chars)` : value)}`,
        path: p.in === 'query' ? setQuery(r.path, p.name, value) : setPathParam(op, r.path, p.name, value),
      })),
    );
  }

  if (json) {
    const v = validatorOf(json.schema);
    const schema = resolveSchema(doc, json.schema);
    const bounded = boundedStrings(doc, json.schema);
    const mutate = fc.oneof(
      fc.constantFrom(...(schema.required ?? ['client_ref'])).map((name: string) => ({ why: `required body field ${name} removed`, f: (b: any) => without(b, name) })),
      fc
        .tuple(fc.constantFrom(...Object.keys(schema.properties ?? { client_ref: 1 })), fc.constantFrom<unknown>(12345, true, null, [], { nested: {} }, 'x'))
        .map(([name, value]) => ({ why: `body field ${name} set to ${JSON.stringify(value)}`, f: (b: any) => ({ ...b, [name]: value }) })),
      fc.constant({ why: 'unknown body field', f: (b: any) => ({ ...b, unexpected_field_fuzz: 1 }) }),
      fc.constantFrom<unknown>([], 42, 'text', null, true).map((value) => ({ why: `body is ${JSON.stringify(value)}`, f: () => value })),
      ...(bounded.length
        ? [
            fc.tuple(fc.constantFrom(...bounded), fc.constantFrom(1, 10_000)).map(([b, extra]) => ({
              why: `oversize field ${b.path.join('.')} (${b.maxLength + extra} chars, maxLength ${b.maxLength})`,
              f: (body: any) => setAt(body, b.path, 'a'.repeat(b.maxLength + extra)),
            })),
          ]
        : []),
    );
    variants.push(
      fc.tuple(valid, mutate).map(([r, m]) => {
        const body = m.f(JSON.parse(String(r.body)));
        // A mutation the schema still accepts (an optional field, a free-form object) is not invalid: dropped.
        if (v(body)) return null;
        return { ...r, kind: 'invalid' as const, why: m.why, body: JSON.stringify(body) };
      }),
    );
    variants.push(
      fc.tuple(valid, fc.constantFrom('{', '{"client_ref":', 'not json', '{"a":1}}', '\u0000', "{'single':'quotes'}")).map(([r, text]) => ({
        ...r,
        kind: 'invalid' as const,
        why: `malformed JSON body ${JSON.stringify(text)}`,
        body: text,
      })),
    );
    variants.push(
      fc.tuple(valid, fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'application/xml', 'multipart/form-data; boundary=x')).map(([r, type]) => ({
        ...r,
        kind: 'invalid' as const,
        why: `JSON body sent as ${type}`,
        headers: { ...r.headers, 'content-type': type },
      })),
    );
    if (op.requestBody?.required) {
      variants.push(valid.map((r) => ({ ...r, kind: 'invalid' as const, why: 'no body', body: undefined, headers: without(r.headers, 'content-type') })));
    }
  }

  if (multipart) {
    const schema = resolveSchema(doc, multipart.schema);
    const required: string[] = schema.required ?? [];
    variants.push(
      fc.tuple(partsArbitrary(ctx, op), multipartPartsArbitrary(ctx, op), fc.constantFrom(...required)).map(([parts, fields, missing]) => {
        const m = multipartBody(fields.filter((f) => f.name !== missing));
        return {
          operationId: operationId(op),
          kind: 'invalid' as const,
          why: `multipart without the required part ${missing}`,
          method: op.method.toUpperCase(),
          path: buildPath(op, parts.pathValues, parts.query),
          headers: { ...(secured ? auth(ctx.key) : {}), 'content-type': m.contentType },
          body: m.body,
        };
      }),
    );
    variants.push(
      fc.tuple(valid, fc.integer({ min: 1, max: 200 })).map(([r, cut]) => {
        const body = r.body as Buffer;
        return { ...r, kind: 'invalid' as const, why: `multipart truncated by ${Math.min(cut, body.length - 1)} bytes (no closing boundary)`, body: body.subarray(0, Math.max(1, body.length - Math.max(cut, 10))) };
      }),
    );
    variants.push(
      valid.map((r) => ({ ...r, kind: 'invalid' as const, why: 'multipart body without a boundary parameter', headers: { ...r.headers, 'content-type': 'multipart/form-data' } })),
    );
    variants.push(
      valid.map((r) => ({ ...r, kind: 'invalid' as const, why: 'JSON body where multipart is required', headers: { ...r.headers, 'content-type': 'application/json' }, body: '{"client_ref":"x","file":"aGVsbG8="}' })),
    );
  }

  if (variants.length === 0) return fc.constant(null as unknown as GeneratedRequest).filter(() => false);
  return fc.oneof(...variants).filter((r): r is GeneratedRequest => r !== null);
}

/** Whether the operation has any way to be invalid (GET /status has none: no auth, no parameters). */
export function hasInvalidForms(op: Operation): boolean {
  return isSecured(op) || op.parameters.length > 0 || !!op.requestBody;
}

export function requestArbitrary(ctx: RequestContext, op: Operation): fc.Arbitrary<GeneratedRequest> {
  if (!hasInvalidForms(op)) return validRequest(ctx, op);
  return fc.oneof(validRequest(ctx, op), invalidRequest(ctx, op));
}

function without<T extends Record<string, any>>(o: T, key: string): T {
  const copy = { ...o };
  delete copy[key];
  return copy;
}

function splitPath(path: string): [string, URLSearchParams] {
  const i = path.indexOf('?');
  return i < 0 ? [path, new URLSearchParams()] : [path.slice(0, i), new URLSearchParams(path.slice(i + 1))];
}
function joinPath(base: string, q: URLSearchParams): string {
  const s = q.toString();
  return s ? `${base}?${s}` : base;
}
function dropQuery(path: string, name: string): string {
  const [base, q] = splitPath(path);
  q.delete(name);
  return joinPath(base, q);
}
function setQuery(path: string, name: string, value: string): string {
  const [base, q] = splitPath(path);
  q.set(name, value);
  return joinPath(base, q);
}
function setPathParam(op: Operation, path: string, name: string, value: string): string {
  const [base, q] = splitPath(path);
  const templ = op.path.split('/');
  const actual = base.split('/');
  const i = templ.indexOf(`{${name}}`);
  if (i >= 0) actual[i] = encodeURIComponent(value);
  return joinPath(actual.join('/'), q);
}
