// The focused check of the breaking-change gate (../breaking-changes.ts): a structural comparison of our own
// over the dereferenced documents, which also covers what optic does not (the 3.1 `webhooks`, narrowed limits).
// It finds removed or renamed operations, removed status codes and new success codes, new required inputs,
// removed fields, removed enum values, narrowed types and limits (maxLength/maximum/maxItems down,
// minLength/minimum/minItems up, new or changed pattern, format or const), and in every webhook payload removed
// event kinds, removed or no-longer-required fields, changed types and changed enum values.
import { deref, indexOperations, indexWebhooks, type Json, type Operation } from '../../spec';
import type { BreakingChange } from './breaking-change';

type Direction = 'request' | 'response';

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function typesOf(schema: Json): Set<string> | undefined {
  if (typeof schema.type === 'string') return new Set([schema.type]);
  if (Array.isArray(schema.type)) return new Set(schema.type.map(String));
  return undefined;
}

const fmt = (value: unknown): string => JSON.stringify(value);

class FocusedCheck {
  readonly changes: BreakingChange[] = [];

  constructor(
    private readonly base: Json,
    private readonly head: Json,
  ) {}

  private add(where: string, rule: string, detail: string): void {
    this.changes.push({ source: 'focused', where, rule, detail });
  }

  run(): BreakingChange[] {
    this.operations();
    this.webhooks();
    return this.changes;
  }

  private operations(): void {
    const head = new Map(indexOperations(this.head).map((op) => [`${op.method} ${op.path}`, op]));
    const headOperationIds = new Map([...head.values()].map((op) => [op.operationId, `${op.method.toUpperCase()} ${op.path}`]));
    for (const baseOp of indexOperations(this.base)) {
      const where = `${baseOp.method.toUpperCase()} ${baseOp.path}`;
      const headOp = head.get(`${baseOp.method} ${baseOp.path}`);
      if (!headOp) {
        const movedTo = headOperationIds.get(baseOp.operationId);
        this.add(where, movedTo ? 'operation renamed' : 'operation removed', movedTo ? `moved to ${movedTo}` : `${where} no longer exists`);
        continue;
      }
      if (baseOp.operationId !== headOp.operationId) {
        this.add(where, 'operationId changed', `${fmt(baseOp.operationId)} → ${fmt(headOp.operationId)}`);
      }
      this.parameters(where, baseOp, headOp);
      this.requestBody(where, baseOp, headOp);
      this.responses(where, baseOp.definition, headOp.definition);
    }
  }

  private parameterMap(op: Operation): Map<string, Json> {
    const map = new Map<string, Json>();
    for (const param of op.parameters) {
      if (isObject(param) && typeof param.name === 'string' && typeof param.in === 'string') {
        map.set(`${param.in}:${param.in === 'header' ? param.name.toLowerCase() : param.name}`, param);
      }
    }
    return map;
  }

  private parameters(where: string, baseOp: Operation, headOp: Operation): void {
    const before = this.parameterMap(baseOp);
    const after = this.parameterMap(headOp);
    for (const [key, headParam] of after) {
      const baseParam = before.get(key);
      const label = `${headParam.in} parameter ${fmt(headParam.name)}`;
      if (!baseParam) {
        if (headParam.required === true) this.add(where, 'new required input', `new required ${label}`);
        continue;
      }
      if (headParam.required === true && baseParam.required !== true) {
        this.add(where, 'new required input', `${label} became required`);
      }
      this.schema(where, 'request', label, baseParam.schema, headParam.schema, 0);
    }
  }

  private content(doc: Json, holder: unknown): Json {
    const resolved = deref(doc, holder);
    return isObject(resolved) && isObject(resolved.content) ? resolved.content : {};
  }

  private requestBody(where: string, baseOp: Operation, headOp: Operation): void {
    const baseBody = baseOp.requestBody;
    const headBody = headOp.requestBody;
    if (!isObject(headBody)) return;
    if (!isObject(baseBody)) {
      if (headBody.required === true) this.add(where, 'new required input', 'a required request body was added');
      return;
    }
    if (headBody.required === true && baseBody.required !== true) {
      this.add(where, 'new required input', 'the request body became required');
    }
    const before = this.content(this.base, baseBody);
    const after = this.content(this.head, headBody);
    for (const [mediaType, media] of Object.entries(before)) {
      const headMedia = after[mediaType];
      if (!isObject(headMedia)) {
        this.add(where, 'request media type removed', `request body no longer accepts ${mediaType}`);
        continue;
      }
      this.schema(where, 'request', `request body (${mediaType})`, isObject(media) ? media.schema : undefined, headMedia.schema, 0);
    }
  }

