// Query numbers read strictly as the contract types them. A validator converts a query value with
// JavaScript's Number(), which reads `0x10` as 16, ` 10` as 10, an empty or blank value as 0, `1e3` as 1000
// and 309 nines as Infinity; the edge refuses those with 400 before any validator sees them.
import { deref, type Contract } from '../../spec';
import { ownProperties, type ValidationError } from './validation-details';

/** How the contract writes an integer: decimal digits, a minus sign at most, no leading zero. */
const INTEGER = /^(0|-?[1-9][0-9]*)$/;
const NUMBER = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?$/;

export interface NumericParameter {
  name: string;
  integer: boolean;
  minimum?: number;
  maximum?: number;
}

/**
 * Why a query value is not the number the contract types, or undefined when it is. A value is compared with
 * its bounds exactly (as a BigInt for an integer), not after Number(), which turns 309 digits into Infinity;
 * a value out of the double range is refused even without bounds.
 */
export function queryNumberProblem(value: string, p: NumericParameter): string | undefined {
  if (!(p.integer ? INTEGER : NUMBER).test(value)) return p.integer ? 'must be an integer in decimal digits' : 'must be a decimal number';
  const exceeds = (bound: number) => (p.integer ? BigInt(value) > BigInt(bound) : Number(value) > bound);
  const below = (bound: number) => (p.integer ? BigInt(value) < BigInt(bound) : Number(value) < bound);
  if (p.maximum !== undefined && exceeds(p.maximum)) return `must be <= ${p.maximum}`;
  if (p.minimum !== undefined && below(p.minimum)) return `must be >= ${p.minimum}`;
  if (p.integer ? !Number.isSafeInteger(Number(value)) : !Number.isFinite(Number(value))) return `must be between ${-Number.MAX_SAFE_INTEGER} and ${Number.MAX_SAFE_INTEGER}`;
  return undefined;
}

/** The integer and number query parameters of every operation, by operationId, with their bounds. */
export function numericQueryParameters(contract: Contract): Map<string, NumericParameter[]> {
  const numeric = new Map<string, NumericParameter[]>();
  for (const op of contract.operations) {
    const checks = op.parameters
      .filter((p) => p.in === 'query')
      .map((p) => ({ name: String(p.name), schema: deref(contract.document, p.schema) as { type?: unknown; minimum?: number; maximum?: number } | undefined }))
      .filter((p) => p.schema?.type === 'integer' || p.schema?.type === 'number')
      .map((p) => ({ name: p.name, integer: p.schema!.type === 'integer', minimum: p.schema!.minimum, maximum: p.schema!.maximum }));
    if (checks.length > 0) numeric.set(op.operationId, checks);
  }
  return numeric;
}

/** The 400 of query values that are not the numbers their parameters type; undefined when all are. */
export function oddQueryNumbers(query: URLSearchParams, parameters: readonly NumericParameter[]): ValidationError | undefined {
  const details = new Map<string, string[]>();
  for (const parameter of parameters) {
    for (const value of query.getAll(parameter.name)) {
      const problem = queryNumberProblem(value, parameter);
      if (problem) details.set(parameter.name, [problem]);
    }
  }
  return details.size === 0 ? undefined : { code: 'bad_request', message: 'The request is invalid.', details: ownProperties(details) };
}
