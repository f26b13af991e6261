// Runs the suite outside jest (for `npm run contract`): every case planned against the target's profile,
// run or reported as skipped/pending with its reason, then the coverage rule.
import { cases as allCases } from './cases';
import { Coverage } from './coverage';
import { planCase, runCase, type Case } from './harness';
import type { RunningTarget } from './targets';

export type Outcome = 'passed' | 'failed' | 'skipped';

export interface CaseResult {
  operation: string;
  name: string;
  outcome: Outcome;
  /** Skip reason, or the failure message. */
  message?: string;
  durationMs: number;
}

export interface SuiteResult {
  target: string;
  baseUrl: string;
  results: CaseResult[];
  coverage: Coverage;
  unexercised: string[];
  requireEveryOperation: boolean;
  /** True when any case failed or the coverage rule failed. */
  failed: boolean;
  /** Epoch milliseconds when the run started. */
  startedAt: number;
  durationMs: number;
}

export const COVERAGE_CASE = 'every operation of openapi.yaml is exercised';

export async function runSuite(
  target: RunningTarget,
  opts: { cases?: Case[]; onResult?: (r: CaseResult) => void } = {},
): Promise<SuiteResult> {
  const started = Date.now();
  const coverage = new Coverage(target.profile.target);
  const results: CaseResult[] = [];
  const push = (r: CaseResult) => {
    results.push(r);
    opts.onResult?.(r);
  };
  for (const c of opts.cases ?? allCases) {
    const plan = planCase(c, target.profile);
    if (!plan.run) {
      push({ operation: c.operation, name: c.name, outcome: 'skipped', message: plan.reason, durationMs: 0 });
      continue;
    }
    const t0 = Date.now();
    try {
      await runCase(c, target, coverage);
      push({ operation: c.operation, name: c.name, outcome: 'passed', durationMs: Date.now() - t0 });
    } catch (e) {
      push({ operation: c.operation, name: c.name, outcome: 'failed', message: `${c.operation}: ${(e as Error).message}`, durationMs: Date.now() - t0 });
    }
  }
  const unexercised = coverage.unexercisedOperations();
  const required = target.profile.requireEveryOperation;
  if (unexercised.length > 0) {
    push({
      operation: '(coverage)',
      name: COVERAGE_CASE,
      outcome: required ? 'failed' : 'skipped',
      message: required
        ? `unexercised operations: ${unexercised.join(', ')} (each needs at least one answered request; give the fixtures listed as skipped, or pass --no-require-every-operation)`
        : `not required (--no-require-every-operation); unexercised: ${unexercised.join(', ')}`,
      durationMs: 0,
    });
  } else {
    push({ operation: '(coverage)', name: COVERAGE_CASE, outcome: 'passed', durationMs: 0 });
  }
  return {
    target: target.profile.target,
    baseUrl: target.baseUrl,
    results,
    coverage,
    unexercised,
    requireEveryOperation: required,
    failed: results.some((r) => r.outcome === 'failed'),
    startedAt: started,
    durationMs: Date.now() - started,
  };
}
