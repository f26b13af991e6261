// The boundaries a JSON Schema states, as fast-check arbitraries of whole values: each variant pins one
// thing and leaves the rest to arbitraryOf. Boundary variants stay valid (a string of exactly maxLength, an
// array of exactly maxItems, the minimum, each enum value, each oneOf branch, an optional field left out or
// present); breaking variants break exactly one constraint, one step past it (maxLength + 1, maxItems + 1,
// minimum − 1, a value outside the enum, the wrong type, a required field removed, a property the schema
// forbids). The caller holds each value to Ajv: a boundary value must be valid, a broken one invalid.
import fc from 'fast-check';
import { contract } from '../../spec';
import { arbitraryOf, branchesOf, flatSchema, type ArbitraryOptions } from './schema-arbitrary';

type Json = Record<string, any>;

export interface Variant {
  /** The field the variant pins, as a dotted path inside the value (`text.body`, `buttons.0.type`); '' for the value itself. */
  field: string;
  /** What is pinned (`maxLength 4096`, `value "MARKETING"`, `left out (default en_US)`, `maxItems + 1`). */
  what: string;
  /** Values of the whole schema with that one thing pinned. */
  arb: fc.Arbitrary<unknown>;
}

/** How deep the walk goes into nested schemas (the contract's request bodies are shallower). */
const MAX_DEPTH = 8;

const join = (head: string, tail: string) => (tail ? (head ? `${head}.${tail}` : tail) : head);
const within = (name: string, variants: Variant[], wrap: (arb: fc.Arbitrary<unknown>) => fc.Arbitrary<unknown>): Variant[] =>
  variants.map((v) => ({ field: join(name, v.field), what: v.what, arb: wrap(v.arb) }));
const codePoints = (s: string) => [...s].length;
const keyOf = (v: Variant) => `${v.field}\u0000${v.what}`;

/** The variants not seen yet (and now seen). */
function onceEach(seen: Set<string>, variants: Variant[]): Variant[] {
  return variants.filter((v) => !seen.has(keyOf(v)) && seen.add(keyOf(v)));
}

const exactStrings = new Map<string, fc.Arbitrary<string> | undefined>();

/** A string the schema accepts with exactly `length` code points, or undefined when none can be made. */
function exactString(doc: Json, s: Json, length: number, options: ArbitraryOptions): fc.Arbitrary<string> | undefined {
  const key = JSON.stringify([s, length, options.urlHost ?? '']);
  if (!exactStrings.has(key)) exactStrings.set(key, makeExactString(doc, s, length, options));
  return exactStrings.get(key);
}

function makeExactString(doc: Json, s: Json, length: number, options: ArbitraryOptions): fc.Arbitrary<string> | undefined {
  const accepts = contract().validators.compile({ ...s, title: undefined, description: undefined });
  if (!s.pattern && !s.format) return fc.string({ maxLength: 12, unit: 'grapheme' }).map((sample) => fitLength(sample, length, accepts)!);
  const fitted = (arbitraryOf(doc, { ...s, minLength: undefined, maxLength: undefined }, options) as fc.Arbitrary<string>).map((sample) => fitLength(sample, length, accepts));
  // A pattern that no padding of a sample satisfies (none in the contract) leaves the boundary ungenerated.
  const probe = fc.sample(fitted, { numRuns: 10, seed: 1 });
  if (!probe.some((v) => v !== undefined && accepts(v))) return undefined;
  return fitted.filter((v): v is string => v !== undefined && accepts(v));
}

/** `sample` cut or padded to `length` code points so that `accepts` still holds (undefined when no padding does). */
function fitLength(sample: string, length: number, accepts: (v: unknown) => boolean): string | undefined {
  const cps = [...sample];
  if (cps.length >= length) return cps.slice(0, length).join('');
  for (const filler of [cps.at(-1) ?? 'a', 'a', '0', 'x', '_', '-']) {
    const padded = sample + filler.repeat(length - cps.length);
    if (codePoints(padded) === length && accepts(padded)) return padded;
  }
  return undefined;
}

/** An object with every property drawn by arbitraryOf (required ones always), `name` drawn from `arb` and always present, or left out. */
function objectWith(doc: Json, s: Json, options: ArbitraryOptions, name: string | undefined, arb: fc.Arbitrary<unknown> | 'absent'): fc.Arbitrary<unknown> {
  const record: Record<string, fc.Arbitrary<unknown>> = {};
  const required = new Set<string>(s.required ?? []);
  for (const [prop, sub] of Object.entries<any>(s.properties ?? {})) {
    if (prop === name) {
      if (arb !== 'absent') record[prop] = arb;
      continue;
    }
    record[prop] = options.overrides?.[prop] ?? arbitraryOf(doc, sub, options, 1);
  }
  const requiredKeys = Object.keys(record).filter((k) => required.has(k) || (k === name && arb !== 'absent'));
  return fc.record(record, { requiredKeys });
}

