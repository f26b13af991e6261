// JSON Schema (2020-12, as written in openapi.yaml) → fast-check arbitrary of values the schema accepts.
// `$ref`s are followed in the parsed document of the contract module (spec/) (no second loader); what the generator
// cannot express exactly (if/then, oneOf exclusivity, lookahead patterns) is generated loosely and filtered
// with the Ajv 2020 validator of the same pointer by the caller, so "valid" always means "Ajv says valid".
import fc from 'fast-check';
import { atPointer } from '../../spec';

type Json = Record<string, any>;

export interface ArbitraryOptions {
  /** Longest generated string when the schema allows more (keeps requests small). */
  maxString?: number;
  /** Most generated array items when the schema allows more. */
  maxItems?: number;
  /** Property name → arbitrary to use instead of the schema's (e.g. client_ref → connected clients). */
  overrides?: Record<string, fc.Arbitrary<unknown>>;
}

const FREE_FORM = fc.dictionary(
  fc.string({ minLength: 1, maxLength: 8 }),
  fc.oneof(fc.string({ maxLength: 12 }), fc.integer(), fc.boolean()),
  { maxKeys: 3 },
);

export function resolveSchema(doc: Json, schema: any, depth = 0): Json {
  let s = schema;
  let hops = 0;
  while (s && typeof s.$ref === 'string') {
    if (++hops > 20) throw new Error(`$ref loop at ${s.$ref}`);
    s = atPointer(doc, s.$ref);
  }
  if (depth > 20) throw new Error('schema too deep');
  return s ?? {};
}

function patternArbitrary(pattern: string, minLength: number, maxLength: number): fc.Arbitrary<string> {
  const re = new RegExp(pattern, 'u');
  const fits = (v: string) => v.length >= minLength && v.length <= maxLength && re.test(v);
  try {
    return fc.stringMatching(new RegExp(pattern)).filter(fits);
  } catch {
    // fast-check cannot build some patterns (lookaheads): generate plain strings and keep the matching ones.
    return fc.string({ minLength, maxLength: Math.min(maxLength, 40) }).filter(fits);
  }
}

function stringArbitrary(s: Json, o: Required<Omit<ArbitraryOptions, 'overrides'>>): fc.Arbitrary<string> {
  const minLength = s.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(s.maxLength ?? o.maxString, o.maxString));
  if (s.pattern) return patternArbitrary(s.pattern, minLength, s.maxLength ?? Infinity);
  switch (s.format) {
    case 'uri':
      return fc.webUrl({ validSchemes: ['https'] });
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
function mergeAllOf(doc: Json, s: Json, depth: number): Json {
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

export function arbitraryOf(doc: Json, schema: any, options: ArbitraryOptions = {}, depth = 0): fc.Arbitrary<unknown> {
  const o = { maxString: options.maxString ?? 24, maxItems: options.maxItems ?? 3 };
  let s = resolveSchema(doc, schema, depth);
  if (depth > 8) return fc.constant(s.type === 'array' ? [] : s.type === 'object' ? {} : s.const ?? s.enum?.[0] ?? null);
  if (s.allOf) s = mergeAllOf(doc, s, depth);
  if (s.const !== undefined) return fc.constant(s.const);
  if (Array.isArray(s.enum)) return fc.constantFrom(...s.enum);
  const branches = s.oneOf ?? s.anyOf;
  if (Array.isArray(branches)) {
    // A branch inherits the parent's object keywords (properties declared next to oneOf).
    const base: Json = { ...s, oneOf: undefined, anyOf: undefined, discriminator: undefined };
    return fc.oneof(
      ...branches.map((b: any) => {
        const r = resolveSchema(doc, b, depth + 1);
        const branch = r.allOf ? mergeAllOf(doc, r, depth + 1) : r;
        const combined =
          base.properties || base.required
            ? { ...branch, properties: { ...(base.properties ?? {}), ...(branch.properties ?? {}) }, required: [...(base.required ?? []), ...(branch.required ?? [])], type: branch.type ?? base.type }
            : branch;
        return arbitraryOf(doc, combined, options, depth + 1);
      }),
    );
  }
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

/** Paths (in the value) of string properties with a `maxLength`, for the "oversize field" mutation. */
export function boundedStrings(doc: Json, schema: any, prefix: string[] = [], depth = 0): { path: string[]; maxLength: number }[] {
  let s = resolveSchema(doc, schema, depth);
  if (depth > 6) return [];
  if (s.allOf) s = mergeAllOf(doc, s, depth);
  const out: { path: string[]; maxLength: number }[] = [];
  if (s.type === 'string' && typeof s.maxLength === 'number') out.push({ path: prefix, maxLength: s.maxLength });
  for (const [name, sub] of Object.entries<any>(s.properties ?? {})) out.push(...boundedStrings(doc, sub, [...prefix, name], depth + 1));
  for (const b of s.oneOf ?? s.anyOf ?? []) out.push(...boundedStrings(doc, b, prefix, depth + 1));
  return out;
}
