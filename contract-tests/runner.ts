// Runs the suite against a target and judges the run: every case planned against the target's profile and
// the run's fixtures, run or reported as skipped with its reason (those that judge the whole run after the
// generated phase); what broke gathered into findings (one per distinct violation); then the verdict and its
// exit code (exit-codes.ts).
import { cases as allCases, judgingCases } from './cases';
import { withBaseline, type BaselineOutcome, type BaselineUse } from './baseline';
import { Coverage } from './coverage';
import { exitCodeOf, type ExitCode } from './exit-codes';
import { runGeneratedPhase, type GeneratedPhaseOptions, type GeneratedPhaseStats } from './generated-requests/phase';
import type { FixtureName } from './fixtures-file';
import { deliveryOccurrences, newRunState, planCase, runCase, WEBHOOK_DELIVERIES, type Case, type Occurrence, type RunState } from './harness';
import { runFindings, plural, verdictOf, type Finding } from './report';
import { headerRulesResult, implementedResult } from './run-level';
import { ENTRY_OF, type RunningTarget } from './targets';

export type Outcome = 'passed' | 'failed' | 'skipped';

/** What `--allow-missing` may waive: a fixture, or (`generated`) probes of the contract the generated phase did not send. */
export type Waivable = FixtureName | 'generated';
export type AllowMissing = ReadonlySet<Waivable> | 'all';

/** Why a case did not run: the target cannot hold it, the run was not given a fixture, or a fixture could not serve. */
export interface Skip {
  kind: 'profile' | 'fixture' | 'unavailable';
  reason: string;
  fixtures: FixtureName[];
}

export interface CaseResult {
  operation: string;
  name: string;
  outcome: Outcome;
  skip?: Skip;
  occurrences: Occurrence[];
  /** Under --shape-only: the behaviour rules the case broke, not judged. */
  unjudged?: Occurrence[];
  /** What the case broke that the baseline accepts (`--baseline`): reported, not failing. */
  accepted?: Occurrence[];
  durationMs: number;
}

export interface RunOptions {
  cases?: Case[];
  onResult?: (r: CaseResult) => void;
  /** Fixtures the user chose to go without (`--allow-missing`), or `all`: their cases do not make the run incomplete; `generated`: nor do probes not sent. */
  allowMissing?: AllowMissing;
  /** How long to wait for a template review to finish. */
  reviewTimeoutMs?: number;
  /** Judge only the shape of every response (`--shape-only`): a broken behaviour rule does not fail its case. */
  shapeOnly?: boolean;
  /** The generated phase after the cases (`--seed`, `--max-requests`, `--budget`); none when absent. */
  generated?: GeneratedPhaseOptions;
  /** Findings accepted for now (`--baseline`), or every finding of the run (`--baseline-update`): reported, not failing. */
  baseline?: BaselineUse;
}

/** An operation whose documented 2xx answer the run did not check, and why. */
export interface Unchecked {
  operation: string;
  because: Skip['kind'] | 'no-case';
  reason: string;
  waived: boolean;
}

export interface SuiteResult {
  target: string;
  baseUrl: string;
  results: CaseResult[];
  coverage: Coverage;
  findings: Finding[];
  unchecked: Unchecked[];
  allowMissing: AllowMissing;
  shapeOnly: boolean;
  exitCode: ExitCode;
  verdict: string;
  startedAt: number;
  durationMs: number;
  /** What the generated phase sent, and how it ended. */
  generated?: GeneratedPhaseStats;
  /** What the baseline accepted, and its stale entries. */
  baseline?: BaselineOutcome;
}

const WEBHOOK_DELIVERIES_CASE = 'every webhook delivery the run received is signed and holds openapi.yaml';

const isWaived = (allow: AllowMissing | undefined, fixtures: FixtureName[]) => allow === 'all' || (fixtures.length > 0 && fixtures.every((f) => allow?.has(f)));

/** Runs one case as the suite does: planned, run, and turned into a result (with `shapeOnly`, judged on the shape of its responses). */
export async function executeCase(c: Case, target: RunningTarget, coverage: Coverage, run: RunState, shapeOnly = false): Promise<CaseResult> {
  const plan = planCase(c, target.profile);
  if (!plan.run) {
    const skip: Skip = { kind: plan.kind, reason: plan.reason, fixtures: plan.kind === 'fixture' ? plan.fixtures : [] };
    return { operation: c.operation, name: c.name, outcome: 'skipped', skip, occurrences: [], durationMs: 0 };
  }
  const started = Date.now();
  const outcome = await runCase(c, target, coverage, run);
  const durationMs = Date.now() - started;
  const unjudged = shapeOnly ? outcome.occurrences.filter((o) => !o.shape) : [];
  const occurrences = shapeOnly ? outcome.occurrences.filter((o) => o.shape) : outcome.occurrences;
  if (occurrences.length) return { operation: c.operation, name: c.name, outcome: 'failed', occurrences, durationMs };
  // A rule the case could not observe is behaviour too: with shapeOnly, its responses were all there was to judge.
  if (shapeOnly && outcome.unavailable && !outcome.unavailable.fixture) unjudged.push({ rule: `not observed: ${outcome.unavailable.message}`, where: c.operation });
  else if (outcome.unavailable) {
    const { fixture, message } = outcome.unavailable;
    const skip: Skip = { kind: 'unavailable', reason: fixture ? `${ENTRY_OF[fixture]}: ${message}` : message, fixtures: fixture ? [fixture] : [] };
    return { operation: c.operation, name: c.name, outcome: 'skipped', skip, occurrences: [], durationMs };
  }
  return { operation: c.operation, name: c.name, outcome: 'passed', occurrences: [], ...(unjudged.length ? { unjudged } : {}), durationMs };
}

