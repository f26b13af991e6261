// Following the contract's links (openapi.yaml `links`, read through spec/): a request made the way a link
// says, from the exchange that answered, and what a linked operation is to the resource its source created
// (a read of it, a list it should be in, an edit, its deletion, or a use of it by reference).
import { contract, deref, evaluate, evaluateExpression, isExpression, linkApplies, parameterPlace, type ExpressionContext, type Json, type Link, type Operation } from '../../spec';
import type { CaseContext, Exchange } from '../harness';

export type LinkKind = 'read' | 'list' | 'update' | 'delete' | 'use';

/** What a linked operation does with the resource, by its method and whether it names one resource in its path. */
export function kindOf(target: Operation): LinkKind {
  if (target.method === 'get') return target.parameters.some((p) => p.in === 'path') ? 'read' : 'list';
  if (target.method === 'patch' || target.method === 'put') return 'update';
  if (target.method === 'delete') return 'delete';
  return 'use';
}

/** An answer the run got, as the context its links are evaluated in. */
export interface Answered {
  operationId: string;
  status: number;
  /** The request as sent (its JSON body, or the fields of a multipart one) and the answer's JSON. */
  context: ExpressionContext;
}

const headersOf = (headers: Headers) => {
  const out: Record<string, string> = {};
  headers.forEach((v, k) => (out[k] = v));
  return out;
};

export const answered = (e: Exchange, requestBody: unknown = e.request.json): Answered => ({
  operationId: e.operation ?? '(unknown)',
  status: e.status,
  context: {
    method: e.method,
    statusCode: e.status,
    request: { query: e.request.query, body: requestBody },
    response: { body: e.json, headers: headersOf(e.headers) },
  },
});

/** The links of the answer, with their target operations, that apply to it (`x-when`). */
export function linksOf(a: Answered): { link: Link; target: Operation; kind: LinkKind }[] {
  const op = contract().byId(a.operationId);
  const documented = op?.responses[String(a.status)];
  return (documented?.links ?? [])
    .filter((link) => linkApplies(link, a.context))
    .map((link) => {
      const target = contract().byId(link.operationId);
      if (!target) throw new Error(`link ${link.name} names no operation of openapi.yaml: ${link.operationId}`);
      return { link, target, kind: kindOf(target) };
    });
}

/** Every runtime expression a link evaluates (its parameters' and those inside its request body). */
function expressionsOf(link: Link): string[] {
  const out: string[] = [];
  const visit = (v: unknown) => {
    if (isExpression(v)) out.push(v);
    else if (Array.isArray(v)) v.forEach(visit);
    else if (v && typeof v === 'object') Object.values(v).forEach(visit);
  };
  visit(link.parameters);
  visit(link.requestBody);
  return out;
}

/**
 * Whether the answer gives the link every value it takes: a field the contract lets be `null` (a template's
 * `id`, "string or null": the provider assigns it later) leaves the link unusable from this answer.
 */
export const canFollow = (from: Answered, link: Link): boolean => expressionsOf(link).every((x) => evaluateExpression(x, from.context) != null);

/**
 * The answer with the fields it left null filled from a later answer about the same resource (a read of it):
 * the links that need them can then be followed.
 */
export function filledFrom(from: Answered, later: Exchange): Answered {
  const body = from.context.response.body;
  const read = later.json;
  if (!body || typeof body !== 'object' || !read || typeof read !== 'object') return from;
  const filled = Object.fromEntries(Object.entries(body).map(([k, v]) => [k, v === null ? ((read as Record<string, unknown>)[k] ?? null) : v]));
  return { ...from, context: { ...from.context, response: { ...from.context.response, body: filled } } };
}

/** Deep merge of JSON objects: `over` wins, objects merge key by key. */
function merged(base: unknown, over: unknown): unknown {
  if (over === undefined) return base;
  if (base && over && typeof base === 'object' && typeof over === 'object' && !Array.isArray(base) && !Array.isArray(over)) {
    const out: Record<string, unknown> = { ...(base as Record<string, unknown>) };
    for (const [k, v] of Object.entries(over)) out[k] = merged(out[k], v);
    return out;
  }
  return over;
}

/** Whether an operation's JSON request body documents a property (at its top level). */
function bodyDocuments(target: Operation, property: string): boolean {
  const schema = target.requestBody?.content?.['application/json']?.schema as Json | undefined;
  const resolved = deref(contract().document, schema) as Json | undefined;
  return resolved?.properties?.[property] !== undefined;
}

/**
 * Calls the link's operation as the link says: its parameters and request body evaluated against the answer,
 * the body laid over `content` (what a valid request carries besides the references). A body that documents
 * `dry_run` is always sent as a dry run: a sequence never delivers a message.
 */
export async function follow(ctx: CaseContext, from: Answered, link: Link, target: Operation, content?: unknown): Promise<Exchange> {
  let path = target.path;
  const query = new URLSearchParams();
  for (const [key, raw] of Object.entries(link.parameters)) {
    const place = parameterPlace(key, target.parameters);
    const value = evaluate(raw, from.context);
    if (!place || value === undefined || value === null) continue;
    if (place.in === 'path') path = path.replace(`{${place.name}}`, encodeURIComponent(String(value)));
    else if (place.in === 'query') query.set(place.name, String(value));
  }
  const linkBody = link.requestBody === undefined ? undefined : evaluate(link.requestBody, from.context);
  let body = merged(content, linkBody);
  if (body !== undefined && bodyDocuments(target, 'dry_run')) body = { ...(body as object), dry_run: true };
  const search = query.toString();
  await ctx.raw(target.method.toUpperCase(), `${path}${search ? `?${search}` : ''}`, {
    ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
  });
  return ctx.last();
}

/** The items of a list answer: a plain array, or the `results` of a page object. */
export const itemsOf = (json: unknown): unknown[] | undefined =>
  Array.isArray(json) ? json : Array.isArray((json as { results?: unknown })?.results) ? (json as { results: unknown[] }).results : undefined;
