// The probes of an operation: one thing pinned per probe, a boundary of a parameter or the body (the request
// stays valid) or one constraint broken one step past it (invalid), from ./boundaries.ts. The drift check's
// generated phase sends each probe; ./requests.ts draws requests from them.
import fc from 'fast-check';
import type { Operation } from '../../spec';
import { boundaryVariants, breakingVariants } from './boundaries';
import {
  bodyOptions,
  bodySchema,
  doc,
  multipartMedia,
  paramArbitrary,
  parameterAccepts,
  parameterValid,
  paramsArbitrary,
  partsValid,
  sendable,
  validParts,
  type GeneratedRequest,
  type Params,
  type RequestContext,
  type RequestParts,
} from './request-parts';
import { arbitraryOf, type ArbitraryOptions } from './schema-arbitrary';

/**
 * One thing pinned in a request of an operation: a boundary (`valid`: the request stays valid) or one
 * constraint broken one step past it (`invalid`), in a parameter or the body.
 */
export interface Probe {
  operation: Operation;
  kind: GeneratedRequest['kind'];
  location: 'body' | 'query' | 'path';
  /** The pinned field: a parameter's name, or a dotted path in the body ('' for the body as a whole). */
  field: string;
  /** What is pinned (`maxLength 4096`, `minimum 1 − 1`). */
  what: string;
  arb: fc.Arbitrary<RequestParts>;
}

export const describeProbe = (p: Pick<Probe, 'location' | 'field' | 'what'>) => (p.what === 'drawn at random' ? p.what : `${p.location}${p.field ? ` ${p.field}` : ''}: ${p.what}`);

/** Every boundary (`valid`) or every broken constraint (`invalid`) of an operation's parameters and body, one per probe. */
export function probesOf(ctx: RequestContext, op: Operation, kind: GeneratedRequest['kind'], o: ArbitraryOptions = {}): Probe[] {
  const params = paramsArbitrary(ctx, op);
  const schema = bodySchema(op);
  const options = bodyOptions(ctx, op, o);
  const randomBody = schema === undefined ? fc.constant(undefined) : arbitraryOf(doc, schema, options);
  const probes: Probe[] = [];
  // A request drawn at random, nothing pinned: every operation gets valid requests, those without parameters or body too.
  if (kind === 'valid') probes.push({ operation: op, kind, location: 'body', field: '', what: 'drawn at random', arb: validParts(ctx, op) });
  const variantsOf = kind === 'valid' ? boundaryVariants : breakingVariants;
  for (const p of op.parameters.filter((q) => q.in === 'path' || q.in === 'query')) {
    const set = (params: Params, value: string | undefined): Params =>
      p.in === 'path'
        ? { ...params, pathValues: { ...params.pathValues, [p.name]: value ?? '' } }
        : { ...params, query: [...params.query.filter(([name]) => name !== p.name), ...(value === undefined ? [] : ([[p.name, value]] as [string, string][]))] };
    const pin = (what: string, values: fc.Arbitrary<string | undefined>) =>
      probes.push({ operation: op, kind, location: p.in, field: p.name, what, arb: fc.tuple(params, values, randomBody).map(([ps, value, body]) => ({ ...set(ps, value), body })) });
    if (p.in === 'query' && !p.required && kind === 'valid') {
      pin('left out', fc.constant(undefined));
      pin('present', paramArbitrary(ctx, p));
    }
    if (p.in === 'query' && p.required && kind === 'invalid') pin('required, left out', fc.constant(undefined));
    if (p.in === 'query' && kind === 'invalid' && p.allowEmptyValue !== true && parameterAccepts(p.schema ?? {}, '')) pin('empty (allowEmptyValue is false)', fc.constant(''));
    for (const v of variantsOf(doc, p.schema ?? {}, { maxString: 16 })) {
      if (v.field) continue;
      const values = v.arb.map((value) => (typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value)));
      // An empty path segment or a dot segment cannot travel (`minLength 1 − 1` of a path parameter), and in a
      // URL a number is the text of a string (`wrong type` of a string parameter): such variants are not made.
      const drawn = fc.sample(values, { numRuns: 5, seed: 1 }).filter((raw) => sendable(p, raw));
      if (drawn.length > 0 && !(kind === 'invalid' && drawn.every((raw) => parameterValid(p, raw)))) pin(v.what, values.filter((raw) => sendable(p, raw)));
    }
  }
  if (schema !== undefined) {
    for (const v of variantsOf(doc, schema, options)) {
      // A form field is text: a number there is the text of a string, not another type.
      if (multipartMedia(op) && v.field !== '' && /^wrong type/.test(v.what)) continue;
      probes.push({ operation: op, kind, location: 'body', field: v.field, what: v.what, arb: fc.tuple(params, v.arb).map(([ps, body]) => ({ ...ps, body })) });
    }
  }
  return probes;
}

/**
 * The parts that agree with the probe's kind (valid ones for `valid`; Ajv decides), or undefined when a few
 * draws show that none do (a broken value another branch of the schema accepts), so a filter never starves.
 */
export function agreeing(op: Operation, kind: GeneratedRequest['kind'], arb: fc.Arbitrary<RequestParts | undefined>, seed = 1): fc.Arbitrary<RequestParts> | undefined {
  const agrees = (parts: RequestParts | undefined): parts is RequestParts => parts !== undefined && partsValid(op, parts) === (kind === 'valid');
  for (let draw = 0; draw < 8; draw++) if (agrees(fc.sample(arb, { numRuns: 1, seed: seed + draw })[0])) return arb.filter(agrees);
  return undefined;
}
