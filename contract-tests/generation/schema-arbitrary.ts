// JSON Schema (2020-12, as written in openapi.yaml) → fast-check arbitrary of values the schema accepts.
// `$ref`s are followed in the parsed document of the contract module (spec/) (no second loader); what the generator
// cannot express exactly (if/then, oneOf exclusivity, lookahead patterns) is generated loosely and filtered
// with the Ajv 2020 validator of the same pointer by the caller, so "valid" always means "Ajv says valid".
import fc from 'fast-check';
import { deref } from '../../spec';

type Json = Record<string, any>;

export interface ArbitraryOptions {
  /** Longest generated string when the schema allows more (keeps requests small). */
  maxString?: number;
  /** Most generated array items when the schema allows more. */
  maxItems?: number;
  /** Property name → arbitrary to use instead of the schema's (e.g. client_ref → connected clients). */
  overrides?: Record<string, fc.Arbitrary<unknown>>;
  /** The host (`host:port`) of every generated URL (`format: uri`, or a pattern starting `^https`); any host when unset. */
  urlHost?: string;
}

const FREE_FORM = fc.dictionary(
  fc.string({ minLength: 1, maxLength: 8 }),
  fc.oneof(fc.string({ maxLength: 12 }), fc.integer(), fc.boolean()),
  { maxKeys: 3 },
);

/** The schema with its `$ref` chain followed (spec/'s follower); `{}` (anything) for an absent one. */
export function resolveSchema(doc: Json, schema: unknown, depth = 0): Json {
  if (depth > 20) throw new Error('schema too deep');
  return deref<Json | undefined>(doc, schema) ?? {};
}

const patternArbitraries = new Map<string, fc.Arbitrary<string>>();

/** Strings matching the pattern within the lengths (built once per pattern and lengths: fast-check builds them slowly). */
function patternArbitrary(pattern: string, minLength: number, maxLength: number): fc.Arbitrary<string> {
  const key = `${minLength} ${maxLength} ${pattern}`;
  if (!patternArbitraries.has(key)) patternArbitraries.set(key, buildPatternArbitrary(pattern, minLength, maxLength));
  return patternArbitraries.get(key)!;
}

function buildPatternArbitrary(pattern: string, minLength: number, maxLength: number): fc.Arbitrary<string> {
  const re = new RegExp(pattern, 'u');
  const fits = (v: string) => v.length >= minLength && v.length <= maxLength && re.test(v);
  try {
    return fc.stringMatching(new RegExp(pattern)).filter(fits);
  } catch {
    // fast-check cannot build some patterns (lookaheads): generate plain strings and keep the matching ones.
    return fc.string({ minLength, maxLength: Math.min(maxLength, 40) }).filter(fits);
  }
}

const urlArbitraries = new Map<string, fc.Arbitrary<string>>();

/** https URLs (on `host` when given) that fit the schema's pattern and length (built once per schema and host). */
function urlArbitrary(s: Json, host: string | undefined): fc.Arbitrary<string> {
  const key = JSON.stringify([s.pattern, s.minLength, s.maxLength, host]);
  if (!urlArbitraries.has(key)) urlArbitraries.set(key, buildUrlArbitrary(s, host));
  return urlArbitraries.get(key)!;
}

/** A URL path segment (letters, digits, `-`, `_`). */
const SEGMENT = fc.string({ minLength: 1, maxLength: 10, unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789-_') });

function buildUrlArbitrary(s: Json, host: string | undefined): fc.Arbitrary<string> {
  const re = s.pattern ? new RegExp(s.pattern, 'u') : undefined;
  // Without a host, one under the reserved `.example` top-level domain (RFC 2606): it resolves nowhere.
  const hosts = host ? fc.constant(host) : SEGMENT.map((label) => `${label.replace(/^[-_]+|[-_]+$/g, '') || 'media'}.example`);
  const urls = fc.tuple(hosts, fc.array(SEGMENT, { minLength: 1, maxLength: 3 })).map(([h, path]) => `https://${h}/${path.join('/')}`);
  return urls.filter((v) => (!re || re.test(v)) && v.length >= (s.minLength ?? 0) && v.length <= (s.maxLength ?? Infinity));
}

function stringArbitrary(s: Json, o: Required<Omit<ArbitraryOptions, 'overrides' | 'urlHost'>> & { urlHost?: string }): fc.Arbitrary<string> {
  const minLength = s.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(s.maxLength ?? o.maxString, o.maxString));
  if (s.format === 'uri' || (s.pattern && s.pattern.startsWith('^https'))) return urlArbitrary(s, o.urlHost);
  if (s.pattern) return patternArbitrary(s.pattern, minLength, s.maxLength ?? Infinity);
  switch (s.format) {
    case 'date-time':
      return fc.date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true }).map((d) => d.toISOString());
    case 'date':
      return fc.date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
    case 'uuid':
      return fc.uuid();
    case 'email':
      return fc.emailAddress();
  }
  return fc.string({ minLength, maxLength, unit: 'grapheme' }).filter((v) => v.length >= minLength && v.length <= (s.maxLength ?? Infinity));
}

