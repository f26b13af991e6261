// What a generated request's answer must be. A valid request (a boundary of the contract) is answered with a
// documented success or a documented domain refusal (an unknown reference 404, a conflict 409, the provider
// 422, the trial 402, an endpoint's own 400 code); a 400 whose validation details blame a field the contract
// accepts is drift, as is any other refusal. An invalid request (one constraint broken one step past its
// boundary) is answered 400 in the section 7 envelope, its details naming the broken field (section 7: for
// validation, a field → its messages). Every answer is also held to openapi.yaml by the checked transport.
// A finding names where the specification states the field (section 2's resource tables for a JSON body,
// section 4's endpoint table for a parameter or a form field) and the field; details keys are read as dotted
// paths whatever their form (`body.text`, `/body/text`, `buttons[0].text`).
import { contract, type Operation } from '../../spec';
import { flatSchema, branchesOf } from '../generation/schema-arbitrary';
import { describeProbe, type Probe } from '../generation/probes';
import type { RequestParts } from '../generation/request-parts';

/** A broken rule: stated without the values that vary, and what was seen. */
export interface Problem {
  rule: string;
  where: string;
  seen: string;
}

export interface JudgedAnswer {
  status: number;
  errorCode: string | undefined;
  json: unknown;
}

/**
 * Fields whose acceptance depends on what they refer to outside the request: a provider's code or handle, a
 * media id, a URL the service fetches, a template by reference. A valid request refused for the value it sent
 * there is a domain refusal (the reference is unknown, the URL unreachable, the provider says no), never drift;
 * refused for leaving one out, it is.
 */
export const REFERENCE_FIELDS = new Set(['auth_code', 'media_handle', 'media_url', 'link', 'id', 'template_ref']);

/**
 * The provider's own objects, which the contract bounds (an array's length, a type) and forwards unchanged:
 * what is inside them is the provider's to judge, so a refusal naming one is a domain refusal, unless the
 * probe pinned the contract's own bound of it (the 257 cards of `contacts`).
 */
export const PROVIDER_OBJECTS = new Set(['components', 'template', 'interactive', 'contacts']);

