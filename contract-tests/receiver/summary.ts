// How a receiver run reads: the table printed at the end, the response-time figures, and the run as a report
// of every check (report.ts: JUnit, CTRF, the summary for CI pages, annotations).
import { exitCodeOf, type ExitCode } from '../exit-codes';
import { FindingList, markdownTable, plural, textTable, verdictOf, type CheckReport } from '../report';
import type { ReceiverCaseResult, ReceiverRun } from './run';

const RESULT = { passed: 'pass', failed: 'FAIL', skipped: 'not checked' } as const;

export const NOT_OBSERVABLE =
  'Not observable from outside, so not checked: whether the receiver deduplicates (a duplicate must be acknowledged either way) and whether it compares signatures in constant time.';

const got = (r: ReceiverCaseResult) => r.answers.map((a) => (a.status === null ? 'none' : String(a.status))).join(' ') || '-';
const time = (r: ReceiverCaseResult) => (r.answers.length ? `${Math.max(...r.answers.map((a) => a.durationMs))} ms` : '-');

interface Latency {
  /** Answers that arrived (status received), over every delivery of the run. */
  answered: number;
  medianMs: number;
  p95Ms: number;
  maxMs: number;
  slowest?: { name: string; ms: number };
}

/** Nearest-rank percentile of sorted values. */
const percentile = (sorted: number[], p: number) => sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

function latencyOf(run: ReceiverRun): Latency | undefined {
  const timed = run.results.flatMap((r) => r.answers.filter((a) => a.status !== null).map((a) => ({ name: r.name, ms: a.durationMs })));
  if (!timed.length) return undefined;
  const sorted = timed.map((t) => t.ms).sort((a, b) => a - b);
  const slowest = timed.reduce((a, b) => (b.ms > a.ms ? b : a));
  return { answered: timed.length, medianMs: percentile(sorted, 50), p95Ms: percentile(sorted, 95), maxMs: sorted[sorted.length - 1]!, slowest };
}

export function describeLatency(run: ReceiverRun): string {
  const l = latencyOf(run);
  if (!l) return 'Response times: no delivery was answered.';
  return `Response times of ${l.answered} answered deliveries: median ${l.medianMs} ms, p95 ${l.p95Ms} ms, max ${l.maxMs} ms (limit ${run.limitMs} ms); slowest: ${l.slowest?.name}.`;
}

const counts = (run: ReceiverRun) => ({
  passed: run.results.filter((r) => r.outcome === 'passed').length,
  failed: run.results.filter((r) => r.outcome === 'failed').length,
  notChecked: run.results.filter((r) => r.outcome === 'skipped').length,
});

export const receiverExitCode = (run: ReceiverRun): ExitCode => {
  const c = counts(run);
  return exitCodeOf({ violations: c.failed, incomplete: c.notChecked });
};

export function verdict(run: ReceiverRun): string {
  const c = counts(run);
  const word = c.failed ? 'FAILED' : c.notChecked ? 'INCOMPLETE' : 'PASSED';
  const took = run.durationMs < 10_000 ? `${run.durationMs} ms` : `${(run.durationMs / 1000).toFixed(1)} s`;
  return `${word}: ${c.passed} passed, ${c.failed} failed, ${c.notChecked} not checked, in ${took}.`;
}

function columns(run: ReceiverRun): string[][] {
  return run.results.map((r, i) => [String(i + 1), r.group, r.name, r.expected, got(r), time(r), RESULT[r.outcome]]);
}

const HEADER = ['#', 'group', 'case', 'expected', 'got', 'time', 'result'];

/** The fixed-width table printed at the end of a run. */
export const receiverTable = (run: ReceiverRun): string => textTable(HEADER, columns(run));

/** The run as a report: a finding per defect (the event kinds share one), the table and the response times as sections. */
export function receiverReport(run: ReceiverRun): CheckReport {
  const findings = new FindingList();
  for (const r of run.results) if (r.violation) findings.add(r.violation.rule, r.violation.where, r.name, r.violation.example);
  const c = counts(run);
  const exitCode = receiverExitCode(run);
  const incomplete = `${plural(c.notChecked, 'case')} not checked: the receiver could no longer be reached`;
  return {
    tool: { name: 'check-receiver' },
    title: `Receiver check of ${run.url}`,
    startedAt: run.startedAt,
    durationMs: run.durationMs,
    exitCode,
    verdict: verdictOf(exitCode, { findings: findings.all().length, failedCases: c.failed, incomplete }),
    cases: run.results.map((r) => ({
      name: r.name,
      group: r.group,
      outcome: r.outcome,
      durationMs: r.durationMs,
      startedAt: r.startedAt,
      ...(r.outcome === 'skipped' ? { skipKind: 'not checked', skipReason: r.message } : {}),
      ...(r.violation ? { broke: [r.violation.rule] } : {}),
    })),
    findings: findings.all(),
    warnings: c.notChecked ? [{ title: 'cases not checked', message: incomplete }] : [],
    sections: [
      { title: 'Cases', body: markdownTable(HEADER, columns(run)) },
      { title: 'Response times', body: describeLatency(run) },
      { title: 'What cannot be observed from outside', body: NOT_OBSERVABLE },
    ],
  };
}
