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

/** Follows `$ref` chains of OpenAPI objects; answers the object and the pointer where it lives. */
export function derefAt(doc: Json, node: any, pointer: string): { node: any; pointer: string } {
  for (let hops = 0; node && typeof node === 'object' && typeof node.$ref === 'string'; hops++) {
    if (hops > 20) throw new Error(`$ref loop at ${pointer}`);
    pointer = node.$ref;
    node = atPointer(doc, pointer);
  }
  return { node, pointer };
}

/** Follows `$ref` chains of OpenAPI objects (not schemas) inside the same document. */
export function deref<T = Json>(doc: Json, node: any): T {
  return derefAt(doc, node, '').node as T;
}

/**
 * Follows a schema's local `$ref` chain; keywords beside a `$ref` (3.1 allows them, e.g. `default`)
 * override the target's. A reference to another file is left as it is (the contract is one file).
 */
export function derefSchema(doc: Json, schema: unknown, seen: Set<string> = new Set()): unknown {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return schema;
  const { $ref: ref, ...siblings } = schema as Json;
  if (typeof ref !== 'string' || !ref.startsWith('#/') || seen.has(ref)) return schema;
  seen.add(ref);
  const resolved = derefSchema(doc, atPointer(doc, ref), seen);
  return typeof resolved === 'object' && resolved !== null && !Array.isArray(resolved) ? { ...resolved, ...siblings } : resolved;
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