  private responses(where: string, baseOp: Json, headOp: Json): void {
    const before = isObject(baseOp.responses) ? baseOp.responses : {};
    const after = isObject(headOp.responses) ? headOp.responses : {};
    for (const [status, baseResponse] of Object.entries(before)) {
      if (!(status in after)) {
        this.add(where, 'status code removed', `response ${status} is no longer documented`);
        continue;
      }
      const beforeContent = this.content(this.base, baseResponse);
      const afterContent = this.content(this.head, after[status]);
      for (const [mediaType, media] of Object.entries(beforeContent)) {
        const headMedia = afterContent[mediaType];
        if (!isObject(headMedia)) {
          this.add(where, 'response media type removed', `response ${status} no longer sends ${mediaType}`);
          continue;
        }
        this.schema(where, 'response', `response ${status}`, isObject(media) ? media.schema : undefined, headMedia.schema, 0);
      }
    }
    const baseSuccess = Object.keys(before).filter((status) => status.startsWith('2'));
    for (const status of Object.keys(after)) {
      if (status.startsWith('2') && !baseSuccess.includes(status)) {
        this.add(where, 'status code changed', `new success status ${status} (was ${baseSuccess.join(', ') || 'none'})`);
      }
    }
  }

  private webhooks(): void {
    const head = new Map(indexWebhooks(this.head).map((w) => [w.event, w]));
    for (const baseHook of indexWebhooks(this.base)) {
      const where = `webhook ${baseHook.event}`;
      const headHook = head.get(baseHook.event);
      if (!headHook) {
        this.add(where, 'event kind removed', `the ${baseHook.event} event is no longer sent`);
        continue;
      }
      const beforeContent = this.content(this.base, baseHook.definition.requestBody);
      const afterContent = this.content(this.head, headHook.definition.requestBody);
      for (const [mediaType, media] of Object.entries(beforeContent)) {
        const headMedia = afterContent[mediaType];
        if (!isObject(headMedia)) {
          this.add(where, 'payload media type changed', `payload is no longer sent as ${mediaType}`);
          continue;
        }
        // the service sends, the partner reads: a payload is checked like a response
        this.schema(where, 'response', 'payload', isObject(media) ? media.schema : undefined, headMedia.schema, 0);
      }
    }
  }

