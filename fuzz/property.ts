// The fuzz property: for a generated request of an operation, the server's answer holds every rule of
// fuzz/oracle.ts. Shared by the short jest run and `npm run fuzz`.
import fc from 'fast-check';
import type { Operation } from '../spec';
import { holds } from './oracle';
import { requestArbitrary, type FuzzContext } from './requests';
import type { FuzzServer } from './setup';

export const contextOf = (s: FuzzServer): FuzzContext => ({ key: s.key, noScopeKey: s.noScopeKey, clientRefs: [s.chatRef, s.socialRef] });

export function fuzzProperty(s: FuzzServer, ops: Operation[]) {
  const ctx = contextOf(s);
  const arb = fc.oneof(...ops.map((op) => requestArbitrary(ctx, op)));
  return fc.asyncProperty(arb, (request) => holds(s.baseUrl, request));
}