/** The deliveries the run received that break section 6 or the contract's `webhooks`. */
export function webhookDeliveriesResult(target: RunningTarget): CaseResult | undefined {
  const listener = target.fixtures.webhooks;
  if (!listener) return undefined;
  const occurrences = listener.deliveries.flatMap(deliveryOccurrences);
  return { operation: WEBHOOK_DELIVERIES, name: WEBHOOK_DELIVERIES_CASE, outcome: occurrences.length ? 'failed' : 'passed', occurrences, durationMs: 0 };
}

export async function runSuite(target: RunningTarget, opts: RunOptions = {}): Promise<SuiteResult> {
  const startedAt = Date.now();
  const coverage = new Coverage(target.profile.target);
  const run = newRunState(opts.reviewTimeoutMs ?? 120_000);
  const results: CaseResult[] = [];
  const push = (r: CaseResult) => {
    results.push(r);
    opts.onResult?.(r);
  };
  // The cases that judge the whole run go after the generated phase: its answers and the webhooks it causes are
  // the run's too.
  const chosen = opts.cases ?? allCases;
  for (const c of chosen.filter((x) => !judgingCases.includes(x))) push(await executeCase(c, target, coverage, run, opts.shapeOnly));
  const generated = opts.generated && opts.generated.maxRequests > 0 ? await runGeneratedPhase(target, coverage, run, opts.generated) : undefined;
  for (const r of generated?.results ?? []) push(r);
  for (const c of chosen.filter((x) => judgingCases.includes(x))) push(await executeCase(c, target, coverage, run, opts.shapeOnly));
  const deliveries = webhookDeliveriesResult(target);
  if (deliveries) push(deliveries);
  push(headerRulesResult(run));
  push(implementedResult(coverage));
  const baselined = withBaseline(results, opts.baseline);
  return { ...judge(target, baselined.results, coverage, opts.allowMissing ?? new Set(), startedAt, opts.shapeOnly, generated?.stats), baseline: baselined.outcome };
}

/** Findings, what went unchecked, and the verdict of a run's results. */
export function judge(
  target: RunningTarget,
  results: CaseResult[],
  coverage: Coverage,
  allowMissing: AllowMissing,
  startedAt: number,
  shapeOnly = false,
  generated?: GeneratedPhaseStats,
): SuiteResult {
  const findings = runFindings(results);

  const unchecked: Unchecked[] = coverage.operationsWithoutSuccess().map((operation) => {
    const skipped = results.filter((r) => r.operation === operation && r.skip);
    const blocking = skipped.filter((r) => r.skip!.kind !== 'profile');
    if (blocking.length) {
      const fixtures = [...new Set(blocking.flatMap((r) => r.skip!.fixtures))];
      const unobserved = blocking.filter((r) => r.skip!.fixtures.length === 0).map((r) => r.skip!.reason);
      const reason = [fixtures.length ? `cases not run for want of ${fixtures.map((f) => ENTRY_OF[f]).join(', ')}` : '', ...new Set(unobserved)].filter(Boolean).join('; ');
      return { operation, because: blocking[0]!.skip!.kind, reason, waived: isWaived(allowMissing, fixtures) };
    }
    if (skipped.length) return { operation, because: 'profile', reason: skipped[0]!.skip!.reason, waived: true };
    return { operation, because: 'no-case', reason: 'no case got a documented 2xx answer', waived: allowMissing === 'all' };
  });

  const failed = results.filter((r) => r.outcome === 'failed');
  const notRun = results.filter((r) => r.skip && r.skip.kind !== 'profile' && !isWaived(allowMissing, r.skip.fixtures));
  const uncheckedBlocking = unchecked.filter((u) => !u.waived);
  // Probes of the contract the generated phase did not send leave boundaries unchecked: incomplete, unless waived.
  const probesNotSent = generated && !(allowMissing === 'all' || allowMissing.has('generated')) ? generated.notSent.length : 0;
  const exitCode = exitCodeOf({ violations: failed.length, incomplete: notRun.length + uncheckedBlocking.length + probesNotSent });
  const verdict = verdictOf(exitCode, {
    findings: findings.length,
    failedCases: failed.length,
    incomplete: [
      `${plural(notRun.length, 'case')} not run for want of fixtures; ${plural(uncheckedBlocking.length, 'operation')} without a checked 2xx`,
      ...(probesNotSent ? [`${plural(probesNotSent, 'generated probe')} of the contract not sent`] : []),
    ].join('; '),
  });
  return {
    target: target.profile.target,
    baseUrl: target.baseUrl,
    results,
    coverage,
    findings,
    unchecked,
    allowMissing,
    shapeOnly,
    exitCode,
    verdict,
    generated,
    startedAt,
    durationMs: Date.now() - startedAt,
  };
}