  /**
   * Compares two schemas. `request`: the partner writes it, so narrowing breaks; `response`: the partner reads
   * it, so removing or loosening what it relies on breaks.
   */
  private schema(where: string, direction: Direction, at: string, baseRaw: unknown, headRaw: unknown, depth: number): void {
    if (depth > 40) return;
    const base = deref(this.base, baseRaw);
    const head = deref(this.head, headRaw);
    if (!isObject(base) || !isObject(head)) return;

    const baseTypes = typesOf(base);
    const headTypes = typesOf(head);
    if (baseTypes && headTypes) {
      if (direction === 'request') {
        const lost = [...baseTypes].filter((type) => !headTypes.has(type) && !(type === 'integer' && headTypes.has('number')));
        if (lost.length) this.add(where, 'type narrowed', `${at}: type ${fmt([...baseTypes])} → ${fmt([...headTypes])}`);
      } else {
        const gained = [...headTypes].filter((type) => !baseTypes.has(type) && !(type === 'integer' && baseTypes.has('number')));
        if (gained.length) this.add(where, 'type changed', `${at}: type ${fmt([...baseTypes])} → ${fmt([...headTypes])}`);
      }
    } else if (!baseTypes && headTypes && direction === 'request') {
      this.add(where, 'type narrowed', `${at}: now restricted to type ${fmt([...headTypes])}`);
    }

    // enum values: a removed value breaks both writers and readers relying on it; a new value breaks readers
    if (Array.isArray(base.enum)) {
      const headEnum = Array.isArray(head.enum) ? head.enum : undefined;
      if (headEnum) {
        const removed = base.enum.filter((value) => !headEnum.some((other) => fmt(other) === fmt(value)));
        if (removed.length) this.add(where, 'enum value removed', `${at}: ${removed.map(fmt).join(', ')} removed`);
        if (direction === 'response') {
          const baseEnum = base.enum;
          const added = headEnum.filter((value) => !baseEnum.some((other) => fmt(other) === fmt(value)));
          if (added.length) this.add(where, 'enum value added', `${at}: ${added.map(fmt).join(', ')} added to a value the partner reads`);
        }
      } else if (direction === 'response') {
        this.add(where, 'enum removed', `${at}: no longer limited to ${fmt(base.enum)}`);
      }
    } else if (Array.isArray(head.enum) && direction === 'request') {
      this.add(where, 'type narrowed', `${at}: now limited to ${fmt(head.enum)}`);
    }
    if ('const' in head || 'const' in base) {
      if (fmt(base.const) !== fmt(head.const) && (direction === 'response' || 'const' in head)) {
        this.add(where, 'const changed', `${at}: const ${fmt(base.const)} → ${fmt(head.const)}`);
      }
    }

    if (direction === 'request') this.limits(where, at, base, head);

    // object properties
    const baseProps = isObject(base.properties) ? base.properties : {};
    const headProps = isObject(head.properties) ? head.properties : {};
    const baseRequired = new Set(Array.isArray(base.required) ? base.required.map(String) : []);
    const headRequired = new Set(Array.isArray(head.required) ? head.required.map(String) : []);
    for (const [name, baseProp] of Object.entries(baseProps)) {
      if (!(name in headProps)) {
        this.add(where, 'field removed', `${at}: field ${fmt(name)} removed`);
        continue;
      }
      this.schema(where, direction, `${at}.${name}`, baseProp, headProps[name], depth + 1);
    }
    if (direction === 'request') {
      for (const name of headRequired) {
        if (!baseRequired.has(name)) this.add(where, 'new required input', `${at}: field ${fmt(name)} became required`);
      }
      if (head.additionalProperties === false && base.additionalProperties !== false) {
        this.add(where, 'type narrowed', `${at}: additional properties are no longer accepted`);
      }
    } else {
      for (const name of baseRequired) {
        if (!headRequired.has(name) && name in headProps) {
          this.add(where, 'field made optional', `${at}: field ${fmt(name)} is no longer always present`);
        }
      }
    }

    if (base.items !== undefined && head.items !== undefined) {
      this.schema(where, direction, `${at}[]`, base.items, head.items, depth + 1);
    }
    if (isObject(base.additionalProperties) && isObject(head.additionalProperties)) {
      this.schema(where, direction, `${at}{*}`, base.additionalProperties, head.additionalProperties, depth + 1);
    }
    for (const keyword of ['oneOf', 'anyOf', 'allOf'] as const) {
      const baseList = base[keyword];
      const headList = head[keyword];
      if (!Array.isArray(baseList)) continue;
      if (!Array.isArray(headList)) {
        this.add(where, 'type changed', `${at}: ${keyword} removed`);
        continue;
      }
      if (keyword !== 'allOf' && direction === 'request' && headList.length < baseList.length) {
        this.add(where, 'type narrowed', `${at}: ${keyword} lost ${baseList.length - headList.length} variant(s)`);
      }
      if (keyword !== 'allOf' && direction === 'response' && headList.length > baseList.length) {
        this.add(where, 'type changed', `${at}: ${keyword} gained ${headList.length - baseList.length} variant(s)`);
      }
      const count = Math.min(baseList.length, headList.length);
      for (let index = 0; index < count; index += 1) {
        const variant = deref(this.base, baseList[index]);
        const title = isObject(variant) && typeof variant.title === 'string' ? variant.title : String(index);
        this.schema(where, direction, `${at}<${title}>`, baseList[index], headList[index], depth + 1);
      }
    }
  }

  private limits(where: string, at: string, base: Json, head: Json): void {
    const upper = ['maxLength', 'maximum', 'exclusiveMaximum', 'maxItems', 'maxProperties'] as const;
    const lower = ['minLength', 'minimum', 'exclusiveMinimum', 'minItems', 'minProperties'] as const;
    for (const keyword of upper) {
      const before = base[keyword];
      const after = head[keyword];
      if (typeof after !== 'number') continue;
      if (typeof before !== 'number' || after < before) {
        this.add(where, 'limit narrowed', `${at}: ${keyword} ${before ?? 'none'} → ${after}`);
      }
    }
    for (const keyword of lower) {
      const before = base[keyword];
      const after = head[keyword];
      if (typeof after !== 'number') continue;
      const counts = keyword === 'minLength' || keyword === 'minItems' || keyword === 'minProperties';
      if (typeof before !== 'number' ? !counts || after > 0 : after > before) {
        this.add(where, 'limit narrowed', `${at}: ${keyword} ${before ?? 'none'} → ${after}`);
      }
    }
    for (const keyword of ['pattern', 'format', 'contentMediaType'] as const) {
      if (head[keyword] !== undefined && head[keyword] !== base[keyword]) {
        this.add(where, 'limit narrowed', `${at}: ${keyword} ${fmt(base[keyword] ?? null)} → ${fmt(head[keyword])}`);
      }
    }
  }
}

/** The focused check alone (no optic): every breaking change it finds. */
export function focusedBreakingChanges(base: Json, head: Json): BreakingChange[] {
  return new FocusedCheck(base, head).run();
}
