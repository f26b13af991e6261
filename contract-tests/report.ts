// Machine-readable reports of every check command (JUnit XML and CTRF JSON, ctrf.io) from one run shape,
// and the human summary of a contract run.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { ReportBuilder, TestBuilder, stringify, type CTRFReport } from 'ctrf';
import type { SuiteResult } from './runner';

export type ReportedOutcome = 'passed' | 'failed' | 'skipped';

export interface ReportedCase {
  /** From the command down to the case's group: the JUnit classname (joined with dots) and the CTRF suite. */
  suite: string[];
  name: string;
  outcome: ReportedOutcome;
  /** The failure message, or why the case was skipped. */
  message?: string;
  durationMs: number;
  /** Epoch milliseconds, when the case measured its own start. */
  startedAt?: number;
}

export interface ReportedRun {
  /** The command that produced the run (`contract`, `check-receiver`, `workflows`). */
  tool: string;
  /** What was checked, e.g. `receiver check of http://…`. */
  title: string;
  cases: ReportedCase[];
  /** Epoch milliseconds. */
  startedAt: number;
  durationMs: number;
}

export interface ReportFiles {
  junit?: string;
  ctrf?: string;
  summary?: string;
}

const xml = (s: string) =>
  s
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');

const seconds = (ms: number) => (ms / 1000).toFixed(3);

function junitXmlOf(run: ReportedRun): string {
  const count = (o: ReportedOutcome) => run.cases.filter((c) => c.outcome === o).length;
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${xml(run.tool)}" tests="${run.cases.length}" failures="${count('failed')}" skipped="${count('skipped')}" time="${seconds(run.durationMs)}">`,
    `  <testsuite name="${xml(run.title)}" tests="${run.cases.length}" failures="${count('failed')}" errors="0" skipped="${count('skipped')}" time="${seconds(run.durationMs)}">`,
  ];
  for (const c of run.cases) {
    const head = `    <testcase classname="${xml(c.suite.join('.'))}" name="${xml(c.name)}" time="${seconds(c.durationMs)}"`;
    if (c.outcome === 'passed') lines.push(`${head}/>`);
    else if (c.outcome === 'failed') {
      const first = (c.message ?? '').split('\n')[0]!;
      lines.push(`${head}>`, `      <failure message="${xml(first)}">${xml(c.message ?? '')}</failure>`, '    </testcase>');
    } else lines.push(`${head}>`, `      <skipped message="${xml(`skipped: ${c.message ?? ''}`)}"/>`, '    </testcase>');
  }
  lines.push('  </testsuite>', '</testsuites>', '');
  return lines.join('\n');
}

function ctrfReportOf(run: ReportedRun, toolVersion?: string): CTRFReport {
  const tests = run.cases.map((c) => {
    const test = new TestBuilder().name(c.name).status(c.outcome).duration(Math.round(c.durationMs)).suite(c.suite);
    if (c.message) test.message(c.message);
    if (c.startedAt !== undefined) test.start(Math.round(c.startedAt)).stop(Math.round(c.startedAt + c.durationMs));
    return test.build();
  });
  return new ReportBuilder({ autoGenerateId: true, autoTimestamp: true })
    .tool(toolVersion ? { name: run.tool, version: toolVersion } : { name: run.tool })
    .environment({ reportName: run.title })
    .addTests(tests)
    .summaryOverrides({ start: Math.round(run.startedAt), stop: Math.round(run.startedAt + run.durationMs) })
    .build();
}

function ctrfJsonOf(run: ReportedRun, toolVersion?: string): string {
  return `${stringify(ctrfReportOf(run, toolVersion), { pretty: true, indent: 2 })}\n`;
}

/** Writes the reports named in `files` (creating their folders); the summary is already rendered text. */
export function writeRunReports(run: ReportedRun, files: ReportFiles, summary?: string, toolVersion?: string): void {
  const write = (file: string | undefined, text: () => string) => {
    if (!file) return;
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text());
  };
  write(files.junit, () => junitXmlOf(run));
  write(files.ctrf, () => ctrfJsonOf(run, toolVersion));
  write(files.summary, () => summary ?? '');
}

/** A contract run in the shape of every report. */
function contractRun(r: SuiteResult): ReportedRun {
  return {
    tool: 'contract',
    title: `contract suite on ${r.target} (${r.baseUrl})`,
    cases: r.results.map((c) => ({ suite: ['contract', r.target, c.operation], name: c.name, outcome: c.outcome, message: c.message, durationMs: c.durationMs })),
    startedAt: r.startedAt,
    durationMs: r.durationMs,
  };
}

export function summaryMarkdown(r: SuiteResult): string {
  const by = (o: string) => r.results.filter((x) => x.outcome === o);
  const out = [
    `# Contract run against ${r.target} (${r.baseUrl})`,
    '',
    `**${r.failed ? 'FAILED' : 'PASSED'}**: ${by('passed').length} passed, ${by('failed').length} failed, ${by('skipped').length} skipped, in ${(r.durationMs / 1000).toFixed(1)} s.`,
    `Every operation must be exercised: ${r.requireEveryOperation ? 'yes' : 'no (--no-require-every-operation)'}; unexercised: ${r.unexercised.length ? r.unexercised.join(', ') : 'none'}.`,
    '',
  ];
  if (by('failed').length) {
    out.push('## Failures', '');
    for (const f of by('failed')) out.push(`- **${f.name}**`, ...(f.message ?? '').split('\n').map((l) => `  ${l}`));
    out.push('');
  }
  const skipped = by('skipped');
  if (skipped.length) {
    out.push('## Skipped (the target cannot hold them)', '');
    const reasons = new Map<string, string[]>();
    for (const s of skipped) reasons.set(s.message ?? '', [...(reasons.get(s.message ?? '') ?? []), s.name]);
    for (const [reason, names] of reasons) out.push(`- ${reason} (${names.length}):`, ...names.map((n) => `  - ${n}`));
    out.push('');
  }
  out.push('## Coverage', '', r.coverage.table(), '');
  return out.join('\n');
}

export function writeReports(r: SuiteResult, files: { junit: string; ctrf: string; summary: string }): void {
  writeRunReports(contractRun(r), files, summaryMarkdown(r));
}
