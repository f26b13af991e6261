// Request generators for every operation of openapi.yaml, shared by the drift check's generated phase and the
// reference server's fuzzer (fuzz/): valid requests (path, query and body drawn from the schemas and checked
// valid with Ajv 2020, random or at one boundary of the contract) and invalid ones, each labelled with what
// makes it invalid (missing or malformed auth, a key without the scope or in the query string, one constraint
// of a parameter or the body broken one step past it, malformed JSON, a wrong content type, a broken
// multipart body).
import fc from 'fast-check';
import { contract, type Operation, type ValidateFunction } from '../../spec';
import { boundaryVariants, breakingVariants } from './boundaries';
import { arbitraryOf, resolveSchema, type ArbitraryOptions } from './schema-arbitrary';

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
  /** The host of every URL the requests carry (any host when unset). */
  urlHost?: string;
  /** The files multipart bodies carry (every declared type, mostly agreeing with their bytes, when unset). */
  files?: fc.Arbitrary<FilePart>;
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

/** `.` and `..` cannot travel as a path segment: URL parsers remove dot segments (also written %2E). */
const DOT_SEGMENT = /^(\.|\.\.)$/;

/**
 * Whether a parameter value is one the contract accepts: its schema holds, and it is not empty (OpenAPI's
 * `allowEmptyValue` is false unless the parameter says otherwise; an empty path segment names another route).
 */
export function parameterValid(p: Json, raw: string): boolean {
  if (raw === '' && !(p.in === 'query' && p.allowEmptyValue === true)) return false;
  return parameterAccepts(p.schema ?? {}, raw);
}

/** Whether a value can travel as a path segment: not empty, and not `.` or `..`. */
export const travelsInPath = (raw: string): boolean => raw !== '' && !DOT_SEGMENT.test(raw);

/** A parameter value that can travel at all. */
const sendable = (p: Json, raw: string) => p.in !== 'path' || travelsInPath(raw);

export const jsonMedia = (op: Operation) => op.requestBody?.content?.['application/json'];
export const multipartMedia = (op: Operation) => op.requestBody?.content?.['multipart/form-data'];

function withClientRefs(ctx: RequestContext, schema: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return ctx.clientRefs.length ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...ctx.clientRefs) }, { weight: 1, arbitrary: schema }) : schema;
}

/** The arbitrary options of a context: connected clients for `client_ref`, its URL host. */
const optionsOf = (ctx: RequestContext, o: ArbitraryOptions = {}): ArbitraryOptions => ({
  ...o,
  urlHost: ctx.urlHost,
  overrides: { client_ref: withClientRefs(ctx, arbitraryOf(doc, { $ref: '#/components/schemas/ClientRef' })), ...o.overrides },
});

function paramArbitrary(ctx: RequestContext, p: Json): fc.Arbitrary<string> {
  const base = arbitraryOf(doc, p.schema ?? { type: 'string' }, { maxString: 16 });
  const arb = p.name === 'client_ref' ? withClientRefs(ctx, base) : base;
  return arb.map((v) => String(v)).filter((v) => parameterValid(p, v) && sendable(p, v));
}

/** What a request is made of before it is written out: path and query values, and the body. */
export interface RequestParts {
  pathValues: Record<string, string>;
  query: [string, string][];
  /** The JSON body; for a multipart body, its fields (a file as a FilePart). */
  body?: unknown;
  /** Why the target must accept this request, when what it refers to is known to take it (the drift check's fitting says so). */
  mustAccept?: string;
}

export interface FilePart {
  filename: string;
  contentType: string;
  bytes: Buffer;
}

export const isFilePart = (v: unknown): v is FilePart => typeof v === 'object' && v !== null && Buffer.isBuffer((v as FilePart).bytes);

export function buildPath(op: Operation, pathValues: Record<string, string>, query: [string, string][]): string {
  const path = op.path.replace(/\{([^}]+)\}/g, (_m, name: string) => encodeURIComponent(pathValues[name] ?? 'x'));
  const qs = new URLSearchParams(query).toString();
  return qs ? `${path}?${qs}` : path;
}

