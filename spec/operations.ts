// The operations and webhooks of an OpenAPI document, indexed once: what every reader of the contract asks
// of an operation (its method and path, security and scopes, parameters, documented responses with their
// headers, media types, examples and error codes).
import { deref, derefAt, escapePointer, type Json } from './document';
import { indexLinks, indexWebhookLinks, type Link, type WebhookLink } from './links';

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export interface DocumentedResponse {
  /** `200`, `4XX`, `default`. */
  status: string;
  /** Pointer of the resolved response object. */
  pointer: string;
  /** Media type → pointer of its schema, and its named examples' values. */
  content: Record<string, { schemaPointer: string | null; examples: Record<string, unknown> }>;
  headers: Record<string, { required: boolean; schemaPointer: string | null; description: string }>;
  /** `error.code` of the named examples, in document order. */
  errorCodes: string[];
  /** Example names of every media type, in document order. */
  exampleNames: string[];
  /** Its OpenAPI `links`: the operations its answer feeds. */
  links: Link[];
  /** Its `x-webhook-links`: the webhook events its answer ties to. */
  webhookLinks: WebhookLink[];
}

export interface Operation {
  operationId: string;
  method: HttpMethod;
  /** As written in `paths` (`/templates/{template_ref}`). */
  path: string;
  pointer: string;
  pathPattern: RegExp;
  tags: string[];
  /** The operation object itself. */
  definition: Json;
  /** Path-item and operation parameters, `$ref`s followed. */
  parameters: Json[];
  /** The request body object, `$ref` followed. */
  requestBody: Json | undefined;
  secured: boolean;
  /** `x-required-scopes` (empty when not declared); null when the operation needs no authentication. */
  requiredScopes: string[] | null;
  /** `<in>.<name>` of a parameter → the error code answered when it is missing (`x-error-code-when-missing`). */
  codeWhenMissing: Record<string, string>;
  responses: Record<string, DocumentedResponse>;
}

export interface Webhook {
  /** The event name (`message.status`). */
  event: string;
  pointer: string;
  definition: Json;
  /** Its parameters (the signature header), `$ref`s followed. */
  parameters: Json[];
  /** Pointer of the JSON payload schema. */
  schemaPointer: string | null;
  /** Named examples of the payload. */
  examples: Record<string, unknown>;
}

function indexResponse(doc: Json, raw: unknown, pointer: string, status: string): DocumentedResponse {
  const { node: response, pointer: at } = derefAt(doc, raw, pointer);
  const content: DocumentedResponse['content'] = {};
  const errorCodes: string[] = [];
  const exampleNames: string[] = [];
  for (const [mediaType, media] of Object.entries<Json>(response?.content ?? {})) {
    const examples: Record<string, unknown> = {};
    for (const [name, example] of Object.entries<Json>(media.examples ?? {})) {
      const value = deref(doc, example)?.value;
      examples[name] = value;
      exampleNames.push(name);
      const code = (value as Json | undefined)?.error?.code;
      if (typeof code === 'string' && !errorCodes.includes(code)) errorCodes.push(code);
    }
    content[mediaType] = { schemaPointer: media.schema ? `${at}/content/${escapePointer(mediaType)}/schema` : null, examples };
  }
  const headers: DocumentedResponse['headers'] = {};
  for (const [name, raw] of Object.entries<Json>(response?.headers ?? {})) {
    const { node: header, pointer: hp } = derefAt(doc, raw, `${at}/headers/${escapePointer(name)}`);
    headers[name] = { required: header.required === true, schemaPointer: header.schema ? `${hp}/schema` : null, description: header.description ?? '' };
  }
  return { status, pointer: at, content, headers, errorCodes, exampleNames, links: indexLinks(doc, response), webhookLinks: indexWebhookLinks(response) };
}

/** `/templates/{template_ref}` → a pattern matching a concrete path (one segment per parameter). */
function patternOf(path: string): RegExp {
  const escaped = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\\\{[^}]+\\\}/g, '[^/]+');
  return new RegExp(`^${escaped}$`);
}

export function indexOperations(doc: Json): Operation[] {
  const operations: Operation[] = [];
  const rootSecurity: unknown[] = doc.security ?? [];
  for (const [path, raw] of Object.entries<Json>(doc.paths ?? {})) {
    const item: Json = deref(doc, raw) ?? {};
    for (const method of HTTP_METHODS) {
      const op: Json | undefined = item[method];
      if (!op) continue;
      const pointer = `#/paths/${escapePointer(path)}/${method}`;
      const security: unknown[] = op.security ?? rootSecurity;
      const secured = security.length > 0;
      const scopes = op['x-required-scopes'];
      const parameters = [...(item.parameters ?? []), ...(op.parameters ?? [])].map((p: unknown) => deref(doc, p));
      const codeWhenMissing: Record<string, string> = {};
      for (const p of parameters) {
        if (typeof p['x-error-code-when-missing'] === 'string') codeWhenMissing[`${p.in}.${p.name}`] = p['x-error-code-when-missing'];
      }
      const responses: Record<string, DocumentedResponse> = {};
      for (const [status, raw] of Object.entries(op.responses ?? {})) {
        responses[status] = indexResponse(doc, raw, `${pointer}/responses/${status}`, status);
      }
      operations.push({
        operationId: String(op.operationId),
        method,
        path,
        pointer,
        pathPattern: patternOf(path),
        tags: op.tags ?? [],
        definition: op,
        parameters,
        requestBody: op.requestBody ? deref(doc, op.requestBody) : undefined,
        secured,
        requiredScopes: secured ? (Array.isArray(scopes) ? scopes : []) : null,
        codeWhenMissing,
        responses,
      });
    }
  }
  return operations;
}

export function indexWebhooks(doc: Json): Webhook[] {
  const webhooks: Webhook[] = [];
  for (const [event, item] of Object.entries<Json>(doc.webhooks ?? {})) {
    const pointer = `#/webhooks/${escapePointer(event)}/post`;
    const definition: Json = item.post ?? {};
    const body = derefAt(doc, definition.requestBody ?? {}, `${pointer}/requestBody`);
    const media = body.node?.content?.['application/json'];
    const examples: Record<string, unknown> = {};
    for (const [name, example] of Object.entries<Json>(media?.examples ?? {})) examples[name] = deref(doc, example)?.value;
    webhooks.push({
      event,
      pointer,
      definition,
      parameters: (definition.parameters ?? []).map((p: unknown) => deref(doc, p)),
      schemaPointer: media?.schema ? `${body.pointer}/content/application~1json/schema` : null,
      examples,
    });
  }
  return webhooks;
}
