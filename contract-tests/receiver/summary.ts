// How a receiver run reads: the table printed at the end, the response-time figures, the Markdown summary
// for CI pages, and the shape the JUnit and CTRF writers take.
import { exitCodeOf, type ExitCode } from '../exit-codes';
import type { ReportedRun } from '../report';
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

export const counts = (run: ReceiverRun) => ({
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
export function receiverTable(run: ReceiverRun): string {
  const rows = [HEADER, ...columns(run)];
  const widths = HEADER.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
  return rows.map((row) => row.map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i]!))).join('  ')).join('\n');
}

export function receiverSummaryMarkdown(run: ReceiverRun): string {
  const cell = (s: string) => s.replace(/\|/g, '\\|');
  const out = [
    `# Receiver check of ${run.url}`,
    '',
    `**${verdict(run)}**`,
    '',
    `| ${HEADER.join(' | ')} |`,
    `|${HEADER.map(() => '---').join('|')}|`,
    ...columns(run).map((row) => `| ${row.map(cell).join(' | ')} |`),
    '',
    describeLatency(run),
    '',
  ];
  const failures = run.results.filter((r) => r.outcome !== 'passed');
  if (failures.length) {
    out.push('## Failures and cases not checked', '');
    for (const f of failures) out.push(`- **${f.name}**: ${f.message}`);
    out.push('');
  }
  out.push(NOT_OBSERVABLE, '');
  return out.join('\n');
}

/** A receiver run in the shape of every report (JUnit XML, CTRF). */
export function reportedReceiverRun(run: ReceiverRun): ReportedRun {
  return {
    tool: 'check-receiver',
    title: `receiver check of ${run.url}`,
    cases: run.results.map((r) => ({
      suite: ['check-receiver', r.group],
      name: r.name,
      outcome: r.outcome,
      message: r.message,
      durationMs: r.durationMs,
      startedAt: r.startedAt,
    })),
    startedAt: run.startedAt,
    durationMs: run.durationMs,
  };
}