type Params = Pick<RequestParts, 'pathValues' | 'query'>;

function paramsArbitrary(ctx: RequestContext, op: Operation): fc.Arbitrary<Params> {
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

/** Declared types of generated files, and the bytes each starts with. */
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

/** A file whose bytes start as its declared type's do (`agree`), or any bytes under that type. */
export const fileOf = (contentType: string, filler: Uint8Array, name = 'upload', agree = true): FilePart => ({
  filename: `${name.replace(/["\r\n\\/]/g, '_') || 'upload'}.bin`,
  contentType,
  bytes:
    agree && contentType === 'text/plain'
      ? Buffer.from(Array.from(filler, (b) => String.fromCharCode(32 + (b % 95))).join(''))
      : Buffer.concat([agree ? (MAGIC[contentType] ?? Buffer.alloc(0)) : Buffer.alloc(0), Buffer.from(filler)]),
});

/** Files of every declared type, mostly with bytes that agree with it (to reach success), sometimes not. */
const FILES: fc.Arbitrary<FilePart> = fc
  .tuple(fc.constantFrom(...FILE_TYPES), fc.uint8Array({ maxLength: 2048 }), fc.oneof({ weight: 3, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }), fc.string({ minLength: 1, maxLength: 12 }))
  .map(([type, bytes, agree, name]) => fileOf(type, bytes, name, agree));

/** The arbitrary options of a body: multipart files for `format: binary` fields. */
function bodyOptions(ctx: RequestContext, op: Operation, o: ArbitraryOptions = {}): ArbitraryOptions {
  const options = optionsOf(ctx, o);
  const multipart = multipartMedia(op);
  if (!multipart) return options;
  const files: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, sub] of Object.entries<any>(resolveSchema(doc, multipart.schema).properties ?? {})) if (resolveSchema(doc, sub).format === 'binary') files[name] = ctx.files ?? FILES;
  return { ...options, overrides: { ...options.overrides, ...files } };
}

const bodySchema = (op: Operation): unknown => (jsonMedia(op) ?? multipartMedia(op))?.schema;

/** A multipart body as its schema sees it: every field is text (a number is its digits), a file a `format: binary` string. */
const asFormValue = (body: Record<string, unknown>) => Object.fromEntries(Object.entries(body).map(([k, v]) => [k, isFilePart(v) ? 'binary' : typeof v === 'string' ? v : JSON.stringify(v)]));

/** Whether the body is one the operation's schema accepts (a multipart body: its fields). */
export function bodyValid(op: Operation, body: unknown): boolean {
  const schema = bodySchema(op);
  if (schema === undefined) return body === undefined;
  if (body === undefined) return !op.requestBody?.required;
  if (!multipartMedia(op)) return validatorOf(schema as Json)(body);
  return typeof body === 'object' && body !== null && !Array.isArray(body) && validatorOf(schema as Json)(asFormValue(body as Record<string, unknown>));
}

/** Whether every part of the request is one the contract accepts. */
export function partsValid(op: Operation, parts: RequestParts): boolean {
  for (const p of op.parameters.filter((q) => q.in === 'path' || q.in === 'query')) {
    const value = p.in === 'path' ? parts.pathValues[p.name] : parts.query.find(([name]) => name === p.name)?.[1];
    if (value === undefined ? p.required : !parameterValid(p, value)) return false;
  }
  return bodyValid(op, parts.body);
}

/** Valid parts of a request of the operation. */
export function validParts(ctx: RequestContext, op: Operation): fc.Arbitrary<RequestParts> {
  const schema = bodySchema(op);
  if (schema === undefined) return paramsArbitrary(ctx, op);
  const body = arbitraryOf(doc, schema, bodyOptions(ctx, op)).filter((b) => bodyValid(op, b));
  return fc.tuple(paramsArbitrary(ctx, op), body).map(([params, b]) => ({ ...params, body: b }));
}

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

