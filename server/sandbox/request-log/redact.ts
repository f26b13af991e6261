// What never goes into a request log: keys, secrets and tokens, wherever they stand in a body.

export const REDACTED = '[redacted]';

/** Fields whose values are secrets, whatever they hold (the signup code is exchanged for an account). */
const SECRET_FIELD = /^(authorization|api_?key|key|secret|signing_secret|client_secret|token|access_token|refresh_token|portal_token|password|auth_code)$/i;
/** A key or portal token of this server, inside any string. */
const SECRET_VALUE = /\b(ik_(?:test|live)_|ptk_|sbx_)[A-Za-z0-9_-]+/g;
/** A URL's query parameters that carry secrets (a hosted session's `token`). */
const SECRET_QUERY = /([?&](?:token|secret|key|api_key|signature|code)=)[^&#\s"]*/gi;

/** A string with any key, token or secret query value in it replaced. */
export function redactText(text: string): string {
  return text.replace(SECRET_VALUE, REDACTED).replace(SECRET_QUERY, `$1${REDACTED}`);
}

/** A JSON value with secret fields' values and any key or token inside a string replaced. */
export function redactJson(value: unknown): unknown {
  if (typeof value === 'string') return redactText(value);
  if (Array.isArray(value)) return value.map(redactJson);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(value)) {
    out[name] = SECRET_FIELD.test(name) && field !== null && field !== undefined && typeof field !== 'object' ? REDACTED : redactJson(field);
  }
  return out;
}

/** The request's headers as logged: credentials and cookies never, every other value as text (a key in it redacted). */
export function redactHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    out[name] = /^(authorization|proxy-authorization|cookie|x-api-key)$/i.test(name) ? REDACTED : redactText(Array.isArray(value) ? value.join(', ') : value);
  }
  return out;
}
