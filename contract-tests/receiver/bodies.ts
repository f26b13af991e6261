// The bodies the receiver check sends, byte for byte. The signature covers bytes, not values: these
// functions make bytes that parse to the same value but are not what JSON.stringify would write.
import type { Payload } from './events';

const escapeUnicode = (c: string) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;

/** A JSON string literal with every non-ASCII character (UTF-16 unit by unit) and every `/` escaped. */
function escapedString(s: string): string {
  // a `/` never belongs to an escape sequence of JSON.stringify's output, so each one can become `\/`
  return JSON.stringify(s).replace(/[\u007f-\uffff]/g, escapeUnicode).replace(/\//g, '\\/');
}

/**
 * JSON text of `value` that parses back to the same value and differs from `JSON.stringify` of it in the
 * ways another sender's serialiser may: keys in reverse order, CRLF line breaks, indentation and spaces
 * around `:`, non-ASCII characters and `/` as escapes.
 */
export function nonCanonicalJson(value: unknown, indent = ''): string {
  const inner = `${indent}    `;
  if (Array.isArray(value)) {
    if (value.length === 0) return '[ ]';
    return `[\r\n${value.map((item) => `${inner}${nonCanonicalJson(item, inner)}`).join(' ,\r\n')}\r\n${indent}]`;
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).reverse();
    if (entries.length === 0) return '{ }';
    return `{\r\n${entries.map(([key, item]) => `${inner}${escapedString(key)} : ${nonCanonicalJson(item, inner)}`).join(' ,\r\n')}\r\n${indent}}`;
  }
  if (typeof value === 'string') return escapedString(value);
  return JSON.stringify(value);
}

export const canonicalBytes = (payload: Payload): Buffer => Buffer.from(JSON.stringify(payload));

export const nonCanonicalBytes = (payload: Payload): Buffer => Buffer.from(nonCanonicalJson(payload));

/** What a receiver that parses before verifying signs: `JSON.stringify(JSON.parse(bytes))`. */
export const reserialised = (bytes: Buffer): Buffer => Buffer.from(JSON.stringify(JSON.parse(bytes.toString('utf8'))));

/** Fields the contract does not define yet, at the top and one level down: receivers must ignore them (section 6 rule 4). */
export function withUnknownFields(payload: Payload): Payload {
  const unknown = { added_in_a_later_version: { value: 1, note: 'receivers ignore unknown fields' } };
  const nested = Object.fromEntries(
    Object.entries(payload).map(([key, value]) =>
      Array.isArray(value) && value[0] !== null && typeof value[0] === 'object'
        ? [key, [{ ...value[0], ...unknown }, ...value.slice(1)]]
        : [key, value],
    ),
  );
  return { ...nested, ...unknown };
}
