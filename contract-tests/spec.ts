// Reads openapi.yaml itself: the only source of shapes, statuses, headers and error codes the suite checks
// against. Nothing here copies a schema; it only indexes the document.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';

export const SPEC_PATH = join(__dirname, '..', 'openapi.yaml');

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';
const METHODS: readonly HttpMethod[] = ['get', 'post', 'put', 'patch', 'delete'];

type Json = Record<string, any>;

export interface DocumentedResponse {
  status: string;
  /** JSON pointer (inside the document) of the resolved response object. */
  pointer: string;
  /** Media type → JSON pointer of its schema (resolved response object). */
  content: Record<string, { schemaPointer: string | null; examples: Record<string, unknown> }>;
  headers: Record<string, { required: boolean; schemaPointer: string | null }>;
  /** Error codes of the named examples (`error.code`), in document order. */
  errorCodes: string[];
  /** Example names, in document order, for every media type. */
  exampleNames: string[];
}

export interface Operation {
  operationId: string;
  method: HttpMethod;
  path: string;
  pathPattern: RegExp;
  secured: boolean;
  scopes: string[];
  responses: Record<string, DocumentedResponse>;
}

export interface SpecIndex {
  doc: Json;
  operations: Operation[];
  byId: Map<string, Operation>;
  /** Webhook event name → first example value of its request body. */
  webhookExamples: Map<string, { examples: Record<string, unknown>; schemaPointer: string | null }>;
  find(method: string, relativePath: string): Operation | undefined;
}

const escapePointer = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

function resolvePointer(doc: Json, pointer: string): any {
  if (!pointer.startsWith('#')) throw new Error(`only local $ref are supported: ${pointer}`);
  return pointer
    .slice(1)
    .split('/')
    .filter(Boolean)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((node: any, key) => (node == null ? undefined : node[key]), doc);
}

/** Follows `$ref` chains of non-schema objects; returns the object and the pointer where it lives. */
export function deref(doc: Json, node: any, pointer: string): { node: any; pointer: string } {
  let seen = 0;
  while (node && typeof node === 'object' && typeof node.$ref === 'string') {
    if (++seen > 20) throw new Error(`$ref loop at ${pointer}`);
    pointer = node.$ref;
    node = resolvePointer(doc, pointer);
  }
  return { node, pointer };
}

function indexResponse(doc: Json, raw: any, pointer: string, status: string): DocumentedResponse {
  const { node: res, pointer: at } = deref(doc, raw, pointer);
  const content: DocumentedResponse['content'] = {};
  const errorCodes: string[] = [];
  const exampleNames: string[] = [];
  for (const [mediaType, media] of Object.entries<any>(res.content ?? {})) {
    const examples: Record<string, unknown> = {};
    for (const [name, ex] of Object.entries<any>(media.examples ?? {})) {
      const value = deref(doc, ex, '').node?.value;
      examples[name] = value;
      exampleNames.push(name);
      const code = (value as any)?.error?.code;
      if (typeof code === 'string' && !errorCodes.includes(code)) errorCodes.push(code);
    }
    content[mediaType] = {
      schemaPointer: media.schema ? `${at}/content/${escapePointer(mediaType)}/schema` : null,
      examples,
    };
  }
  const headers: DocumentedResponse['headers'] = {};
  for (const [name, h] of Object.entries<any>(res.headers ?? {})) {
    const { node: header, pointer: hp } = deref(doc, h, `${at}/headers/${escapePointer(name)}`);
    headers[name] = { required: header.required === true, schemaPointer: header.schema ? `${hp}/schema` : null };
  }
  return { status, pointer: at, content, headers, errorCodes, exampleNames };
}

export function loadSpec(path = SPEC_PATH): SpecIndex {
  const doc = parse(readFileSync(path, 'utf8')) as Json;
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries<any>(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const security: any[] = op.security ?? doc.security ?? [];
      const responses: Record<string, DocumentedResponse> = {};
      for (const [status, raw] of Object.entries<any>(op.responses ?? {})) {
        responses[status] = indexResponse(doc, raw, `#/paths/${escapePointer(path)}/${method}/responses/${status}`, status);
      }
      const pattern = new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\\\{[^}]+\\\}/g, '[^/]+')}$`);
      operations.push({
        operationId: op.operationId,
        method,
        path,
        pathPattern: pattern,
        secured: security.length > 0,
        scopes: op['x-required-scopes'] ?? [],
        responses,
      });
    }
  }
  const webhookExamples: SpecIndex['webhookExamples'] = new Map();
  for (const [event, item] of Object.entries<any>(doc.webhooks ?? {})) {
    const media = item.post?.requestBody?.content?.['application/json'];
    const examples: Record<string, unknown> = {};
    for (const [name, ex] of Object.entries<any>(media?.examples ?? {})) examples[name] = deref(doc, ex, '').node?.value;
    webhookExamples.set(event, {
      examples,
      schemaPointer: media?.schema ? `#/webhooks/${escapePointer(event)}/post/requestBody/content/application~1json/schema` : null,
    });
  }
  const byId = new Map(operations.map((o) => [o.operationId, o]));
  // Literal segments win over templated ones (`/clients/signup` before `/clients/{client_ref}`).
  const ordered = [...operations].sort((a, b) => (a.path.match(/\{/g)?.length ?? 0) - (b.path.match(/\{/g)?.length ?? 0));
  return {
    doc,
    operations,
    byId,
    webhookExamples,
    find: (method, relativePath) =>
      ordered.find((o) => o.method === method.toLowerCase() && o.pathPattern.test(relativePath)),
  };
}

let cached: SpecIndex | undefined;
export function spec(): SpecIndex {
  return (cached ??= loadSpec());
}

/** Operation ids in document order. */
export const operationIds = (): string[] => spec().operations.map((o) => o.operationId);