/** The form fields of a multipart body, files as file parts (a field of another type is sent as its JSON text). */
const formParts = (fields: Record<string, unknown>): MultipartPart[] =>
  Object.entries(fields).map(([name, v]) =>
    isFilePart(v) ? { name, value: v.bytes, filename: v.filename, contentType: v.contentType } : { name, value: typeof v === 'string' ? v : JSON.stringify(v) },
  );

/** The request the parts make, with the context's key on a secured operation. */
export function requestOf(ctx: RequestContext, op: Operation, parts: RequestParts, kind: GeneratedRequest['kind'], why: string): GeneratedRequest {
  const headers: Record<string, string> = isSecured(op) ? auth(ctx.key) : {};
  const request: GeneratedRequest = { operationId: operationId(op), kind, why, method: op.method.toUpperCase(), path: buildPath(op, parts.pathValues, parts.query), headers };
  if (parts.body === undefined) return request;
  if (multipartMedia(op) && typeof parts.body === 'object' && parts.body !== null && !Array.isArray(parts.body)) {
    // A fixed boundary: the same parts make the same bytes (reproducible with the seed).
    const m = multipartBody(formParts(parts.body as Record<string, unknown>), '----partner-messaging-generated');
    return { ...request, headers: { ...headers, 'content-type': m.contentType }, body: m.body };
  }
  return { ...request, headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(parts.body) };
}

const auth = (key: string) => ({ authorization: `Bearer ${key}` });

/** A valid request of the operation. */
export function validRequest(ctx: RequestContext, op: Operation): fc.Arbitrary<GeneratedRequest> {
  return validParts(ctx, op).map((parts) => requestOf(ctx, op, parts, 'valid', multipartMedia(op) ? `valid multipart (${describeForm(parts.body)})` : 'valid request'));
}

const describeForm = (body: unknown) =>
  Object.entries((body ?? {}) as Record<string, unknown>)
    .map(([name, v]) => (isFilePart(v) ? `${name}: ${v.contentType}, ${v.bytes.length} B` : name))
    .join('; ');

/**
 * One thing pinned in a request of an operation: a boundary (`valid`: the request stays valid) or one
 * constraint broken one step past it (`invalid`), in a parameter or the body.
 */
export interface Probe {
  operation: Operation;
  kind: GeneratedRequest['kind'];
  location: 'body' | 'query' | 'path';
  /** The pinned field: a parameter's name, or a dotted path in the body ('' for the body as a whole). */
  field: string;
  /** What is pinned (`maxLength 4096`, `minimum 1 − 1`). */
  what: string;
  arb: fc.Arbitrary<RequestParts>;
}

export const describeProbe = (p: Pick<Probe, 'location' | 'field' | 'what'>) => (p.what === 'drawn at random' ? p.what : `${p.location}${p.field ? ` ${p.field}` : ''}: ${p.what}`);

