import type { RequestHandler } from 'express';
import type { Contract } from '../../spec';
import { derefSchema } from '../../spec';
import { badRequest } from '../domain/errors';
import { operationIdOf } from './types';
import { ownProperties } from './validation-details';

/** How the contract writes an integer: decimal digits, a minus sign at most, no leading zero. */
const INTEGER = /^(0|-?[1-9][0-9]*)$/;
const NUMBER = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?$/;

/**
 * Query numbers read strictly as the contract types them. The validator converts a query value with
 * JavaScript's Number(), which reads `0x10` as 16, ` 10` as 10, an empty or blank value as 0 and `1e3` as
 * 1000; those are refused here with 400, before the validator sees them.
 */
export function strictQueryNumbers(contract: Contract): RequestHandler {
  const numeric = new Map<string, { name: string; pattern: RegExp; reads: string }[]>();
  for (const op of contract.operations) {
    const checks = op.parameters
      .filter((p) => p.in === 'query')
      .map((p) => ({ name: String(p.name), type: (derefSchema(contract.document, p.schema) as { type?: unknown } | undefined)?.type }))
      .filter((p) => p.type === 'integer' || p.type === 'number')
      .map((p) => (p.type === 'integer' ? { name: p.name, pattern: INTEGER, reads: 'an integer in decimal digits' } : { name: p.name, pattern: NUMBER, reads: 'a decimal number' }));
    if (checks.length > 0) numeric.set(op.operationId, checks);
  }
  return (req, _res, next) => {
    const checks = numeric.get(operationIdOf(req) ?? '');
    if (!checks) return next();
    const query = new URLSearchParams(req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?') + 1) : '');
    const details = new Map<string, string[]>();
    for (const { name, pattern, reads } of checks) {
      for (const value of query.getAll(name)) if (!pattern.test(value)) details.set(name, [`must be ${reads}`]);
    }
    if (details.size === 0) return next();
    next(badRequest('The request is invalid.', { details: ownProperties(details) }));
  };
}
