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
  ajv.addFormat('date-time', { type: 'string', validate: isRfc3339DateTime });
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

/**
 * JSON Schema's `date-time` is RFC 3339's `date-time` (section 5.6): `T` (or `t`) between date and time, a
 * `Z` or `±hh:mm` offset, and a day that exists. ajv-formats also takes a space, `+hh` and `+hhmm`, which
 * RFC 3339 does not.
 */
const RFC3339_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[Tt]([01]\d|2[0-3]):([0-5]\d):([0-5]\d|60)(\.\d+)?([Zz]|[+-]([01]\d|2[0-3]):[0-5]\d)$/;

export function isRfc3339DateTime(text: string): boolean {
  const m = RFC3339_DATE_TIME.exec(text);
  if (!m) return false;
  const [year, month, day, , minute, second] = [m[1], m[2], m[3], m[4], m[5], m[6]].map(Number) as number[];
  if (month! < 1 || month! > 12 || day! < 1) return false;
  const leap = year! % 4 === 0 && (year! % 100 !== 0 || year! % 400 === 0);
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month! - 1]!;
  // A leap second (`:60`) only ever ends a minute `:59`.
  return day! <= days && (second! < 60 || minute! === 59);
}
