// An OpenAPI document as data: reading it (js-yaml, once), JSON pointers into it, and `$ref`s of OpenAPI
// objects (responses, parameters, headers, examples) followed inside the same document.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
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
