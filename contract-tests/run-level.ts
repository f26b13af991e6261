// Rules the whole run holds, not one case: the headers of every answer (header-ledger.ts), and every
// documented operation implemented (coverage.ts: not answered only 404 or 405).
import type { Coverage } from './coverage';
import type { RunState } from './harness';

/** A run-level rule's result, as the runner reports cases. */
export interface RunLevelResult {
  operation: string;
  name: string;
  outcome: 'passed' | 'failed';
  occurrences: { rule: string; where?: string; example?: string }[];
  durationMs: number;
}

export const HEADERS_CASE = 'every answer of the run carries its own X-Request-Id, one X-RateLimit-Limit per key at or above X-RateLimit-Remaining, and a Retry-After within the window';
export const IMPLEMENTED_CASE = 'every documented operation is implemented: none answers only 404 or 405';

/** The header rules of section 5 rule 9 over every answer the run saw. */
export function headerRulesResult(run: RunState): RunLevelResult {
  const occurrences = run.headers.occurrences();
  return { operation: '(headers)', name: HEADERS_CASE, outcome: occurrences.length ? 'failed' : 'passed', occurrences, durationMs: 0 };
}

/** A documented operation the target answered only as an unknown route would. */
export const notImplementedRule = (operation: string) => `${operation} is not implemented: every request the run made was answered 404 or 405 (besides key refusals)`;

export function implementedResult(coverage: Coverage): RunLevelResult {
  const occurrences = coverage
    .verdicts()
    .filter((v) => v.verdict === 'not implemented')
    .map((v) => ({ rule: notImplementedRule(v.operation), where: v.operation }));
  return { operation: '(coverage)', name: IMPLEMENTED_CASE, outcome: occurrences.length ? 'failed' : 'passed', occurrences, durationMs: 0 };
}
