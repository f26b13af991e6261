// The short fuzz run of `npm test`: ~200 generated requests (fixed seed) spread over every operation of
// openapi.yaml the reference server implements; the others are reported as skipped. The long run is
// `npm run fuzz` (10,000 requests).
import fc from 'fast-check';
import { fuzzProperty } from './property';
import { operationId, operations } from '../contract-tests/generation/request-parts';
import { fuzzServerForSuite } from './suite-server';

const SEED = 20261122;
const TOTAL_REQUESTS = 200;

const runsPerOperation = Math.ceil(TOTAL_REQUESTS / operations.length);

const server = fuzzServerForSuite();

describe('fuzzing from openapi.yaml: no 5xx, every response valid against the spec, invalid input answered 4xx with the error envelope', () => {
  for (const op of operations) {
    const id = operationId(op);
    const name = `${op.method.toUpperCase()} ${op.path} (${id})`;
    test(`${name}: ${runsPerOperation} generated valid and invalid requests hold every property`, async () => {
      await fc.assert(fuzzProperty(server(), [op]), { numRuns: runsPerOperation, seed: SEED });
    }, 60_000);
  }
});
