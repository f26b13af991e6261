// Hostile requests: what an attacker or a sloppy client sends, beyond schema-shaped mistakes. Each class is
// a variant of a valid request of the operation:
// - names of built-in properties (`__proto__`, `constructor`, …) as query, body (at every level), form and
//   path names or values;
// - every textual form of a non-public address in every URL field, pointing at a canary server that must
//   never be called;
// - JSON nested far deeper than the contract allows;
// - huge and oddly spelt integers, in the query and as raw JSON numbers in the body;
// - bodies that never end, trickle, or stall (sent over a raw socket, bounded in time and bytes).
// The oracle holds every answer to the contract (no 5xx, documented, the envelope on 4xx); variants the
// contract clearly refuses (too deep, a bad integer) are judged as invalid and must be answered 4xx.
import fc from 'fast-check';
import type { Json, Operation } from '../spec';
import { NON_PUBLIC_HOSTS } from '../server/testing/non-public-hosts';
import { resolveSchema } from '../contract-tests/generation/schema-arbitrary';
import { doc } from '../contract-tests/generation/request-parts';
import { validRequest } from '../contract-tests/generation/requests';
import type { FuzzContext, FuzzRequest, StreamPlan } from './requests';

/** Names every JavaScript object carries through its prototype, or that change it. */
export const BUILTIN_NAMES = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf', 'isPrototypeOf', 'toJSON', '__defineGetter__'];

/** Integers as they should not be written, and numbers out of every range. */
export const ODD_INTEGERS = ['0x10', ' 10', '10 ', '+10', '010', '1e1', '1.0', '-0', '', ' ', '１０', '1_0', '0b11', 'NaN', 'Infinity', '9223372036854775808', '9007199254740993', '99999999999999999999999999', '9'.repeat(309), `1${'0'.repeat(400)}`, `-${'9'.repeat(400)}`, '-1'];
const RAW_NUMBERS = ['1e400', '-1e400', '9007199254740993', '1.0000000000000002', '-0', '1E+308', '0.0000000000000000000000000001', '123456789012345678901234567890'];

const hostile = (r: FuzzRequest, why: string, changes: Partial<FuzzRequest> = {}): FuzzRequest => ({ ...r, kind: 'hostile', why, ...changes });

/** Paths (in a JSON value) of every object, the root included. */
function objectPaths(value: unknown, prefix: string[] = [], depth = 0): string[][] {
  if (depth > 12 || value === null || typeof value !== 'object') return [];
  const here = Array.isArray(value) ? [] : [prefix];
  const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
  return [...here, ...entries.flatMap(([k, v]) => objectPaths(v, [...prefix, k], depth + 1))];
}

/** Sets `name` as an own property (`__proto__` included) of the object at `path`. */
function withOwnKey(value: unknown, path: string[], name: string, item: unknown): unknown {
  const copy = structuredClone(value) as Record<string, unknown>;
  let node: any = copy;
  for (const step of path) node = node[step];
  Object.defineProperty(node, name, { value: item, enumerable: true, writable: true, configurable: true });
  return copy;
}

/** Paths of string fields in a schema that hold URLs (`format: uri`, or named for a URL or link). */
function urlFields(schema: unknown, prefix: string[] = [], depth = 0): string[][] {
  if (depth > 8) return [];
  const s = resolveSchema(doc, schema ?? {}, depth) as Json;
  const out: string[][] = [];
  if (s.type === 'string' && (s.format === 'uri' || /url|link/i.test(prefix.at(-1) ?? ''))) out.push(prefix);
  for (const [name, sub] of Object.entries<Json>(s.properties ?? {})) out.push(...urlFields(sub, [...prefix, name], depth + 1));
  for (const branch of [...(s.oneOf ?? []), ...(s.anyOf ?? []), ...(s.allOf ?? [])]) out.push(...urlFields(branch, prefix, depth + 1));
  return out;
}

