// What a generated request is made of (path and query values, a body) and when the contract accepts each part
// (Ajv 2020 over openapi.yaml's schemas), with the arbitraries that draw valid parts for an operation: what the
// probes (./probes.ts) and the requests (./requests.ts) are built from.
import fc from 'fast-check';
import { contract, type Operation, type ValidateFunction } from '../../spec';
import { FILES, isFilePart, type FilePart } from './multipart';
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
export function parameterAccepts(schema: Json, raw: string): boolean {
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
export const sendable = (p: Json, raw: string) => p.in !== 'path' || travelsInPath(raw);

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

export function paramArbitrary(ctx: RequestContext, p: Json): fc.Arbitrary<string> {
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

export type Params = Pick<RequestParts, 'pathValues' | 'query'>;

export function paramsArbitrary(ctx: RequestContext, op: Operation): fc.Arbitrary<Params> {
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

/** The arbitrary options of a body: multipart files for `format: binary` fields. */
export function bodyOptions(ctx: RequestContext, op: Operation, o: ArbitraryOptions = {}): ArbitraryOptions {
  const options = optionsOf(ctx, o);
  const multipart = multipartMedia(op);
  if (!multipart) return options;
  const files: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, sub] of Object.entries<any>(resolveSchema(doc, multipart.schema).properties ?? {})) if (resolveSchema(doc, sub).format === 'binary') files[name] = ctx.files ?? FILES;
  return { ...options, overrides: { ...options.overrides, ...files } };
}

export const bodySchema = (op: Operation): unknown => (jsonMedia(op) ?? multipartMedia(op))?.schema;

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
