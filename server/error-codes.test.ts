// Every error code a handler can raise is documented on its operation: read from the handlers' source by the
// TypeScript compiler (testing/raised-codes.ts), held to the named error examples of openapi.yaml; the
// sandbox's operations, whose contract documents statuses, to the status each code is answered with.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ERROR_STATUS, type KnownErrorCode } from '../generated/constants';
import { OPERATIONS } from '../generated/server';
import { OPERATIONS as SANDBOX_OPERATIONS } from './sandbox/generated/server';
import { contract, indexOperations, readDocument } from '../spec';
import { SANDBOX_SPEC_PATH } from './sandbox/router';
import { raisedCodes, type RaisedCodes } from './testing/raised-codes';

const HANDLER_FILES = [...readdirSync(join(__dirname, 'http')).filter((f) => f.endsWith('.ts') && !f.includes('.test.') && !f.includes('type-test')).map((f) => `server/http/${f}`), 'server/sandbox/handlers.ts'];
const publicIds = Object.keys(OPERATIONS);
const sandboxIds = Object.keys(SANDBOX_OPERATIONS);

let raised: RaisedCodes;
beforeAll(() => {
  raised = raisedCodes(HANDLER_FILES, new Set([...publicIds, ...sandboxIds]));
}, 120_000);

/**
 * Codes the walk reaches through a branch the operation never takes: the walk follows functions, not the
 * values their arguments carry.
 */
const BRANCHES_NOT_TAKEN = [
  { operationId: 'createSocialConnectSession', code: 'number_already_connected', why: 'Clients.assertReferenceAvailable raises it for the chat channel only' },
];

const undocumented = (operationId: string, documented: (code: KnownErrorCode) => boolean) =>
  [...(raised.byOperation.get(operationId) ?? new Map<string, string[]>())]
    .filter(([code]) => !documented(code as KnownErrorCode))
    .filter(([code]) => !BRANCHES_NOT_TAKEN.some((b) => b.operationId === operationId && b.code === code))
    .map(([code, sites]) => `${code} (${sites.slice(0, 3).join(', ')})`);

test('every operation of both contracts has a handler the walk found', () => {
  expect([...publicIds, ...sandboxIds].filter((id) => !raised.byOperation.has(id))).toEqual([]);
});

test('every raise site pins its code to documented literals', () => {
  expect(raised.undetermined).toEqual([]);
});

describe.each(publicIds)('%s', (operationId) => {
  test('documents every error code its handler can raise', () => {
    const op = contract().byId(operationId)!;
    const codes = new Set(Object.values(op.responses).flatMap((r) => r.errorCodes));
    expect(undocumented(operationId, (code) => codes.has(code))).toEqual([]);
  });
});

describe.each(sandboxIds)('sandbox %s', (operationId) => {
  test('documents the status of every error code its handler can raise', () => {
    const op = indexOperations(readDocument(SANDBOX_SPEC_PATH)).find((o) => o.operationId === operationId)!;
    const documents = (status: number) => [String(status), `${String(status)[0]}XX`, 'default'].some((s) => s in op.responses);
    expect(undocumented(operationId, (code) => documents(ERROR_STATUS[code]))).toEqual([]);
  });
});

test.each(BRANCHES_NOT_TAKEN)('$operationId reaches $code only on a branch it never takes ($why): still reached, so the entry is not stale', ({ operationId, code }) => {
  expect(raised.byOperation.get(operationId)?.has(code)).toBe(true);
});

test('the walk finds codes raised deep in the rules, so the checks above can fail', () => {
  const send = raised.byOperation.get('sendTemplateMessage')!;
  for (const code of ['template_not_approved', 'missing_parameters', 'media_not_found', 'provider_rejected', 'trial_expired']) expect(send.has(code)).toBe(true);
  expect(raised.byOperation.get('getUsage')?.has('template_not_approved')).toBe(false);
});
