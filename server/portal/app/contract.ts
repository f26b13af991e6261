// The portal's forms, made from the sandbox contract itself (server/sandbox/generated/openapi.json, bundled
// into the page): each field's control, its choices (an enumeration's values), its bounds (length, range,
// items) and its pattern are the contract's, and a value is checked as JSON Schema checks it before it is
// sent. Nothing of the contract is written again here, so a change to it reaches the forms with the build.
import { OPERATIONS as PUBLIC_ROUTES } from '../../../generated/server';
import bundled from '../../sandbox/generated/openapi.json';
import type { operations } from '../../sandbox/generated/openapi';

export interface Schema {
  type?: string | string[];
  enum?: readonly string[];
  const?: unknown;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  format?: string;
  minItems?: number;
  items?: Schema;
  oneOf?: Schema[];
  required?: string[];
  properties?: Record<string, Schema>;
  description?: string;
  default?: unknown;
  $ref?: string;
}

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  schema?: Schema;
  $ref?: string;
}

interface OperationObject {
  operationId: string;
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
}

const contract = bundled as unknown as {
  paths: Record<string, Record<string, OperationObject> & { parameters?: Parameter[] }>;
  components: { schemas: Record<string, Schema>; parameters: Record<string, Parameter> };
};

export type OperationId = keyof operations;

/** The operations of the public API (openapi.yaml), which a fault or a search of the request log names. */
export const PUBLIC_OPERATIONS: readonly string[] = Object.keys(PUBLIC_ROUTES).sort();

/** A local `$ref` followed to its schema (the bundled contract holds every schema it names). */
export function resolved(schema: Schema | undefined): Schema {
  let current = schema ?? {};
  while (current.$ref) {
    const name = current.$ref.replace('#/components/schemas/', '');
    const target = contract.components.schemas[name];
    if (!target) throw new Error(`The sandbox contract names ${current.$ref}, which it does not hold.`);
    current = { ...target, ...current, $ref: undefined };
  }
  return current;
}

function operation(id: OperationId): { path: Record<string, unknown> & { parameters?: Parameter[] }; op: OperationObject } {
  for (const path of Object.values(contract.paths)) {
    for (const op of Object.values(path)) if (op && typeof op === 'object' && 'operationId' in op && op.operationId === id) return { path, op: op as OperationObject };
  }
  throw new Error(`The sandbox contract has no operation ${id}.`);
}

export interface Field {
  name: string;
  schema: Schema;
  required: boolean;
}

/** A property of an operation's JSON request body. */
export function bodyField(id: OperationId, name: string): Field {
  const body = resolved(operation(id).op.requestBody?.content['application/json']?.schema);
  const schema = body.properties?.[name];
  if (!schema) throw new Error(`${id}'s request body has no property ${name}.`);
  return { name, schema: resolved(schema), required: body.required?.includes(name) ?? false };
}

/** A query or path parameter of an operation. */
export function parameterField(id: OperationId, place: 'query' | 'path', name: string): Field {
  const { path, op } = operation(id);
  const parameters = [...(path.parameters ?? []), ...(op.parameters ?? [])].map((p) => (p.$ref ? contract.components.parameters[p.$ref.split('/').pop()!]! : p));
  const parameter = parameters.find((p) => p.in === place && p.name === name);
  if (!parameter) throw new Error(`${id} has no ${place} parameter ${name}.`);
  return { name, schema: resolved(parameter.schema), required: parameter.required ?? false };
}

/** The values an enumeration of the contract allows (a named schema such as EventKind, or a field's enum). */
export function choicesOf(schema: Schema): readonly string[] | undefined {
  const plain = resolved(schema);
  if (plain.enum) return plain.enum;
  const branch = plain.oneOf?.map(resolved).find((s) => s.enum);
  return branch?.enum;
}

const typesOf = (schema: Schema): string[] => (Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : []);

export const isNumeric = (schema: Schema): boolean => typesOf(schema).some((t) => t === 'integer' || t === 'number');

const codePoints = (value: string): number => [...value].length;

/** Why a value breaks the field's schema as JSON Schema reads it, or '' when it holds. */
export function problemOf(field: Field, value: string): string {
  const { schema } = field;
  if (value === '') return field.required ? 'Required.' : '';
  if (isNumeric(schema)) {
    const number = Number(value);
    if (!Number.isFinite(number)) return 'A number.';
    if (typesOf(schema).includes('integer') && !Number.isInteger(number)) return 'A whole number.';
    if (schema.minimum !== undefined && number < schema.minimum) return `At least ${schema.minimum}.`;
    if (schema.maximum !== undefined && number > schema.maximum) return `At most ${schema.maximum}.`;
    return '';
  }
  const choices = choicesOf(schema);
  if (choices && !choices.includes(value)) return `One of ${choices.join(', ')}.`;
  if (schema.minLength !== undefined && codePoints(value) < schema.minLength) return `At least ${schema.minLength} characters.`;
  if (schema.maxLength !== undefined && codePoints(value) > schema.maxLength) return `At most ${schema.maxLength} characters.`;
  // JSON Schema's pattern is a search, not a whole-value match (HTML's pattern attribute would anchor it)
  if (schema.pattern !== undefined && !new RegExp(schema.pattern, 'u').test(value)) return `Must match ${schema.pattern}.`;
  return '';
}

/** The value to send for a field: a number for a numeric schema, absent when empty and optional. */
export function valueOf(field: Field, value: string): string | number | undefined {
  if (value === '') return undefined;
  return isNumeric(field.schema) ? Number(value) : value;
}

/** How many items an array field needs at least. */
export function minItemsOf(field: Field): number {
  const array = [field.schema, ...(field.schema.oneOf ?? []).map(resolved)].find((s) => typesOf(s).includes('array'));
  return array?.minItems ?? 0;
}
