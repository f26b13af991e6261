// JSON Schema 2020-12 validators (Ajv) over an OpenAPI document: any schema of it by JSON pointer, or a
// schema object whose `#/…` references point into it. Schemas are compiled straight from the document;
// none is copied.
import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { Json } from './document';

export type { ErrorObject, ValidateFunction };

export interface SchemaValidators {
  /** The validator of the schema at `pointer` (`#/components/schemas/Client`). */
  at(pointer: string): ValidateFunction;
  /** A validator of `schema`, whose `#/…` references resolve inside the document. */
  compile(schema: Json): ValidateFunction;
  /** The errors of `value` against the schema at `pointer` (empty when it holds). */
  errors(pointer: string, value: unknown): ErrorObject[];
}

export function schemaValidators(doc: Json, id = 'urn:contract:openapi.yaml'): SchemaValidators {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false, validateFormats: true });
  addFormats(ajv);
  // `format: binary` marks file parts and downloads: any bytes.
  ajv.addFormat('binary', true);
  ajv.addSchema({ ...doc, $id: id }, id);
  const byPointer = new Map<string, ValidateFunction>();
  const bySchema = new Map<string, ValidateFunction>();
  const at = (pointer: string): ValidateFunction => {
    let validate = byPointer.get(pointer);
    if (!validate) {
      validate = ajv.getSchema(`${id}${pointer}`);
      if (!validate) throw new Error(`no schema at ${pointer}`);
      byPointer.set(pointer, validate);
    }
    return validate;
  };
  return {
    at,
    compile: (schema) => {
      const text = JSON.stringify(schema).replace(/"\$ref":"#\//g, `"$ref":"${id}#/`);
      let validate = bySchema.get(text);
      if (!validate) {
        validate = ajv.compile(JSON.parse(text));
        bySchema.set(text, validate);
      }
      return validate;
    },
    errors: (pointer, value) => {
      const validate = at(pointer);
      return validate(value) ? [] : [...(validate.errors ?? [])];
    },
  };
}
