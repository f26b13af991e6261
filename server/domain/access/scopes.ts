// The scope vocabulary of section 5 is the contract's `x-scopes` (generated/constants.ts). Which scope an
// operation requires is read from openapi.yaml (`x-required-scopes`), never listed here.
import { SCOPES, type Scope } from '../../../generated/constants';

export { SCOPES, type Scope };

export function isScope(value: string): value is Scope {
  return (SCOPES as readonly string[]).includes(value);
}

/** Scopes the key lacks for an operation requiring `required`. */
export function missingScopes(granted: readonly string[], required: readonly string[]): string[] {
  return required.filter((scope) => !granted.includes(scope));
}