/** Valid values at every boundary the schema states, one boundary pinned per variant. */
export function boundaryVariants(doc: Json, schema: unknown, options: ArbitraryOptions = {}, depth = 0): Variant[] {
  if (depth > MAX_DEPTH) return [];
  const s = flatSchema(doc, schema, depth);
  if (s.const !== undefined) return [];
  if (Array.isArray(s.enum)) return s.enum.map((value: unknown) => ({ field: '', what: `value ${JSON.stringify(value)}`, arb: fc.constant(value) }));
  const branches = branchesOf(doc, s, depth);
  if (branches) {
    // A boundary every branch states (the client_ref of every kind of send) is pinned once, in the first branch.
    const seen = new Set<string>();
    return branches.flatMap((b) => [
      { field: '', what: `branch "${b.title}"`, arb: arbitraryOf(doc, b.schema, options, depth + 1) },
      ...onceEach(seen, boundaryVariants(doc, b.schema, options, depth + 1)).map((v) => ({ ...v, what: `${v.what}, branch "${b.title}"` })),
    ]);
  }
  const out: Variant[] = [];
  switch (s.type ?? (s.properties ? 'object' : s.items ? 'array' : undefined)) {
    case 'string': {
      if (s.format === 'binary') break;
      const lengths = [...new Set([s.minLength, s.maxLength].filter((n): n is number => typeof n === 'number'))];
      for (const n of lengths) {
        const arb = exactString(doc, s, n, options);
        if (arb) out.push({ field: '', what: `${n === s.maxLength ? 'maxLength' : 'minLength'} ${n}`, arb });
      }
      break;
    }
    case 'integer':
    case 'number':
      for (const key of ['minimum', 'maximum'] as const) if (typeof s[key] === 'number') out.push({ field: '', what: `${key} ${s[key]}`, arb: fc.constant(s[key]) });
      break;
    case 'array': {
      const item = s.items ?? {};
      const itemArb = arbitraryOf(doc, item, options, depth + 1);
      for (const n of new Set([s.minItems, s.maxItems].filter((v): v is number => typeof v === 'number'))) {
        out.push({ field: '', what: `${n === s.maxItems ? 'maxItems' : 'minItems'} ${n}`, arb: fc.array(itemArb, { minLength: n, maxLength: n }) });
      }
      const others = fc.array(itemArb, { minLength: Math.max(0, (s.minItems ?? 1) - 1), maxLength: Math.max(0, Math.min(2, (s.maxItems ?? 3) - 1)) });
      out.push(...within('0', boundaryVariants(doc, item, options, depth + 1), (arb) => fc.tuple(arb, others).map(([first, rest]) => [first, ...rest])));
      break;
    }
    case 'object': {
      const required = new Set<string>(s.required ?? []);
      for (const [name, sub] of Object.entries<any>(s.properties ?? {})) {
        if (!required.has(name)) {
          const fallback = flatSchema(doc, sub, depth + 1).default ?? sub.default;
          out.push({ field: name, what: fallback === undefined ? 'left out' : `left out (default ${JSON.stringify(fallback)})`, arb: objectWith(doc, s, options, name, 'absent') });
          out.push({ field: name, what: 'present', arb: objectWith(doc, s, options, name, arbitraryOf(doc, sub, options, depth + 1)) });
        }
        out.push(...within(name, boundaryVariants(doc, sub, options, depth + 1), (arb) => objectWith(doc, s, options, name, arb)));
      }
      const values = s.additionalProperties && typeof s.additionalProperties === 'object' ? s.additionalProperties : undefined;
      if (values && typeof s.maxProperties === 'number') {
        const valueArb = arbitraryOf(doc, values, options, depth + 1);
        out.push({ field: '', what: `maxProperties ${s.maxProperties}`, arb: fc.array(valueArb, { minLength: s.maxProperties, maxLength: s.maxProperties }).map((vs) => Object.fromEntries(vs.map((v, i) => [String(i + 1), v]))) });
      }
      break;
    }
  }
  return out;
}

/** A value of another JSON type than the schema's. */
function wrongType(s: Json): unknown {
  switch (s.type) {
    case 'string':
      return 12345;
    case 'integer':
      return 1.5;
    case 'number':
    case 'boolean':
      return 'not-a-value';
    case 'array':
      return { not: 'an array' };
    default:
      return 'not-an-object';
  }
}

/** A string outside the schema's pattern or format, keeping its length bounds. */
function offPattern(s: Json): string | undefined {
  const accepts = contract().validators.compile({ ...s, title: undefined, description: undefined });
  const min = s.minLength ?? 0;
  const candidates = ['!', ' x', '-x', 'x y', 'X', '1', '..', '%00', 'ü', 'not a value'].map((c) => c.padEnd(Math.max(min, c.length), c.at(-1)));
  return candidates.find((c) => (s.maxLength === undefined || codePoints(c) <= s.maxLength) && !accepts(c));
}