/** Merges `allOf` members (properties, required and the object keywords) into one schema. */
export function mergeAllOf(doc: Json, s: Json, depth: number): Json {
  const merged: Json = { ...s, allOf: undefined, properties: { ...(s.properties ?? {}) }, required: [...(s.required ?? [])] };
  for (const part of s.allOf as any[]) {
    const r = resolveSchema(doc, part, depth + 1);
    const flat = r.allOf ? mergeAllOf(doc, r, depth + 1) : r;
    Object.assign(merged.properties, flat.properties ?? {});
    merged.required.push(...(flat.required ?? []));
    for (const k of ['type', 'additionalProperties', 'oneOf', 'anyOf', 'enum', 'const']) if (flat[k] !== undefined && merged[k] === undefined) merged[k] = flat[k];
  }
  delete merged.allOf;
  return merged;
}

/** The schema with its `$ref` followed and its `allOf` merged. */
export function flatSchema(doc: Json, schema: any, depth = 0): Json {
  const s = resolveSchema(doc, schema, depth);
  return s.allOf ? mergeAllOf(doc, s, depth) : s;
}

/**
 * The branches of a `oneOf`/`anyOf` schema, each a whole schema: a branch inherits the parent's object
 * keywords (properties declared next to oneOf). Undefined when the schema has no branches.
 */
export function branchesOf(doc: Json, s: Json, depth = 0): { title: string; schema: Json }[] | undefined {
  const branches = s.oneOf ?? s.anyOf;
  if (!Array.isArray(branches)) return undefined;
  const base: Json = { ...s, oneOf: undefined, anyOf: undefined, discriminator: undefined };
  return branches.map((b: any, i: number) => {
    const branch = flatSchema(doc, b, depth + 1);
    const schema =
      base.properties || base.required
        ? { ...branch, properties: { ...(base.properties ?? {}), ...(branch.properties ?? {}) }, required: [...(base.required ?? []), ...(branch.required ?? [])], type: branch.type ?? base.type }
        : branch;
    return { title: branch.title ?? (typeof b.$ref === 'string' ? b.$ref.split('/').pop() : `#${i + 1}`), schema };
  });
}

export function arbitraryOf(doc: Json, schema: any, options: ArbitraryOptions = {}, depth = 0): fc.Arbitrary<unknown> {
  const o = { maxString: options.maxString ?? 24, maxItems: options.maxItems ?? 3, urlHost: options.urlHost };
  let s = resolveSchema(doc, schema, depth);
  if (depth > 8) return fc.constant(s.type === 'array' ? [] : s.type === 'object' ? {} : s.const ?? s.enum?.[0] ?? null);
  if (s.allOf) s = mergeAllOf(doc, s, depth);
  if (s.const !== undefined) return fc.constant(s.const);
  if (Array.isArray(s.enum)) return fc.constantFrom(...s.enum);
  const branches = branchesOf(doc, s, depth);
  if (branches) return fc.oneof(...branches.map((b) => arbitraryOf(doc, b.schema, options, depth + 1)));
  const type = Array.isArray(s.type) ? undefined : s.type;
  if (Array.isArray(s.type)) return fc.oneof(...s.type.map((t: string) => arbitraryOf(doc, { ...s, type: t }, options, depth + 1)));
  switch (type ?? (s.properties ? 'object' : s.items ? 'array' : undefined)) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return fc.integer({ min: s.minimum ?? -1_000_000, max: s.maximum ?? 1_000_000 });
    case 'number':
      return fc.double({ min: s.minimum ?? -1e6, max: s.maximum ?? 1e6, noNaN: true, noDefaultInfinity: true });
    case 'string':
      if (s.format === 'binary') return fc.string({ maxLength: o.maxString });
      return stringArbitrary(s, o);
    case 'array': {
      const minLength = s.minItems ?? 0;
      const maxLength = Math.max(minLength, Math.min(s.maxItems ?? o.maxItems, o.maxItems));
      return fc.array(s.items ? arbitraryOf(doc, s.items, options, depth + 1) : FREE_FORM, { minLength, maxLength });
    }
    case 'object': {
      const props = Object.entries<any>(s.properties ?? {});
      if (props.length === 0 && s.additionalProperties && typeof s.additionalProperties === 'object') {
        // A map of named values (`{"1": "Anna"}`): keys free, values of the schema given.
        const keys = fc.string({ minLength: 1, maxLength: 8 }).filter((k) => !['__proto__', 'constructor', 'prototype'].includes(k));
        return fc.dictionary(keys, arbitraryOf(doc, s.additionalProperties, options, depth + 1), { maxKeys: Math.min(s.maxProperties ?? o.maxItems, o.maxItems), noNullPrototype: true });
      }
      if (props.length === 0) return s.additionalProperties === false ? fc.constant({}) : FREE_FORM;
      const required = new Set<string>(s.required ?? []);
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [name, sub] of props) record[name] = options.overrides?.[name] ?? arbitraryOf(doc, sub, options, depth + 1);
      return fc.record(record, { requiredKeys: props.map(([n]) => n).filter((n) => required.has(n)) });
    }
  }
  // No type at all: any JSON value (free-form).
  return fc.oneof(FREE_FORM, fc.string({ maxLength: 8 }), fc.integer(), fc.boolean());
}
