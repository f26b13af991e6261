// The links of openapi.yaml hold together (Redocly's lint checks their shape, not what they point at): each
// names an operation that exists, fills only parameters that operation has and every path parameter it
// needs, reads only fields the source exchange documents and writes only fields the target's body has; each
// webhook link names an event and fields of its payload. The drift check drives its stateful sequences and
// its webhook checks from these links, so a broken one would silently drop a check.
import { contract, escapePointer, isExpression, parameterPlace, type Json, type Link, type Operation } from '.';

const c = contract();

/** Whether a schema (its `$ref`s, `allOf`/`oneOf`/`anyOf` branches and `if`/`then` included) documents the field at `pointer`. */
function documents(schema: Json | undefined, pointer: string, depth = 0): boolean {
  if (!schema || depth > 40) return false;
  if (typeof schema.$ref === 'string') return documents(c.schemaAt(schema.$ref), pointer, depth + 1);
  const [head, ...rest] = pointer.split('/').slice(1);
  if (head === undefined) return true;
  const tail = rest.length ? `/${rest.join('/')}` : '';
  const branches = [...(schema.allOf ?? []), ...(schema.oneOf ?? []), ...(schema.anyOf ?? []), ...(schema.then ? [schema.then] : [])];
  if (branches.some((b: Json) => documents(b, pointer, depth + 1))) return true;
  if (head === '*') return documents(schema.items, tail, depth + 1);
  const property = schema.properties?.[head.replace(/~1/g, '/').replace(/~0/g, '~')];
  return property !== undefined && documents(property, tail, depth + 1);
}

const schemaOf = (pointer: string | null | undefined) => (pointer ? c.schemaAt(pointer) : undefined);
const requestSchema = (op: Operation) => {
  const content = op.requestBody?.content ?? {};
  const media = content['application/json'] ?? content['multipart/form-data'];
  return media?.schema as Json | undefined;
};

interface Source {
  op: Operation;
  status: string;
}

/** What an expression reads, checked against the source exchange: a documented field, parameter or header. */
function readProblem(expression: string, { op, status }: Source): string | undefined {
  if (!isExpression(expression)) return `${expression} is not a runtime expression`;
  const [, side, where, rest] = /^\$(request|response)\.(body|query|path|header)(.*)$/.exec(expression) ?? [];
  if (!side) return undefined;
  if (where === 'body') {
    const pointer = rest!.replace(/^#/, '');
    const schema = side === 'response' ? schemaOf(op.responses[status]!.content['application/json']?.schemaPointer) : requestSchema(op);
    return documents(schema, pointer) ? undefined : `${expression}: ${op.operationId} ${side === 'response' ? status : 'request'} documents no ${pointer}`;
  }
  const name = rest!.slice(1);
  if (side === 'request' && !op.parameters.some((p) => p.in === where && p.name === name)) return `${expression}: ${op.operationId} has no ${where} parameter ${name}`;
  return undefined;
}

/** Every runtime expression inside a link value, with where it sits in the target's body. */
function* expressionsIn(value: unknown, at = ''): Generator<{ expression: string; at: string }> {
  if (isExpression(value)) yield { expression: value, at };
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) yield* expressionsIn(v, `${at}/${escapePointer(k)}`);
}

function* leavesOf(value: unknown, at = ''): Generator<string> {
  if (value && typeof value === 'object' && !Array.isArray(value)) for (const [k, v] of Object.entries(value)) yield* leavesOf(v, `${at}/${escapePointer(k)}`);
  else yield at;
}

const links: { source: Source; link: Link }[] = c.operations.flatMap((op) =>
  Object.entries(op.responses).flatMap(([status, r]) => r.links.map((link) => ({ source: { op, status }, link }))),
);
const webhookLinks = c.operations.flatMap((op) => Object.entries(op.responses).flatMap(([status, r]) => r.webhookLinks.map((link) => ({ source: { op, status }, link }))));

test('the contract links a created template to reading, listing, editing, deleting and sending it, and uploaded media to sends', () => {
  const targets = (operationId: string, status: string) => links.filter((l) => l.source.op.operationId === operationId && l.source.status === status).map((l) => l.link.operationId);
  expect(new Set(targets('createTemplate', '201'))).toEqual(new Set(['getTemplate', 'listTemplates', 'updateTemplate', 'deleteTemplate', 'sendTemplateMessage']));
  expect(targets('uploadMedia', '201')).toContain('sendMessage');
  expect(targets('createEmbeddedSignupSession', '201')).toEqual(['getClient']);
  expect(webhookLinks.map((l) => `${l.source.op.operationId} → ${l.link.event}`)).toEqual(
    expect.arrayContaining(['sendMessage → message.status', 'sendTemplateMessage → message.status', 'createTemplate → template.status', 'updateTemplate → template.status']),
  );
});

test.each(links.map((l) => [`${l.source.op.operationId} ${l.source.status} → ${l.link.name}`, l] as const))('link %s names an operation, its parameters and documented fields', (_name, { source, link }) => {
  const target = c.byId(link.operationId);
  expect(target).toBeDefined();
  const problems: string[] = [];
  const given = new Set<string>();
  for (const [key, value] of Object.entries(link.parameters)) {
    const place = parameterPlace(key, target!.parameters);
    if (!place || !target!.parameters.some((p) => p.in === place.in && p.name === place.name)) problems.push(`${key}: ${target!.operationId} has no such parameter`);
    else given.add(`${place.in}.${place.name}`);
    for (const { expression } of expressionsIn(value)) problems.push(readProblem(expression, source) ?? '');
  }
  for (const p of target!.parameters.filter((p) => p.in === 'path')) if (!given.has(`path.${p.name}`)) problems.push(`path parameter ${p.name} of ${target!.operationId} is not given`);
  if (link.requestBody !== undefined) {
    const schema = requestSchema(target!);
    for (const at of leavesOf(link.requestBody)) if (!documents(schema, at)) problems.push(`requestBody${at}: ${target!.operationId}'s body documents no such field`);
    for (const { expression } of expressionsIn(link.requestBody)) problems.push(readProblem(expression, source) ?? '');
  }
  for (const expression of Object.keys(link.when)) problems.push(readProblem(expression, source) ?? '');
  expect(problems.filter(Boolean)).toEqual([]);
});

test.each(webhookLinks.map((l) => [`${l.source.op.operationId} ${l.source.status} → ${l.link.event}`, l] as const))('webhook link %s names an event and fields of its payload', (_name, { source, link }) => {
  const webhook = c.webhook(link.event);
  expect(webhook?.schemaPointer).toBeTruthy();
  const payload = schemaOf(webhook!.schemaPointer);
  const problems: string[] = [];
  expect(Object.keys(link.identifiedBy).length).toBe(1);
  for (const [pointer, expression] of Object.entries({ ...link.identifiedBy, ...link.carries })) {
    if (!documents(payload, pointer)) problems.push(`${pointer}: ${link.event} documents no such field`);
    problems.push(readProblem(expression, source) ?? '');
  }
  for (const pointer of Object.keys(link.firstEvent)) if (!documents(payload, pointer)) problems.push(`firstEvent ${pointer}: ${link.event} documents no such field`);
  expect(problems.filter(Boolean)).toEqual([]);
});
