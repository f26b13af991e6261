// The reports of every check against an implementation (the drift check, the receiver check, the partner
// journeys): a JUnit XML and a CTRF JSON file (ctrf.io, built with the `ctrf` package) for CI test views, a
// markdown summary for people, and GitHub Actions annotations. A check hands over its cases (what ran, with
// what outcome) and its findings (one per distinct violation, with its count and the cases it occurred in);
// the writers here know nothing of what was checked.
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ReportBuilder, TestBuilder, stringify, type CTRFReport } from 'ctrf';
import { EXIT, type ExitCode } from './exit-codes';

/** One distinct violation: what broke, how often, where, in which cases. */
export interface Finding {
  /** Stable across runs (from the rule): what a baseline lists to accept the finding. */
  id: string;
  /** The rule that broke, stated without the values that vary between occurrences. */
  rule: string;
  count: number;
  /** Names of the cases it occurred in, in order. */
  cases: string[];
  /** Where it occurred (`getClient 200`, `delivery 2 of 3`), in order. */
  where: string[];
  /** One offending value or detail, as an example. */
  example?: string;
}

export interface ReportedCase {
  name: string;
  /** The group the case belongs to (an operation, a kind of delivery, a workflow): JUnit's classname after the tool. */
  group: string;
  outcome: 'passed' | 'failed' | 'skipped';
  durationMs: number;
  /** Epoch milliseconds, when the case measured its own start. */
  startedAt?: number;
  /** For a skipped case: why it did not run. */
  skipReason?: string;
  /** For a skipped case: what kind of reason (`target cannot hold it`, `fixture missing`, `not checked`, …). */
  skipKind?: string;
  /** For a failed case: the rules of the findings it broke (keys into the report's findings). */
  broke?: string[];
  /** Lines for the case's output (JUnit `<system-out>`, CTRF `stdout`): findings a baseline accepted. */
  notes?: string[];
}

export interface CheckReport {
  /** The check command (`contract`, `check-receiver`, `workflows`). */
  tool: { name: string; version?: string };
  /** `Contract run against external (https://…/v1)`. */
  title: string;
  startedAt: number;
  durationMs: number;
  exitCode: ExitCode;
  /** One line: the verdict and what it rests on (verdictOf). */
  verdict: string;
  cases: ReportedCase[];
  findings: Finding[];
  /** Warnings a CI run should surface beside the findings (what was not checked, and how to fix that). */
  warnings: { title: string; message: string }[];
  /** Markdown sections specific to the check, appended to the summary. */
  sections: { title: string; body: string }[];
  /** Figures of the run for CI tools (JUnit `<properties>`, CTRF `extra.properties`): the conformance figure, each operation's verdict. */
  properties?: Record<string, string>;
  /** More of the check's results for CTRF's `extra` (a baseline's accepted and stale findings). */
  extra?: Record<string, unknown>;
}

/** `1 case`, `3 cases`. */
export const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The verdict line of every check: `PASSED`, `FAILED: 2 distinct violations in 3 cases`, `INCOMPLETE: <why>`. */
export function verdictOf(exitCode: ExitCode, o: { findings: number; failedCases: number; incomplete?: string }): string {
  if (exitCode === EXIT.violation) return `FAILED: ${plural(o.findings, 'distinct violation')} in ${plural(o.failedCases, 'case')}`;
  if (exitCode === EXIT.incomplete) return `INCOMPLETE${o.incomplete ? `: ${o.incomplete}` : ''}`;
  return 'PASSED';
}

const MAX_LISTED = 5;
const listed = (items: string[]) => (items.length <= MAX_LISTED ? items.join(', ') : `${items.slice(0, MAX_LISTED).join(', ')} and ${items.length - MAX_LISTED} more`);

/** `rule — 3× in getClient 200, listClients 200 (cases: a, b) [id 4b1e0c9a7f]`. */
export function describeFinding(f: Finding, withCases = true): string {
  const where = f.where.length ? ` in ${listed(f.where)}` : '';
  const example = f.example ? `; e.g. ${f.example}` : '';
  const cases = withCases ? ` (case${f.cases.length > 1 ? 's' : ''}: ${listed(f.cases)}) [id ${f.id}]` : '';
  return `${f.rule} — ${f.count}×${where}${example}${cases}`;
}

