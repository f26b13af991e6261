// An OpenAPI document as data: reading it (js-yaml, once), JSON pointers into it, and `$ref`s of OpenAPI
// objects (responses, parameters, headers, examples) followed inside the same document.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { load } from 'js-yaml';

export type Json = Record<string, any>;

/**
 * openapi.yaml, found from this file whether it runs from source (spec/) or bundled into a package's dist/:
 * the nearest folder above that holds it.
 */
export const CONTRACT_PATH = ((): string => {
  for (let dir = __dirname; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'openapi.yaml'))) return join(dir, 'openapi.yaml');
    if (dirname(dir) === dir) throw new Error(`No openapi.yaml above ${__dirname}.`);
  }
})();

/**
 * The folder of openapi.yaml: the project's root from source, the package's dist/ when bundled. Every file
 * read at run time (the sandbox's contract, the rendered docs, the console) is found from here, under the
 * same path in both (scripts/packages/build.ts copies them so).
 */
export const RESOURCE_ROOT = dirname(CONTRACT_PATH);

/**
 * Parses an OpenAPI document. js-yaml reads openapi.yaml in about 55 ms where `yaml` takes 370 ms (a third
 * of the server's cold start); server/contracts.test.ts holds that both read it to the same document.
 */
export function readDocument(file: string): Json {
  const doc = load(readFileSync(file, 'utf8')) as unknown;
  if (typeof doc !== 'object' || doc === null || typeof (doc as Json).openapi !== 'string') {
    throw new Error(`${file} is not an OpenAPI document`);
  }
  return doc as Json;
}

/**
 * A contract that names another contract's components as one self-contained document. A `$ref` into another
 * file (`../../openapi.yaml#/components/schemas/Channel`) copies that component, under its own name, into
 * this document's components, with whatever it refers to in its file, and becomes local; `x-enum-keys-of:
 * '<file>#<pointer>'` gives a schema the keys of the object there as its `enum` (the sandbox's event kinds
 * are the `webhooks` of openapi.yaml). A name this document already uses for something else is an error.
 */
export function bundleDocument(file: string): Json {
  const root = resolve(file);
  const doc = readDocument(root);
  const read = new Map<string, Json>([[root, doc]]);
  const documentAt = (path: string) => read.get(path) ?? read.set(path, readDocument(path)).get(path)!;
  const split = (ref: string, base: string): [string, string] => {
    const [path = '', pointer = ''] = ref.split('#');
    return [path === '' ? base : resolve(dirname(base), path), `#${pointer}`];
  };
  const imported = new Map<string, [section: string, name: string, node: unknown]>();

  /** The local pointer of `pointer` in `from`, importing it when `from` is another file. */
  const localPointer = (from: string, pointer: string): string => {
    if (from === root) return pointer;
    const segments = pointer.split('/');
    if (segments.length !== 4 || segments[1] !== 'components') throw new Error(`${file}: only components of another file can be referenced (${from}${pointer})`);
    const [, , section, name] = segments as [string, string, string, string];
    const key = `${from}${pointer}`;
    if (!imported.has(key)) {
      const source = atPointer(documentAt(from), pointer);
      if (source === undefined) throw new Error(`${file}: ${from}${pointer} does not exist`);
      const own = doc.components?.[section]?.[name];
      if (own !== undefined && !isDeepStrictEqual(own, source)) throw new Error(`${file}: components/${section}/${name} is both its own and ${from}'s`);
      imported.set(key, [section, name, undefined]);
      imported.set(key, [section, name, rewrite(source, from)]);
    }
    return pointer;
  };

  function rewrite(node: unknown, base: string): any {
    if (Array.isArray(node)) return node.map((item) => rewrite(item, base));
    if (typeof node !== 'object' || node === null) return node;
    const out: Json = {};
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') out.$ref = localPointer(...split(value, base));
      else if (key === 'x-enum-keys-of' && typeof value === 'string') {
        const [path, pointer] = split(value, base);
        const target = atPointer(documentAt(path), pointer);
        if (typeof target !== 'object' || target === null) throw new Error(`${file}: x-enum-keys-of ${value} names no object`);
        out.enum = Object.keys(target);
      } else out[key] = rewrite(value, base);
    }
    return out;
  }

  const bundled = rewrite(doc, root) as Json;
  for (const [section, name, node] of imported.values()) ((bundled.components ??= {})[section] ??= {})[name] = node;
  return bundled;
}

export function escapePointer(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** The node at a local JSON pointer (`#/components/schemas/Client`), or undefined. */
export function atPointer(doc: Json, pointer: string): any {
  if (!pointer.startsWith('#')) throw new Error(`only local $ref are supported: ${pointer}`);
  return pointer
    .slice(1)
    .split('/')
    .filter((s) => s !== '')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((node: any, key) => (node == null ? undefined : node[key]), doc);
}

/**
 * The one `$ref` follower of every reader of a contract: follows a local `$ref` chain (of a schema or of any
 * OpenAPI object) to the node it ends at, and answers it with the pointer where it lives. Keywords beside a
 * `$ref` override the target's (OpenAPI 3.1 lets a schema carry `default` or `description` there, and a
 * Reference Object `summary` and `description`). A chain that comes back to a pointer it passed is an error
 * naming the chain; a reference to another file is left as it is (the contracts are one file each).
 */
export function derefAt(doc: Json, node: any, pointer: string): { node: any; pointer: string } {
  const passed: string[] = [];
  let siblings: Json = {};
  while (node && typeof node === 'object' && !Array.isArray(node) && typeof node.$ref === 'string' && node.$ref.startsWith('#')) {
    const { $ref: ref, ...beside } = node as Json;
    if (passed.includes(ref)) throw new Error(`$ref loop: ${[pointer, ...passed, ref].filter(Boolean).join(' → ')}`);
    passed.push(ref);
    siblings = { ...beside, ...siblings };
    node = atPointer(doc, ref);
  }
  const merged = Object.keys(siblings).length > 0 && node && typeof node === 'object' && !Array.isArray(node) ? { ...node, ...siblings } : node;
  return { node: merged, pointer: passed.at(-1) ?? pointer };
}

/** The node a `$ref` chain ends at (see derefAt). */
export function deref<T = Json>(doc: Json, node: unknown): T {
  return derefAt(doc, node, '').node as T;
}

/** The contract's default server address: the first server's URL with its variables' defaults (`http://localhost:4000/v1`). */
export function defaultServerUrl(doc: Json): string {
  const server: Json = Array.isArray(doc.servers) && doc.servers[0] ? doc.servers[0] : {};
  let url = typeof server.url === 'string' ? server.url : 'http://localhost:4000/v1';
  for (const [name, variable] of Object.entries<Json>(server.variables ?? {})) {
    if (typeof variable?.default === 'string') url = url.replace(`{${name}}`, variable.default);
  }
  return url.replace(/\/$/, '');
}