function setAtPath(value: unknown, path: string[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const [head, ...rest] = path as [string, ...string[]];
  return { ...(value as object), [head]: setAtPath((value as Record<string, unknown>)[head], rest, replacement) };
}

/** JSON text nesting objects and arrays `depth` levels deep, built as text (too deep for JSON.stringify's stack). */
function nestedText(depth: number): string {
  let open = '';
  let close = '';
  for (let i = 0; i < depth; i++) {
    open += i % 2 ? '[' : '{"deeper":';
    close = (i % 2 ? ']' : '}') + close;
  }
  return `${open}1${close}`;
}

function withQuery(path: string, name: string, value: string): string {
  const [base, query = ''] = path.split('?') as [string, string?];
  const params = new URLSearchParams(query);
  params.set(name, value);
  return `${base}?${params.toString()}`;
}

const STRICT_INTEGER = /^(0|-?[1-9][0-9]*)$/;

/** The hostile variants of an operation's valid requests. */
export function hostileRequest(ctx: FuzzContext, op: Operation): fc.Arbitrary<FuzzRequest> {
  const valid = validRequest(ctx, op);
  const variants: fc.Arbitrary<FuzzRequest | null>[] = [];

  // Built-in property names as a query parameter's name (with or without a key) and as a path value.
  variants.push(
    fc.tuple(valid, fc.constantFrom(...BUILTIN_NAMES), fc.boolean()).map(([r, name, keyless]) =>
      hostile(r, `query parameter named ${name}${keyless ? ', no key' : ''}`, {
        path: withQuery(r.path, name, '1'),
        headers: keyless ? Object.fromEntries(Object.entries(r.headers).filter(([h]) => h !== 'authorization')) : r.headers,
      }),
    ),
  );
  for (const p of op.parameters.filter((q) => q.in === 'path')) {
    variants.push(
      fc.tuple(valid, fc.constantFrom(...BUILTIN_NAMES)).map(([r, name]) => {
        const segments = op.path.split('/');
        const actual = r.path.split('?')[0]!.split('/');
        actual[segments.indexOf(`{${p.name}}`)] = encodeURIComponent(name);
        const query = r.path.includes('?') ? r.path.slice(r.path.indexOf('?')) : '';
        return hostile(r, `path parameter ${p.name} = ${name}`, { path: actual.join('/') + query });
      }),
    );
  }

  const json = op.requestBody?.content?.['application/json'];
  if (json) {
    // Built-in names as keys at every level of the body.
    variants.push(
      fc.tuple(valid, fc.constantFrom(...BUILTIN_NAMES), fc.nat(), fc.constantFrom<unknown>(1, 'x', null, { polluted: true }, [])).map(([r, name, pick, item]) => {
        const body = JSON.parse(String(r.body)) as unknown;
        const paths = objectPaths(body);
        if (paths.length === 0) return null;
        const at = paths[pick % paths.length]!;
        return hostile(r, `body key ${name} at ${at.join('.') || '(root)'}`, { body: JSON.stringify(withOwnKey(body, at, name, item)) });
      }),
    );
    // Nesting far deeper than the contract's 32 levels: refused.
    variants.push(
      fc.tuple(valid, fc.constantFrom(33, 100, 5_000), fc.nat()).map(([r, depth, pick]) => {
        const body = JSON.parse(String(r.body)) as unknown;
        const paths = objectPaths(body);
        const at = paths[pick % Math.max(1, paths.length)] ?? [];
        const text = JSON.stringify(withOwnKey(body, at, 'nested', '__DEEP__')).replace('"__DEEP__"', nestedText(depth));
        return { ...r, kind: 'invalid' as const, why: `body nested ${depth} levels deep at ${at.join('.') || '(root)'}`, body: text };
      }),
    );
    // Numbers no integer or double holds, as raw JSON text in every numeric position.
    variants.push(
      fc.tuple(valid, fc.constantFrom(...RAW_NUMBERS), fc.nat()).map(([r, raw, pick]) => {
        const text = String(r.body);
        const numbers = [...text.matchAll(/(?<=[:[,]\s*)-?\d+(\.\d+)?([eE][+-]?\d+)?(?=\s*[,}\]])/g)];
        if (numbers.length === 0) return hostile(r, `raw number ${raw} as an unknown field`, { body: text.replace(/^\{/, `{"fuzz_number":${raw},`) });
        const m = numbers[pick % numbers.length]!;
        return hostile(r, `raw number ${raw} in place of ${m[0]}`, { body: text.slice(0, m.index) + raw + text.slice(m.index! + m[0].length) });
      }),
    );
    // Every URL field pointed at the canary in every non-public spelling.
    const urls = urlFields(json.schema);
    if (urls.length > 0) {
      variants.push(
        fc.tuple(valid, fc.constantFrom(...urls), fc.constantFrom(...NON_PUBLIC_HOSTS), fc.constantFrom('http', 'https')).map(([r, at, host, scheme]) => {
          const body = JSON.parse(String(r.body)) as unknown;
          const url = `${scheme}://${host}:${ctx.canaryPort}/canary.png`;
          return hostile(r, `${at.join('.')} = ${url}`, { body: JSON.stringify(setAtPath(body, at, url)) });
        }),
      );
    }
  }

  // Odd spellings of integer query parameters: refused unless they are plain decimal digits in range.
  for (const p of op.parameters.filter((q) => q.in === 'query')) {
    const schema = resolveSchema(doc, p.schema ?? {}) as Json;
    if (schema.type !== 'integer') continue;
    variants.push(
      fc.tuple(valid, fc.constantFrom(...ODD_INTEGERS)).map(([r, value]) => {
        const n = Number(value);
        const plain = STRICT_INTEGER.test(value) && (schema.minimum === undefined || n >= schema.minimum) && (schema.maximum === undefined || n <= schema.maximum);
        return { ...r, kind: plain ? ('hostile' as const) : ('invalid' as const), why: `query ${p.name}=${JSON.stringify(value)}`, path: withQuery(r.path, p.name, value) };
      }),
    );
  }

  // Bodies over a raw socket: endless, trickled, stalled.
  if (op.requestBody) {
    variants.push(
      fc.tuple(valid, fc.constantFrom<StreamPlan>({ kind: 'endless' }, { kind: 'trickle', pieces: 4, pauseMs: 20 }, { kind: 'stall' })).map(([r, stream]) =>
        hostile(r, `body sent ${stream.kind === 'trickle' ? `in ${stream.pieces} pieces, ${stream.pauseMs} ms apart` : stream.kind}`, {
          stream,
          kind: stream.kind === 'trickle' ? r.kind : 'invalid',
        }),
      ),
    );
  }

  return fc.oneof(...variants).filter((r): r is FuzzRequest => r !== null);
}