/** Values breaking exactly one constraint the schema states, one step past it. */
export function breakingVariants(doc: Json, schema: unknown, options: ArbitraryOptions = {}, depth = 0): Variant[] {
  if (depth > MAX_DEPTH) return [];
  const s = flatSchema(doc, schema, depth);
  if (s.const !== undefined) return [];
  const out: Variant[] = [];
  const type = s.type ?? (s.properties ? 'object' : s.items ? 'array' : undefined);
  if (typeof type === 'string' && s.format !== 'binary') out.push({ field: '', what: `wrong type (${JSON.stringify(wrongType(s))} for ${type})`, arb: fc.constant(wrongType(s)) });
  if (Array.isArray(s.enum)) {
    const unknown = `${String(s.enum[0])}_UNKNOWN`;
    return [...out, { field: '', what: `value ${JSON.stringify(unknown)} outside the enum`, arb: fc.constant(unknown) }];
  }
  const branches = branchesOf(doc, s, depth);
  if (branches) {
    // A break every branch allows (the wrong type of the value, a client_ref too long) is made once, in the first branch.
    const seen = new Set(out.map(keyOf));
    for (const b of branches) out.push(...onceEach(seen, breakingVariants(doc, b.schema, options, depth + 1)).map((v) => ({ ...v, what: `${v.what}, branch "${b.title}"` })));
    return out;
  }
  switch (type) {
    case 'string': {
      if (s.format === 'binary') break;
      if (typeof s.maxLength === 'number') {
        const arb = exactString(doc, { ...s, maxLength: undefined }, s.maxLength + 1, options);
        if (arb) out.push({ field: '', what: `maxLength ${s.maxLength} + 1`, arb });
      }
      if (typeof s.minLength === 'number' && s.minLength > 0) {
        const arb = s.minLength === 1 ? fc.constant('') : exactString(doc, { ...s, minLength: undefined }, s.minLength - 1, options);
        if (arb) out.push({ field: '', what: `minLength ${s.minLength} − 1`, arb });
      }
      if (s.pattern || s.format) {
        const off = offPattern(s);
        if (off !== undefined) out.push({ field: '', what: `${JSON.stringify(off)} outside the ${s.pattern ? `pattern ${s.pattern}` : `format ${s.format}`}`, arb: fc.constant(off) });
      }
      break;
    }
    case 'integer':
    case 'number': {
      const step = type === 'integer' ? 1 : 0.001;
      if (typeof s.minimum === 'number') out.push({ field: '', what: `minimum ${s.minimum} − ${step}`, arb: fc.constant(Math.round((s.minimum - step) * 1000) / 1000) });
      if (typeof s.maximum === 'number') out.push({ field: '', what: `maximum ${s.maximum} + ${step}`, arb: fc.constant(Math.round((s.maximum + step) * 1000) / 1000) });
      break;
    }
    case 'array': {
      const item = s.items ?? {};
      const itemArb = arbitraryOf(doc, item, options, depth + 1);
      if (typeof s.maxItems === 'number') out.push({ field: '', what: `maxItems ${s.maxItems} + 1`, arb: fc.array(itemArb, { minLength: s.maxItems + 1, maxLength: s.maxItems + 1 }) });
      if (typeof s.minItems === 'number' && s.minItems > 0) out.push({ field: '', what: `minItems ${s.minItems} − 1`, arb: fc.array(itemArb, { minLength: s.minItems - 1, maxLength: s.minItems - 1 }) });
      const others = fc.array(itemArb, { minLength: Math.max(0, (s.minItems ?? 1) - 1), maxLength: Math.max(0, Math.min(2, (s.maxItems ?? 3) - 1)) });
      out.push(...within('0', breakingVariants(doc, item, options, depth + 1), (arb) => fc.tuple(arb, others).map(([first, rest]) => [first, ...rest])));
      break;
    }
    case 'object': {
      for (const name of s.required ?? []) out.push({ field: name, what: 'required, left out', arb: objectWith(doc, s, options, name, 'absent') });
      for (const [name, sub] of Object.entries<any>(s.properties ?? {})) {
        out.push(...within(name, breakingVariants(doc, sub, options, depth + 1), (arb) => objectWith(doc, s, options, name, arb)));
      }
      if (s.additionalProperties === false) {
        out.push({ field: 'unexpected_property', what: 'a property the schema forbids', arb: objectWith(doc, s, options, undefined, 'absent').map((o) => ({ ...(o as object), unexpected_property: 'x' })) });
      }
      const values = s.additionalProperties && typeof s.additionalProperties === 'object' ? s.additionalProperties : undefined;
      if (values && typeof s.maxProperties === 'number') {
        const valueArb = arbitraryOf(doc, values, options, depth + 1);
        const n = s.maxProperties + 1;
        out.push({ field: '', what: `maxProperties ${s.maxProperties} + 1`, arb: fc.array(valueArb, { minLength: n, maxLength: n }).map((vs) => Object.fromEntries(vs.map((v, i) => [String(i + 1), v]))) });
      }
      break;
    }
  }
  return out;
}
