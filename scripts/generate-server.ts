// The server side of a contract, generated into generated/server.ts (and, for the sandbox's own contract,
// server/sandbox/generated/server.ts): per operation a typed request (path, query and header parameters,
// body, uploaded files, and the authenticated key where the operation is secured) and a typed answer (a union
// of the documented statuses, each with its body and headers), the operation table (operationId → method,
// Express path, parameters, documented media types) in the order a request is matched against it, and (in
// the contract's module) the one lookup of the documented response a status falls under. Types, plain data
// and that one function: the contract package has no dependencies.
import { deref, indexOperations, type Json, type Operation } from '../spec';

const JSON_MEDIA_TYPE = /^application\/([\w.-]+\+)?json$/i;
const FORM_MEDIA_TYPES = new Set(['multipart/form-data', 'application/x-www-form-urlencoded']);
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

const lit = (value: unknown) => JSON.stringify(value);
const union = (members: string[]) => (members.length === 0 ? 'never' : members.join(' | '));

/** A value as one line of TypeScript: `{ path: ["media_id"], query: [] }`. */
function inline(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(inline).join(', ')}]`;
  if (typeof value !== 'object' || value === null) return lit(value);
  const entries = Object.entries(value).map(([k, v]) => `${IDENTIFIER.test(k) ? k : lit(k)}: ${inline(v)}`);
  return entries.length ? `{ ${entries.join(', ')} }` : '{}';
}

/** One uploaded file part of a form body (`format: binary`, or an array of them). */
interface FilePart {
  name: string;
  required: boolean;
  multiple: boolean;
}

/** The route of an operation as plain data (the shape of each entry of `OPERATIONS`). */
interface Route {
  method: string;
  path: string;
  expressPath: string;
  tag: string;
  secured: boolean;
  parameters: { path: string[]; query: string[]; header: string[] };
  requestBody: { mediaType: string; required: boolean; fileParts: FilePart[] } | null;
  errorCodeWhenMissing: Record<string, string>;
  responses: Record<string, string[]>;
}

/** `/templates/{template_ref}` → `/templates/:template_ref` (Express 5 / path-to-regexp 8 syntax). */
function expressPath(op: Operation): string {
  return op.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    if (!IDENTIFIER.test(name)) throw new Error(`${op.operationId}: path parameter {${name}} is not a valid Express parameter name`);
    return `:${name}`;
  });
}

const isBinary = (schema: Json | undefined): boolean =>
  schema?.format === 'binary' || typeof schema?.contentMediaType === 'string' || typeof schema?.contentEncoding === 'string';

function fileParts(doc: Json, schema: unknown): FilePart[] {
  const resolved = deref(doc, schema) as Json | undefined;
  const required = new Set<string>(resolved?.required ?? []);
  const parts: FilePart[] = [];
  for (const [name, raw] of Object.entries<Json>(resolved?.properties ?? {})) {
    const property = deref(doc, raw) as Json;
    const items = property.type === 'array' ? (deref(doc, property.items) as Json | undefined) : undefined;
    if (isBinary(property) || isBinary(items)) parts.push({ name, required: required.has(name), multiple: items !== undefined });
  }
  return parts;
}

function routeOf(doc: Json, op: Operation): Route {
  const names = (where: string) => op.parameters.filter((p) => p.in === where).map((p) => String(p.name));
  let requestBody: Route['requestBody'] = null;
  if (op.requestBody) {
    const media = Object.keys(op.requestBody.content ?? {});
    if (media.length !== 1) throw new Error(`${op.operationId}: a request body of ${media.length} media types is not supported by the server generator`);
    const mediaType = media[0]!;
    if (!JSON_MEDIA_TYPE.test(mediaType) && !FORM_MEDIA_TYPES.has(mediaType)) {
      throw new Error(`${op.operationId}: request media type ${mediaType} is not supported by the server generator (JSON or forms)`);
    }
    const parts = FORM_MEDIA_TYPES.has(mediaType) ? fileParts(doc, op.requestBody.content[mediaType].schema) : [];
    requestBody = { mediaType, required: op.requestBody.required === true, fileParts: parts };
  }
  if (op.parameters.some((p) => p.in === 'cookie')) throw new Error(`${op.operationId}: cookie parameters are not supported by the server generator`);
  return {
    method: op.method,
    path: op.path,
    expressPath: expressPath(op),
    tag: op.tags[0] ?? 'default',
    secured: op.secured,
    parameters: { path: names('path'), query: names('query'), header: names('header') },
    requestBody,
    errorCodeWhenMissing: op.codeWhenMissing,
    responses: Object.fromEntries(Object.values(op.responses).map((r) => [r.status, Object.keys(r.content)])),
  };
}

/**
 * The order a request's method and path are matched in: paths with fewer templated segments first, so a
 * literal segment wins over a parameter (`/clients/signup` before `/clients/{client_ref}`); document order
 * otherwise. Every reader of the contract matches in the order of the table written from this.
 */
function matchOrder<T>(operations: readonly T[], pathOf: (operation: T) => string): T[] {
  const templated = (operation: T) => pathOf(operation).split('{').length - 1;
  return [...operations].sort((a, b) => templated(a) - templated(b));
}

/** The type of an operation's request as its handler receives it. */
function requestType(op: Operation, route: Route): string {
  const at = `operations[${lit(op.operationId)}]`;
  const fields: string[] = [];
  if (route.secured) fields.push('key: B["key"]');
  if (route.parameters.path.length) fields.push(`path: ${at}["parameters"]["path"]`);
  if (route.parameters.query.length) fields.push(`query: NonNullable<${at}["parameters"]["query"]>`);
  if (route.parameters.header.length) fields.push(`headers: NonNullable<${at}["parameters"]["header"]>`);
  const body = route.requestBody;
  if (body) {
    const type = `NonNullable<${at}["requestBody"]>["content"][${lit(body.mediaType)}]`;
    const fileNames = body.fileParts.map((p) => lit(p.name));
    const shape = fileNames.length ? `Omit<${type}, ${union(fileNames)}>` : type;
    fields.push(body.required ? `body: ${shape}` : `body?: ${shape}`);
    if (body.fileParts.length) {
      const files = body.fileParts.map((p) => `${lit(p.name)}${p.required ? '' : '?'}: B["file"]${p.multiple ? '[]' : ''}`);
      fields.push(`files: { ${files.join('; ')} }`);
    }
  }
  return fields.length ? `{ ${fields.join('; ')} }` : 'Record<string, never>';
}

/** `2XX` → the statuses of that class not documented on their own; `default` → every status not documented. */
function statusType(status: string, documented: string[]): string {
  const explicit = documented.filter((s) => /^\d{3}$/.test(s));
  if (/^\d{3}$/.test(status)) return status;
  const range = /^([1-5])XX$/.exec(status);
  if (range) {
    const same = explicit.filter((s) => s.startsWith(range[1]!));
    return same.length ? `Exclude<StatusClass<${range[1]}>, ${union(same)}>` : `StatusClass<${range[1]}>`;
  }
  if (status === 'default') {
    const classes = documented.map((s) => /^([1-5])XX$/.exec(s)?.[1]).filter((c): c is string => c !== undefined);
    const taken = [...explicit, ...classes.map((c) => `StatusClass<${c}>`)];
    return taken.length ? `Exclude<AnyStatus, ${union(taken)}>` : 'AnyStatus';
  }
  throw new Error(`unsupported response key ${status}`);
}

/** `*\/*` → any string, `image/*` → any image type, otherwise the media type itself. */
const contentTypeOf = (mediaType: string) =>
  mediaType === '*/*' ? 'string' : mediaType.endsWith('/*') ? `\`${mediaType.slice(0, -1)}\${string}\`` : lit(mediaType);

