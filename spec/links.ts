// The contract's links: how one answer feeds another operation (OpenAPI `links`) and which webhook events
// an answer ties to (`x-webhook-links`), read once per response, with the runtime expressions they are
// written in (`$response.body#/id`, `$request.body#/client_ref`, `$request.query.client_ref`, …) evaluated
// against a concrete exchange.
import { deref, type Json } from './document';

/** A link of a documented response to an operation of `paths`. */
export interface Link {
  name: string;
  operationId: string;
  description: string;
  /** `path.template_ref`, `query.client_ref` or a bare name → a runtime expression or a literal. */
  parameters: Record<string, unknown>;
  /** The request body: runtime expressions anywhere inside are evaluated, the rest is literal. */
  requestBody: unknown;
  /** `x-when`: the link applies only when each expression evaluates to the given value. */
  when: Record<string, unknown>;
}

/**
 * `x-webhook-links`: an answer that ties a webhook event to what it returned. `identifiedBy` names where in
 * the event's payload its subject is (a JSON pointer, `*` for every array item) and the expression giving
 * that subject from the exchange; `carries` what such an event then says about it; `firstEvent` the payload
 * values of the event a subject's life starts with (the only one that cannot be about a subject of an
 * earlier exchange).
 */
export interface WebhookLink {
  name: string;
  event: string;
  description: string;
  identifiedBy: Record<string, string>;
  carries: Record<string, string>;
  firstEvent: Record<string, unknown>;
}

export function indexLinks(doc: Json, response: Json | undefined): Link[] {
  return Object.entries<Json>(response?.links ?? {}).map(([name, raw]) => {
    const link = deref<Json>(doc, raw);
    if (typeof link.operationId !== 'string') throw new Error(`link ${name}: only operationId links are supported`);
    return {
      name,
      operationId: link.operationId,
      description: link.description ?? '',
      parameters: link.parameters ?? {},
      requestBody: link.requestBody,
      when: link['x-when'] ?? {},
    };
  });
}

export function indexWebhookLinks(response: Json | undefined): WebhookLink[] {
  return Object.entries<Json>(response?.['x-webhook-links'] ?? {}).map(([name, link]) => ({
    name,
    event: String(link.event),
    description: link.description ?? '',
    identifiedBy: link.identifiedBy ?? {},
    carries: link.carries ?? {},
    firstEvent: link.firstEvent ?? {},
  }));
}

/** The exchange a runtime expression is evaluated against. */
export interface ExpressionContext {
  method?: string;
  url?: string;
  statusCode?: number;
  request: { path?: Record<string, string>; query?: Record<string, string>; headers?: Record<string, string>; body?: unknown };
  response: { headers?: Record<string, string>; body?: unknown };
}

const EXPRESSION = /^\$(method|url|statusCode|(request|response)\.(header|query|path|body)(?:\.([^#]+))?(?:#(.*))?)$/;

/** Whether a string is one runtime expression of OpenAPI 3.1 (as used here: no embedded `{…}` forms). */
export const isExpression = (value: unknown): value is string => typeof value === 'string' && EXPRESSION.test(value);

/** The value at a JSON pointer (`*` is not allowed here: one value). */
export function atJsonPointer(value: unknown, pointer: string): unknown {
  let node = value;
  for (const part of pointer.split('/').slice(1)) {
    const key = part.replace(/~1/g, '/').replace(/~0/g, '~');
    node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[key] : undefined;
  }
  return node;
}

/** Every value at a JSON pointer whose `*` segments stand for every item of an array (or value of an object). */
export function allAtPointer(value: unknown, pointer: string): unknown[] {
  let nodes = [value];
  for (const part of pointer.split('/').slice(1)) {
    const key = part.replace(/~1/g, '/').replace(/~0/g, '~');
    nodes = nodes.flatMap((node) => {
      if (typeof node !== 'object' || node === null) return [];
      if (key === '*') return Object.values(node);
      return key in node ? [(node as Record<string, unknown>)[key]] : [];
    });
  }
  return nodes;
}

/** One runtime expression's value (undefined when the exchange does not hold it). */
export function evaluateExpression(expression: string, ctx: ExpressionContext): unknown {
  const m = EXPRESSION.exec(expression);
  if (!m) throw new Error(`not a runtime expression: ${expression}`);
  if (m[1] === 'method') return ctx.method;
  if (m[1] === 'url') return ctx.url;
  if (m[1] === 'statusCode') return ctx.statusCode;
  const side = ctx[m[2] as 'request' | 'response'] as ExpressionContext['request'];
  const where = m[3] as 'header' | 'query' | 'path' | 'body';
  if (where === 'body') return atJsonPointer(side.body, m[5] ?? '');
  const name = m[4] ?? '';
  if (where === 'header') {
    const headers = side.headers ?? {};
    const key = Object.keys(headers).find((k) => k.toLowerCase() === name.toLowerCase());
    return key === undefined ? undefined : headers[key];
  }
  return side[where]?.[name];
}

/** A link value: runtime expressions (at any depth of an object or array) evaluated, everything else literal. */
export function evaluate(value: unknown, ctx: ExpressionContext): unknown {
  if (isExpression(value)) return evaluateExpression(value, ctx);
  if (Array.isArray(value)) return value.map((v) => evaluate(v, ctx));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, evaluate(v, ctx)]));
  return value;
}

/** Where a link parameter goes: `path.x` / `query.x` / `header.x`, or a bare name found among the target's parameters. */
export function parameterPlace(key: string, targetParameters: Json[]): { in: string; name: string } | undefined {
  const qualified = /^(path|query|header|cookie)\.(.+)$/.exec(key);
  if (qualified) return { in: qualified[1]!, name: qualified[2]! };
  const found = targetParameters.filter((p) => p.name === key);
  return found.length === 1 ? { in: String(found[0]!.in), name: key } : undefined;
}

/** Whether a link applies to an exchange (its `x-when` conditions hold). */
export const linkApplies = (link: Link, ctx: ExpressionContext): boolean =>
  Object.entries(link.when).every(([expression, expected]) => evaluateExpression(expression, ctx) === expected);