/** Every boundary (`valid`) or every broken constraint (`invalid`) of an operation's parameters and body, one per probe. */
export function probesOf(ctx: RequestContext, op: Operation, kind: GeneratedRequest['kind'], o: ArbitraryOptions = {}): Probe[] {
  const params = paramsArbitrary(ctx, op);
  const schema = bodySchema(op);
  const options = bodyOptions(ctx, op, o);
  const randomBody = schema === undefined ? fc.constant(undefined) : arbitraryOf(doc, schema, options);
  const probes: Probe[] = [];
  // A request drawn at random, nothing pinned: every operation gets valid requests, those without parameters or body too.
  if (kind === 'valid') probes.push({ operation: op, kind, location: 'body', field: '', what: 'drawn at random', arb: validParts(ctx, op) });
  const variantsOf = kind === 'valid' ? boundaryVariants : breakingVariants;
  for (const p of op.parameters.filter((q) => q.in === 'path' || q.in === 'query')) {
    const set = (params: Params, value: string | undefined): Params =>
      p.in === 'path'
        ? { ...params, pathValues: { ...params.pathValues, [p.name]: value ?? '' } }
        : { ...params, query: [...params.query.filter(([name]) => name !== p.name), ...(value === undefined ? [] : ([[p.name, value]] as [string, string][]))] };
    const pin = (what: string, values: fc.Arbitrary<string | undefined>) =>
      probes.push({ operation: op, kind, location: p.in, field: p.name, what, arb: fc.tuple(params, values, randomBody).map(([ps, value, body]) => ({ ...set(ps, value), body })) });
    if (p.in === 'query' && !p.required && kind === 'valid') {
      pin('left out', fc.constant(undefined));
      pin('present', paramArbitrary(ctx, p));
    }
    if (p.in === 'query' && p.required && kind === 'invalid') pin('required, left out', fc.constant(undefined));
    if (p.in === 'query' && kind === 'invalid' && p.allowEmptyValue !== true && parameterAccepts(p.schema ?? {}, '')) pin('empty (allowEmptyValue is false)', fc.constant(''));
    for (const v of variantsOf(doc, p.schema ?? {}, { maxString: 16 })) {
      if (v.field) continue;
      const values = v.arb.map((value) => (typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value)));
      // An empty path segment or a dot segment cannot travel (`minLength 1 − 1` of a path parameter), and in a
      // URL a number is the text of a string (`wrong type` of a string parameter): such variants are not made.
      const drawn = fc.sample(values, { numRuns: 5, seed: 1 }).filter((raw) => sendable(p, raw));
      if (drawn.length > 0 && !(kind === 'invalid' && drawn.every((raw) => parameterValid(p, raw)))) pin(v.what, values.filter((raw) => sendable(p, raw)));
    }
  }
  if (schema !== undefined) {
    for (const v of variantsOf(doc, schema, options)) {
      // A form field is text: a number there is the text of a string, not another type.
      if (multipartMedia(op) && v.field !== '' && /^wrong type/.test(v.what)) continue;
      probes.push({ operation: op, kind, location: 'body', field: v.field, what: v.what, arb: fc.tuple(params, v.arb).map(([ps, body]) => ({ ...ps, body })) });
    }
  }
  return probes;
}

/**
 * The parts that agree with the probe's kind (valid ones for `valid`; Ajv decides), or undefined when a few
 * draws show that none do (a broken value another branch of the schema accepts), so a filter never starves.
 */
export function agreeing(op: Operation, kind: GeneratedRequest['kind'], arb: fc.Arbitrary<RequestParts | undefined>, seed = 1): fc.Arbitrary<RequestParts> | undefined {
  const agrees = (parts: RequestParts | undefined): parts is RequestParts => parts !== undefined && partsValid(op, parts) === (kind === 'valid');
  for (let draw = 0; draw < 8; draw++) if (agrees(fc.sample(arb, { numRuns: 1, seed: seed + draw })[0])) return arb.filter(agrees);
  return undefined;
}

/** Requests of the operation's probes, each kept only when the contract agrees with its kind. */
function probeRequests(ctx: RequestContext, op: Operation, kind: GeneratedRequest['kind']): fc.Arbitrary<GeneratedRequest>[] {
  return probesOf(ctx, op, kind).flatMap((probe) => {
    const parts = agreeing(op, kind, probe.arb);
    return parts ? [parts.map((p) => requestOf(ctx, op, p, kind, describeProbe(probe)))] : [];
  });
}

/** Invalid requests of the operation: a broken key or its placement, one broken constraint, a malformed body. */
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

  variants.push(...probeRequests(ctx, op, 'invalid'));

  if (json) {
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

/** Valid requests (random, and at every boundary) and invalid ones of the operation. */
export function requestArbitrary(ctx: RequestContext, op: Operation): fc.Arbitrary<GeneratedRequest> {
  const valid = fc.oneof(validRequest(ctx, op), ...probeRequests(ctx, op, 'valid'));
  if (!hasInvalidForms(op)) return valid;
  return fc.oneof(valid, invalidRequest(ctx, op));
}

function without<T extends Record<string, any>>(o: T, key: string): T {
  const copy = { ...o };
  delete copy[key];
  return copy;
}