/** The members of an operation's answer union for one documented status. */
function answerMembers(op: Operation, status: string, documented: string[]): string[] {
  const response = `operations[${lit(op.operationId)}]["responses"][${lit(status)}]`;
  const head = `status: ${statusType(status, documented)}`;
  const headers = `AnswerHeaders<${response}, P>`;
  const media = Object.keys(op.responses[status]!.content);
  if (media.length === 0) return [`({ ${head}; body?: undefined } & ${headers})`];
  const choose = media.length > 1 || media[0]!.includes('*');
  const json = media.filter((m) => JSON_MEDIA_TYPE.test(m));
  const bytes = media.filter((m) => !JSON_MEDIA_TYPE.test(m));
  const members = json.map((m) => {
    const contentType = choose ? `; contentType: ${lit(m)}` : '';
    return `({ ${head}${contentType}; body: ${response}["content"][${lit(m)}] } & ${headers})`;
  });
  if (bytes.length) {
    const contentType = choose ? `; contentType: ${union([...new Set(bytes.map(contentTypeOf))])}` : '';
    members.push(`({ ${head}${contentType}; body: BinaryBody } & ${headers})`);
  }
  return members;
}

const HELPERS = `type Digit = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9;
type StatusNumber<T> = T extends \`\${infer N extends number}\` ? N : never;

/** Every status of a class: \`StatusClass<4>\` is 400 | 401 | … | 499 (what \`4XX\` documents). */
export type StatusClass<C extends 1 | 2 | 3 | 4 | 5> = StatusNumber<\`\${C}\${Digit}\${Digit}\`>;

/** Every HTTP status (what \`default\` documents, less the statuses documented on their own). */
export type AnyStatus = StatusClass<1 | 2 | 3 | 4 | 5>;

/** A body sent as bytes (a media download): text, bytes, or a stream of bytes (a Node.js Readable is one). */
export type BinaryBody = string | Uint8Array | AsyncIterable<Uint8Array>;

/**
 * What a server built on this contract decides for itself: how it represents the authenticated key handed
 * to secured operations and an uploaded file part, and which response headers its pipeline sets on every
 * answer (a request id, rate-limit counters), so that handlers may leave them out.
 */
export interface ServerBinding {
  key: unknown;
  file: unknown;
  provided: string;
}

/** The documented headers of a response (openapi-typescript's open index signature left out); those in \`P\` optional. */
type KnownHeaders<H> = { [K in keyof H as string extends K ? never : K]: H[K] };
type Flat<T> = { [K in keyof T]: T[K] };
type DocumentedHeaders<R, P> = R extends { headers: infer H }
  ? Flat<Omit<KnownHeaders<H>, P & PropertyKey> & Partial<Pick<KnownHeaders<H>, Extract<keyof KnownHeaders<H>, P>>>>
  : never;

/** \`headers\` is required when a documented header is required and not provided by the pipeline; absent when none is documented. */
export type AnswerHeaders<R, P> = [keyof DocumentedHeaders<R, P>] extends [never]
  ? { headers?: never }
  : {} extends DocumentedHeaders<R, P>
    ? { headers?: DocumentedHeaders<R, P> }
    : { headers: DocumentedHeaders<R, P> };`;

