// The error code of the typed client's answers: the union of the codes documented in openapi.yaml (derived
// by `npm run generate`, never written by hand), still accepting a code the API adds later. The type
// assertions below are checked by `npm run typecheck` (tsc fails if a @ts-expect-error line compiles).
import { contract } from '../spec';
import { ERROR_CODES, isKnownErrorCode, type ErrorCode, type ErrorResponse, type KnownErrorCode } from './index';

describe('documented error codes', () => {
  it('are exactly the error codes of the named error examples of openapi.yaml', () => {
    const fromContract = new Set(contract().operations.flatMap((op) => Object.values(op.responses).flatMap((r) => r.errorCodes)));
    expect(new Set(ERROR_CODES)).toEqual(fromContract);
    expect(ERROR_CODES).toEqual(expect.arrayContaining(['bad_request', 'rate_limited', 'template_not_approved', 'client_ref_required']));
  });

  it('tell a documented code from one added later', () => {
    expect(isKnownErrorCode('outside_service_window')).toBe(true);
    expect(isKnownErrorCode('quantum_entanglement_lost')).toBe(false);
  });

  it('type error.code as the documented union, open to later codes', () => {
    const documented: KnownErrorCode = 'missing_parameters';
    // @ts-expect-error a code the contract does not document is not a KnownErrorCode
    const undocumented: KnownErrorCode = 'quantum_entanglement_lost';
    const later: ErrorCode = 'quantum_entanglement_lost';
    const body: ErrorResponse = { error: { code: documented, message: 'm' } };
    const code: ErrorCode = body.error.code;
    expect([documented, undocumented, later, code]).toHaveLength(4);
  });
});
