// openapi.yaml as data: the parsed document, its operations and webhooks with OpenAPI-level `$ref`s
// (responses, parameters, examples) resolved, and Ajv 2020 validators for any schema in it by JSON pointer.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parse } from 'yaml';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';

export const SPEC_PATH = resolve(__dirname, '..', 'openapi.yaml');
export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

type Json = Record<string, any>;

export interface OperationEntry {
  method: string;
  path: string;
  pointer: string;
  operation: Json;
  parameters: Json[];
}

export function loadDocument(path = SPEC_PATH): Json {
  return parse(readFileSync(path, 'utf8'));
}

export function escapePointer(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

export function atPointer(doc: Json, pointer: string): any {
  return pointer
    .replace(/^#\//, '')
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((node: any, key) => (node === undefined ? undefined : node[key]), doc);
}

/** Follows `$ref` chains of OpenAPI objects (not schemas) inside the same document. */
export function deref<T = Json>(doc: Json, node: any): T {
  let current = node;
  while (current && typeof current.$ref === 'string') current = atPointer(doc, current.$ref);
  return current as T;
}

function entries(doc: Json, root: 'paths' | 'webhooks'): OperationEntry[] {
  const result: OperationEntry[] = [];
  for (const [path, item] of Object.entries<Json>(doc[root] ?? {})) {
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const parameters = [...(item.parameters ?? []), ...(operation.parameters ?? [])].map((p) => deref(doc, p));
      result.push({ method, path, operation, parameters, pointer: `#/${root}/${escapePointer(path)}/${method}` });
    }
  }
  return result;
}

export const operationsOf = (doc: Json) => entries(doc, 'paths');
export const webhooksOf = (doc: Json) => entries(doc, 'webhooks');

/** Ajv 2020 over the whole document, so `$ref`s between schemas resolve as they are written. */
export function schemaValidator(doc: Json) {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
  addFormats(ajv);
  ajv.addSchema(doc, 'openapi.yaml');
  const cache = new Map<string, ValidateFunction>();
  return (pointer: string): ValidateFunction => {
    let validate = cache.get(pointer);
    if (!validate) {
      validate = ajv.compile({ $ref: `openapi.yaml${pointer}` });
      cache.set(pointer, validate);
    }
    return validate;
  };
}
