// A JSON body field the contract does not have, but which is a near miss of one it has (another case,
// underscores or dashes, one typo: `dryRun`, `dry-run`, `dryrun` for `dry_run`), is refused with 400 naming
// both: an ignored `dryRun: true` would make a live send deliver for real. Other fields the contract does not
// have are ignored, as the contract allows (docs/decisions.md). The fields are the contract's own, read from
// each operation's body schema (every branch of a choice counts), at every level the schema names fields.
import type { Contract, Json, Operation } from '../../spec';
import { deref } from '../../spec';
import { ownProperties } from './validation-details';

/** The fields of one object of a body, and what each holds. */
interface FieldLevel {
  /** The fields the contract names at this level. */
  names: string[];
  known: Set<string>;
  /** The level inside a field (an object, or the items of an array, with fields of their own). */
  inner: Map<string, FieldLevel>;
}

/** A body field the contract does not have, and the one it comes close to. */
export interface NearMiss {
  /** Dotted path of the field as sent (`dryRun`, `text.preview-url`). */
  field: string;
  /** The contract's field it misses. */
  meant: string;
}

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A field name without case, underscores or dashes. */
const bare = (name: string) => name.toLowerCase().replace(/[-_]/g, '');

/** The one-typo rule reads names of at least this many letters: `to` is missed only by case (`TO`). */
const TYPO_MIN_LENGTH = 4;

/** Whether `a` becomes `b` by one typo: a letter added, dropped, changed, or two neighbours swapped. */
function oneTypoApart(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1 || a === b) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) {
    if (a.slice(i + 1) === b.slice(i + 1)) return true;
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
  }
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

/** The contract's field `name` is a near miss of, at a level with these fields; undefined when none. */
export function nearMissOf(name: string, fields: readonly string[]): string | undefined {
  const given = bare(name);
  const same = fields.find((field) => bare(field) === given);
  if (same !== undefined) return same;
  return fields.find((field) => bare(field).length >= TYPO_MIN_LENGTH && oneTypoApart(given, bare(field)));
}

/** The property schemas a schema names, with those of its branches and parts: name → its schemas. */
function propertiesOf(doc: Json, schema: unknown, into: Map<string, unknown[]>, depth: number): void {
  const node = deref(doc, schema);
  if (!isObject(node) || depth > MAX_DEPTH) return;
  for (const [name, sub] of Object.entries(isObject(node.properties) ? node.properties : {})) {
    const schemas = into.get(name);
    if (schemas) schemas.push(sub);
    else into.set(name, [sub]);
  }
  for (const keyword of ['oneOf', 'anyOf', 'allOf']) for (const part of Array.isArray(node[keyword]) ? node[keyword] : []) propertiesOf(doc, part, into, depth + 1);
}

/** Deep enough for every body of the contract; a schema that refers to itself stops here. */
const MAX_DEPTH = 16;

/** The level of fields a value of any of `schemas` has (an array's: its items'), or none. */
function levelOf(doc: Json, schemas: readonly unknown[], depth = 0): FieldLevel | undefined {
  if (depth > MAX_DEPTH) return undefined;
  const properties = new Map<string, unknown[]>();
  for (const schema of schemas) {
    const node = deref(doc, schema);
    if (isObject(node) && node.items !== undefined) propertiesOf(doc, node.items, properties, depth);
    else propertiesOf(doc, node, properties, depth);
  }
  if (properties.size === 0) return undefined;
  const inner = new Map<string, FieldLevel>();
  for (const [name, subs] of properties) {
    const level = levelOf(doc, subs, depth + 1);
    if (level) inner.set(name, level);
  }
  const names = [...properties.keys()];
  return { names, known: new Set(names), inner };
}

/** The near misses of a body at one level (and the levels inside its known fields). */
function findNearMisses(value: unknown, level: FieldLevel, path: string, found: NearMiss[]): void {
  if (Array.isArray(value)) {
    value.forEach((item, index) => findNearMisses(item, level, `${path}${index}.`, found));
    return;
  }
  if (!isObject(value)) return;
  for (const name of Object.keys(value)) {
    if (level.known.has(name)) {
      const inner = level.inner.get(name);
      if (inner) findNearMisses(value[name], inner, `${path}${name}.`, found);
      continue;
    }
    const meant = nearMissOf(name, level.names);
    if (meant !== undefined) found.push({ field: `${path}${name}`, meant: `${path}${meant}` });
  }
}

const levels = new WeakMap<Contract, Map<string, FieldLevel | null>>();

/** The near-miss fields of an operation's JSON body, in the order they came. */
export function nearMissFields(contract: Contract, operation: Operation, body: unknown): NearMiss[] {
  let byOperation = levels.get(contract);
  if (!byOperation) levels.set(contract, (byOperation = new Map()));
  let level = byOperation.get(operation.operationId);
  if (level === undefined) {
    level = levelOf(contract.document, [operation.requestBody?.content?.['application/json']?.schema]) ?? null;
    byOperation.set(operation.operationId, level);
  }
  const found: NearMiss[] = [];
  if (level && isObject(body)) findNearMisses(body, level, '', found);
  return found;
}

/** The 400 refusal of near-miss fields: the message names the first, `details` each with the field meant. */
export function nearMissRefusal(misses: readonly NearMiss[]): { message: string; details: Record<string, string[]> } {
  const [first] = misses;
  return {
    message: `\`${first!.field}\` is not a field; did you mean \`${first!.meant}\`?`,
    details: ownProperties(new Map(misses.map(({ field, meant }) => [field, [`is not a field; did you mean ${meant}?`]]))),
  };
}