const ROUTE_INTERFACE = `/** How an operation is routed and what it documents, as plain data. */
export interface OperationRoute {
  method: "get" | "put" | "post" | "delete" | "options" | "head" | "patch" | "trace";
  /** As written in openapi.yaml (\`/templates/{template_ref}\`). */
  path: string;
  /** The same in Express's syntax (\`/templates/:template_ref\`). */
  expressPath: string;
  tag: string;
  /** Needs an authenticated key (its request carries \`key\`). */
  secured: boolean;
  /** Parameter names by location. */
  parameters: { path: readonly string[]; query: readonly string[]; header: readonly string[] };
  /** The request body's media type; a form's binary parts arrive as \`files\`. */
  requestBody: { mediaType: string; required: boolean; fileParts: readonly { name: string; required: boolean; multiple: boolean }[] } | null;
  /** \`<in>.<name>\` of a parameter → the error code answered when it is missing (\`x-error-code-when-missing\`). */
  errorCodeWhenMissing: Readonly<Record<string, string>>;
  /** Documented status (\`200\`, \`4XX\`, \`default\`) → its media types in document order (none: no body). */
  responses: Readonly<Record<string, readonly string[]>>;
}`;

const RESPONSE_KEY_OF = `/**
 * The documented response a status falls under: its own entry (\`404\`), else its class (\`4XX\`), else
 * \`default\`; undefined when the operation documents none of them. \`documented\` is an operation's
 * responses keyed by status (\`OPERATIONS[id].responses\`, or any record keyed the same way).
 */
export function responseKeyOf(documented: { readonly [status: string]: unknown }, status: number): string | undefined {
  const exact = String(status);
  if (exact in documented) return exact;
  const range = \`\${exact[0]}XX\`;
  if (range in documented) return range;
  return "default" in documented ? "default" : undefined;
}`;

/** What every generated server module shares, declared once, in the contract's (generated/server.ts). */
const SHARED_NAMES = ['AnswerHeaders', 'AnyStatus', 'BinaryBody', 'OperationRoute', 'ServerBinding', 'StatusClass'];

