// The error codes the contract documents, generated from it (generated/constants.ts): `error.code` of every
// answer of the typed client is typed `ErrorCode`, the union of these, still open to codes a later version
// of the API adds.
import { ERROR_CODES, type ErrorCode, type KnownErrorCode } from '../generated/constants';

export { ERROR_CODES, type ErrorCode, type KnownErrorCode };

const KNOWN: ReadonlySet<string> = new Set(ERROR_CODES);

/** True for a code this version of the contract documents; false for one added later. */
export function isKnownErrorCode(code: string): code is KnownErrorCode {
  return KNOWN.has(code);
}
