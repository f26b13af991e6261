/**
 * The scope vocabulary of section 5 (what a key may carry), as a type. It mirrors the contract's
 * `x-scopes` declaration, and a test holds the two equal. Which scope an operation requires is read
 * from openapi.yaml (`x-required-scopes`), never listed here.
 */
export const SCOPES = [
  'clients:read',
  'clients:write',
  'messages:send',
  'webhooks:read',
  'webhooks:write',
  'templates:read',
  'templates:write',
] as const;

export type Scope = (typeof SCOPES)[number];

export function isScope(value: string): value is Scope {
  return (SCOPES as readonly string[]).includes(value);
}

/** Scopes the key lacks for an operation requiring `required`. */
export function missingScopes(granted: readonly string[], required: readonly string[]): string[] {
  return required.filter((scope) => !granted.includes(scope));
}