export interface ServerModuleOptions {
  /**
   * Where the shared types are imported from instead of declared again (an import path): the contract's
   * generated/server.ts, for the module of another contract (the sandbox's).
   */
  sharedFrom?: string;
}

/** The server module of a contract: generated/server.ts for openapi.yaml. */
export function serverModule(doc: Json, banner: string, options: ServerModuleOptions = {}): string {
  const operations = indexOperations(doc);
  if (operations.length === 0) throw new Error('the document has no operation');
  const routes = operations.map((op) => ({ op, route: routeOf(doc, op) }));
  const describe = ({ op, route }: (typeof routes)[number]) => `/** ${op.method.toUpperCase()} ${op.path} (${route.tag}${route.secured ? '' : ', public'}) */`;

  const requests = routes.map((r) => `  ${describe(r)}\n  ${r.op.operationId}: ${requestType(r.op, r.route)};`);
  const answers = routes.map((r) => {
    const documented = Object.keys(r.op.responses);
    const members = documented.flatMap((status) => answerMembers(r.op, status, documented));
    return `  ${describe(r)}\n  ${r.op.operationId}:\n${members.map((m) => `    | ${m}`).join('\n')};`;
  });
  const tags = new Map<string, string[]>();
  for (const { op, route } of routes) tags.set(route.tag, [...(tags.get(route.tag) ?? []), op.operationId]);
  const table = matchOrder(routes, (r) => r.route.path).map(({ op, route }) => `  ${op.operationId}: {\n${Object.entries(route).map(([k, v]) => `    ${k}: ${inline(v)},`).join('\n')}\n  },`);

  const own = `export type OperationId = ${union(operations.map((o) => lit(o.operationId)))};

/** The operations of each tag. */
export interface OperationsByTag {
${[...tags].map(([tag, ids]) => `  ${lit(tag)}: ${union(ids.map(lit))};`).join('\n')}
}

/** What each operation's handler receives. */
export interface ServerRequests<B extends ServerBinding = ServerBinding> {
${requests.join('\n')}
}

/** What each operation's handler may answer: exactly the documented statuses, bodies and headers (\`P\`: provided by the pipeline). */
export interface ServerAnswers<P extends string = never> {
${answers.join('\n')}
}

export type ServerRequest<K extends OperationId, B extends ServerBinding = ServerBinding> = ServerRequests<B>[K];
export type ServerAnswer<K extends OperationId, P extends string = never> = ServerAnswers<P>[K];

/** The handler of one operation. */
export type Handler<K extends OperationId, B extends ServerBinding = ServerBinding> = (
  request: ServerRequest<K, B>,
) => ServerAnswer<K, B["provided"]> | Promise<ServerAnswer<K, B["provided"]>>;

/** A handler for every operation of the contract. */
export type Handlers<B extends ServerBinding = ServerBinding> = { [K in OperationId]: Handler<K, B> };

/** The handlers of one tag's operations. */
export type TagHandlers<T extends keyof OperationsByTag, B extends ServerBinding = ServerBinding> = Pick<Handlers<B>, OperationsByTag[T]>;`;
  const operationTable = `/**
 * Every operation of the contract, in match order: the first whose method and path match a request is its
 * operation (paths with fewer templated segments first, so \`/clients/signup\` is matched before
 * \`/clients/{client_ref}\`; document order otherwise).
 */
export const OPERATIONS: { readonly [K in OperationId]: OperationRoute } = {
${table.join('\n')}
};`;
  const used = `${own}\n${operationTable}`;
  const shared = options.sharedFrom
    ? `import type { ${SHARED_NAMES.filter((name) => new RegExp(`\\b${name}\\b`).test(used)).join(', ')} } from ${lit(options.sharedFrom)};`
    : undefined;

  return `${banner}// The server side of the contract: per operation a typed request and a typed answer (a union of the
// documented statuses with their bodies and headers), the operation table a server routes and mounts its
// handlers from${shared ? '' : ', and the lookup of the documented response of a status'}. A set of handlers
// typed \`Handlers<B>\` misses no operation and answers nothing the contract does not document
// (server/http/contract-router.ts mounts one on an Express router).

import type { operations } from "./openapi";
${shared ? `${shared}\n` : `\n${HELPERS}\n`}
${own}
${shared ? '' : `\n${ROUTE_INTERFACE}\n`}
${operationTable}
${shared ? '' : `\n${RESPONSE_KEY_OF}\n`}`;
}