/** `/body/text`, `buttons[0].text` → `body.text`, `buttons.0.text`: a details key as a dotted path. */
const dotted = (key: string) => key.replace(/\[(\d+)\]/g, '.$1').replace(/^\/+/, '').replace(/\//g, '.');

/** Without array indices: `buttons.0.text` → `buttons.text`. */
const withoutIndices = (path: string) =>
  path
    .split('.')
    .filter((part) => part !== '' && !/^\d+$/.test(part))
    .join('.');

/** `body.buttons.0.text` → `buttons.text`: a details key or a field without its location and array indices. */
const normalize = (key: string) => withoutIndices(dotted(key).replace(/^(body|query|path|params)\./, ''));

/** Whether a details key names the field: the same, one holding it, one inside it, or the same field's last names. */
export function names(key: string, field: string): boolean {
  const k = normalize(key);
  const f = normalize(field);
  if (!k || !f) return false;
  return k === f || f.startsWith(`${k}.`) || k.startsWith(`${f}.`) || f.endsWith(`.${k}`) || k.endsWith(`.${f}`);
}

/** Whether the messages of a details entry name the field (`body: ["one of template_ref, template is required"]`). */
function mentions(messages: unknown, field: string): boolean {
  const name = normalize(field).split('.').at(-1)!;
  const word = new RegExp(`(^|[^A-Za-z0-9_])${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}([^A-Za-z0-9_]|$)`);
  return Array.isArray(messages) && messages.some((m) => typeof m === 'string' && word.test(m));
}

const declaredCache = new Map<string, Set<string>>();

/** Every field an operation's request declares: its parameters' names and the dotted paths of its body's properties. */
function declaredFields(op: Operation): Set<string> {
  let found = declaredCache.get(op.operationId);
  if (found) return found;
  found = new Set(op.parameters.filter((p) => p.in === 'query' || p.in === 'path').map((p) => String(p.name)));
  const doc = contract().document;
  const walk = (schema: unknown, prefix: string, depth: number) => {
    if (depth > 8 || schema === undefined) return;
    const s = flatSchema(doc, schema, depth);
    for (const b of branchesOf(doc, s, depth) ?? []) walk(b.schema, prefix, depth + 1);
    if (s.items) walk(s.items, prefix, depth + 1);
    for (const [name, sub] of Object.entries<unknown>(s.properties ?? {})) {
      const path = prefix ? `${prefix}.${name}` : name;
      found!.add(path);
      walk(sub, path, depth + 1);
    }
  };
  const media = op.requestBody?.content ?? {};
  walk((media['application/json'] ?? media['multipart/form-data'])?.schema, '', 0);
  declaredCache.set(op.operationId, found);
  return found;
}

const detailsOf = (json: unknown): Record<string, unknown> | undefined => {
  const details = (json as { error?: { details?: unknown } } | undefined)?.error?.details;
  return typeof details === 'object' && details !== null && !Array.isArray(details) ? (details as Record<string, unknown>) : undefined;
};

/** The value a details key names in the request (`image.id`, `buttons.0.url`, a parameter's name), if it sent one. */
function sentAt(parts: RequestParts, key: string): unknown {
  const path = key.replace(/^(body|query|path|params)\./, '').split('.');
  const param = parts.query.find(([name]) => name === path[0])?.[1] ?? parts.pathValues[path[0]!];
  if (path.length === 1 && param !== undefined) return param;
  return path.reduce<unknown>((node, step) => (typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[step] : undefined), parts.body);
}

/**
 * The declared field a details key names, if any: the key as a dotted path without indices, with or without a
 * location prefix (`body.text` is a field of a template, `body.client_ref` the body's client_ref), or the one
 * declared field it is the end of (`text` for `body.text` when no other field ends so).
 */
function declaredField(op: Operation, key: string): string | undefined {
  const declared = declaredFields(op);
  const path = withoutIndices(dotted(key));
  for (const candidate of [path, path.replace(/^(body|query|path|params)\./, '')]) if (declared.has(candidate)) return candidate;
  const ending = [...declared].filter((d) => d.endsWith(`.${path}`));
  return ending.length === 1 ? ending[0] : undefined;
}

/**
 * The declared fields a validation failure's details blame (a field → its messages), but for a reference it
 * sent, and a provider's object unless the probe pinned the object itself (its length).
 */
function blamedFields(op: Operation, probe: Probe, json: unknown, parts: RequestParts): string[] {
  return Object.entries(detailsOf(json) ?? {})
    .filter(([, messages]) => Array.isArray(messages))
    .flatMap(([key]) => {
      const field = declaredField(op, key);
      return field === undefined ? [] : [{ key, field }];
    })
    .filter(({ key, field }) => {
      const path = field.split('.');
      // Inside a provider's object, only what the probe pinned of the contract's own statement of it: a member
      // the contract makes optional, left out (a raw template's `language`); its values are the provider's to judge.
      const pinnedHere = withoutIndices(probe.field) === field && probe.what.startsWith('left out');
      if (path.slice(0, -1).some((part) => PROVIDER_OBJECTS.has(part)) && !pinnedHere) return false;
      if (PROVIDER_OBJECTS.has(path.at(-1)!) && withoutIndices(probe.field) !== field) return false;
      return !(REFERENCE_FIELDS.has(path.at(-1)!) && sentAt(parts, dotted(key)) !== undefined);
    })
    .map(({ field }) => field);
}

/** The section 2 headings of the contract's JSON request bodies (openapi.yaml's schema → the specification's table). */
const SECTION_2_TABLES: Record<string, string> = {
  CreateTemplateRequest: 'CreateTemplateRequest',
  SendMessageRequest: 'SendMessageRequest',
  SendTemplateRequest: 'SendTemplateRequest',
  SessionRequest: 'Session',
  ClientSignupRequest: 'ClientSignupRequest',
};

/** Where the specification states a field of an operation's request: `section 2 CreateTemplateRequest`, `section 4 GET /clients`. */
export function statedIn(op: Operation, location: Probe['location']): string {
  const media = op.requestBody?.content?.['application/json'];
  const table = location === 'body' ? /([^/]+)$/.exec(String((media?.schema as { $ref?: string } | undefined)?.$ref ?? ''))?.[1] : undefined;
  return table && SECTION_2_TABLES[table] ? `section 2 ${SECTION_2_TABLES[table]}` : `section 4 ${op.method.toUpperCase()} ${op.path}`;
}

/** ` — section 2 SendMessageRequest, field text.body`: the rule's source and the field, at the end of a finding. */
const cause = (op: Operation, location: Probe['location'], field: string, rule = statedIn(op, location)) => ` — ${rule}${field ? `, field ${field}` : ''}`;

const answered = (a: JudgedAnswer) => `${a.status}${a.errorCode ? ` ${a.errorCode}` : ''}`;
const excerpt = (json: unknown) => JSON.stringify(json ?? null).slice(0, 300);

/** GET /status refusing a request without a key (section 4), however the refusal is worded. */
export const STATUS_DEMANDS_KEY = 'GET /status demands a key: section 4 says every endpoint requires one except GET /status';

/** Statuses a valid request may get besides a success: documented refusals about the world, not the request. */
const DOMAIN_REFUSALS = new Set([402, 404, 409, 422]);

/** What a valid request's answer breaks. */
function judgeValid(op: Operation, probe: Probe, a: JudgedAnswer, parts: RequestParts): Problem[] {
  const where = `${op.operationId} ${a.status}`;
  const what = `${op.operationId} (${describeProbe(probe)})`;
  if (a.status === 502 || a.status === 503) return [];
  if (parts.mustAccept && a.status >= 300) {
    return [{ rule: `valid input refused: ${what} answered ${answered(a)}, although ${parts.mustAccept}${cause(op, probe.location, probe.field, statedIn(op, probe.location))}`, where, seen: excerpt(a.json) }];
  }
  if (a.status < 300 || DOMAIN_REFUSALS.has(a.status)) return [];
  if (op.operationId === 'getStatus' && a.status >= 400 && a.status < 500 && a.status !== 404 && a.status !== 405) {
    return [{ rule: STATUS_DEMANDS_KEY, where, seen: `answered ${answered(a)} without a key: ${excerpt(a.json)}` }];
  }
  if (a.status === 400) {
    const blamed = [...new Set(blamedFields(op, probe, a.json, parts))];
    if (blamed.length === 0) return [];
    return [{ rule: `valid input refused: ${what} answered ${answered(a)} blaming ${blamed.join(', ')}${cause(op, probe.location, blamed.join(', '))}`, where, seen: excerpt(a.json) }];
  }
  return [{ rule: `valid input refused: ${what} answered ${answered(a)}${cause(op, probe.location, probe.field)}`, where, seen: excerpt(a.json) }];
}

/** What an invalid request's answer breaks. */
function judgeInvalid(op: Operation, probe: Probe, a: JudgedAnswer): Problem[] {
  const where = `${op.operationId} ${a.status}`;
  const what = `${op.operationId} (${describeProbe(probe)})`;
  const stated = cause(op, probe.location, probe.field);
  if (a.status < 300) return [{ rule: `invalid input accepted: ${what} answered ${a.status}${stated}`, where, seen: excerpt(a.json) }];
  if (a.status !== 400) return [{ rule: `invalid input not refused as invalid: ${what} answered ${answered(a)}, not 400${stated}`, where, seen: excerpt(a.json) }];
  if (!a.errorCode) return [{ rule: `invalid input refused without the section 7 envelope: ${what}${cause(op, probe.location, probe.field, 'section 7')}`, where, seen: excerpt(a.json) }];
  const fieldNamed = probe.field !== '' && a.errorCode === 'bad_request';
  if (fieldNamed && !Object.entries(detailsOf(a.json) ?? {}).some(([key, messages]) => names(key, probe.field) || mentions(messages, probe.field))) {
    return [{ rule: `invalid input refused without naming the field: ${what} answered 400 bad_request, details not naming ${probe.field}${cause(op, probe.location, probe.field, 'section 7 (details map each field to its messages)')}`, where, seen: excerpt(a.json) }];
  }
  return [];
}

/** The rules the answer to a generated request breaks (429 is not judged: the phase waits and sends again). */
export function judgeAnswer(op: Operation, probe: Probe, a: JudgedAnswer, parts: RequestParts): Problem[] {
  if (a.status === 429) return [];
  return probe.kind === 'valid' ? judgeValid(op, probe, a, parts) : judgeInvalid(op, probe, a);
}
