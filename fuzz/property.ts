// The fuzz property: for a generated request of an operation (valid, invalid or hostile), the server's answer
// holds every rule of fuzz/oracle.ts, and the canary no hostile URL may reach was never called. Shared by the
// short jest run and `npm run fuzz`.
import fc from 'fast-check';
import type { Operation } from '../spec';
import { hostileRequest } from './hostile';
import { describeExchange, holds } from './oracle';
import { requestArbitrary } from '../contract-tests/generation/requests';
import type { FuzzContext } from './requests';
import type { FuzzServer } from './setup';

export const contextOf = (s: FuzzServer): FuzzContext => ({
  key: s.key,
  noScopeKey: s.noScopeKey,
  clientRefs: [s.chatRef, s.socialRef],
  canaryPort: s.canary.port,
});

export function fuzzProperty(s: FuzzServer, ops: Operation[]) {
  const ctx = contextOf(s);
  const arb = fc.oneof(...ops.flatMap((op) => [requestArbitrary(ctx, op), hostileRequest(ctx, op)]));
  return fc.asyncProperty(arb, async (request) => {
    await holds(s.baseUrl, request);
    if (s.canary.calls.length > 0) {
      throw new Error(`${describeExchange(request, new Error('see below'))}\nproblem: the server called the canary on loopback: ${s.canary.calls.join(', ')}`);
    }
  });
}