/** A finding's id: the first 10 hexadecimal digits of the SHA-256 of its rule. */
export const findingId = (rule: string) => createHash('sha256').update(rule).digest('hex').slice(0, 10);

/** Adds occurrences to a list of findings, merging those of the same rule. */
export class FindingList {
  private readonly byRule = new Map<string, Finding>();

  add(rule: string, where: string | undefined, caseName: string, example?: string): void {
    let f = this.byRule.get(rule);
    if (!f) this.byRule.set(rule, (f = { id: findingId(rule), rule, count: 0, cases: [], where: [] }));
    f.count++;
    if (!f.cases.includes(caseName)) f.cases.push(caseName);
    if (where && !f.where.includes(where)) f.where.push(where);
    if (example !== undefined) f.example ??= example;
  }

  all(): Finding[] {
    return [...this.byRule.values()];
  }
}

/** The findings of a run's results: one per rule, its occurrences counted. */
export function runFindings(results: readonly { name: string; occurrences: readonly { rule: string; where?: string; example?: string }[] }[]): Finding[] {
  const findings = new FindingList();
  for (const r of results) for (const o of r.occurrences) findings.add(o.rule, o.where, r.name, o.example);
  return findings.all();
}

const xml = (s: string) =>
  s
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');

const count = (r: CheckReport, outcome: ReportedCase['outcome']) => r.cases.filter((c) => c.outcome === outcome).length;
const seconds = (ms: number) => (ms / 1000).toFixed(3);
const findingsOf = (r: CheckReport, c: ReportedCase) => (c.broke ?? []).map((rule) => r.findings.find((f) => f.rule === rule)).filter((f): f is Finding => !!f);
const skipMessage = (c: ReportedCase) => [c.skipKind, c.skipReason].filter(Boolean).join(': ');

/** JUnit XML: a test case per case; a failure's `message` is the first finding itself, its body every finding of the case. */
export function junitXml(r: CheckReport): string {
  const head = `tests="${r.cases.length}" failures="${count(r, 'failed')}" errors="0" skipped="${count(r, 'skipped')}" time="${seconds(r.durationMs)}"`;
  const lines = ['<?xml version="1.0" encoding="UTF-8"?>', `<testsuites name="${xml(r.tool.name)}" ${head}>`, `  <testsuite name="${xml(r.title)}" ${head}>`];
  const properties = Object.entries(r.properties ?? {});
  if (properties.length) lines.push('    <properties>', ...properties.map(([name, value]) => `      <property name="${xml(name)}" value="${xml(value)}"/>`), '    </properties>');
  for (const c of r.cases) {
    const open = `    <testcase classname="${xml(`${r.tool.name}.${c.group}`)}" name="${xml(c.name)}" time="${seconds(c.durationMs)}"`;
    const out = c.notes?.length ? [`      <system-out>${xml(c.notes.join('\n'))}</system-out>`] : [];
    if (c.outcome === 'passed') lines.push(...(out.length ? [`${open}>`, ...out, '    </testcase>'] : [`${open}/>`]));
    else if (c.outcome === 'failed') {
      const found = findingsOf(r, c);
      const message = found[0] ? describeFinding(found[0], false) : 'failed';
      lines.push(`${open}>`, `      <failure message="${xml(message)}">${xml(found.map((f) => describeFinding(f)).join('\n'))}</failure>`, '    </testcase>');
    } else lines.push(`${open}>`, `      <skipped message="${xml(skipMessage(c))}"/>`, '    </testcase>');
  }
  lines.push('  </testsuite>', '</testsuites>', '');
  return lines.join('\n');
}

/** CTRF (ctrf.io): the same cases (suite: the tool, then the group), the findings, verdict and exit code in `extra`. */
export function ctrfReport(r: CheckReport): CTRFReport {
  const tests = r.cases.map((c) => {
    const test = new TestBuilder().name(c.name).status(c.outcome).duration(Math.round(c.durationMs)).suite([r.tool.name, c.group]);
    if (c.startedAt !== undefined) test.start(Math.round(c.startedAt)).stop(Math.round(c.startedAt + c.durationMs));
    const found = findingsOf(r, c);
    if (c.outcome === 'failed' && found[0]) test.message(describeFinding(found[0], false)).trace(found.map((f) => describeFinding(f)).join('\n'));
    if (c.outcome === 'skipped') test.message(c.skipReason ?? '').rawStatus(c.skipKind ?? 'skipped');
    if (c.notes?.length) test.stdout(c.notes);
    return test.build();
  });
  return new ReportBuilder({ autoGenerateId: true })
    .timestamp(new Date(r.startedAt + r.durationMs))
    .generatedBy(r.tool.name)
    .tool(r.tool)
    .environment({ reportName: r.title })
    .addTests(tests)
    .summaryOverrides({ start: Math.round(r.startedAt), stop: Math.round(r.startedAt + r.durationMs) })
    .extra({ exitCode: r.exitCode, verdict: r.verdict, findings: r.findings, ...(r.properties ? { properties: r.properties } : {}), ...r.extra })
    .build();
}

/** GitHub Actions workflow commands: an error per finding, a warning per thing left unchecked. */
export function githubAnnotations(r: CheckReport): string[] {
  const data = (s: string) => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
  const property = (s: string) => data(s).replace(/:/g, '%3A').replace(/,/g, '%2C');
  return [
    ...r.findings.map((f) => `::error title=${property(`${r.tool.name}: ${f.rule}`)}::${data(describeFinding(f))}`),
    ...r.warnings.map((w) => `::warning title=${property(`${r.tool.name}: ${w.title}`)}::${data(w.message)}`),
  ];
}

/** The human summary: the verdict, the findings, then the check's own sections. */
export function summaryMarkdown(r: CheckReport): string {
  const out = [
    `# ${r.title}`,
    '',
    `**${r.verdict}** (exit code ${r.exitCode}): ${count(r, 'passed')} passed, ${count(r, 'failed')} failed, ${count(r, 'skipped')} skipped, in ${(r.durationMs / 1000).toFixed(1)} s.`,
    '',
  ];
  if (r.findings.length) {
    out.push(`## Findings (${r.findings.length} distinct)`, '');
    for (const f of r.findings) out.push(`- ${describeFinding(f).replace(/^(.*?) — /, '**$1** — ')}`);
    out.push('');
  }
  for (const s of r.sections) if (s.body.trim()) out.push(`## ${s.title}`, '', s.body, '');
  return out.join('\n');
}

export interface ReportFiles {
  junit: string;
  ctrf: string;
  summary: string;
}

/** Writes `<name>-junit.xml`, `<name>-ctrf.json` and `<name>-summary.md` to `dir`. */
export function writeReports(r: CheckReport, dir: string, name: string): ReportFiles {
  mkdirSync(dir, { recursive: true });
  const files = { junit: join(dir, `${name}-junit.xml`), ctrf: join(dir, `${name}-ctrf.json`), summary: join(dir, `${name}-summary.md`) };
  writeFileSync(files.junit, junitXml(r));
  writeFileSync(files.ctrf, `${stringify(ctrfReport(r), { pretty: true, indent: 2 })}\n`);
  writeFileSync(files.summary, summaryMarkdown(r));
  return files;
}

/** A markdown table (cells with `|` escaped). */
export function markdownTable(header: string[], rows: string[][]): string {
  const cell = (s: string) => s.replace(/\|/g, '\\|');
  return [`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`, ...rows.map((row) => `| ${row.map(cell).join(' | ')} |`)].join('\n');
}

/** A fixed-width text table for the terminal (the last column is not padded). */
export function textTable(header: string[], rows: string[][]): string {
  const all = [header, ...rows];
  const widths = header.map((_, i) => Math.max(...all.map((row) => row[i]!.length)));
  return all.map((row) => row.map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i]!))).join('  ')).join('\n');
}
