// JUnit XML and the human summary of a contract run.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { SuiteResult } from './runner';

const xml = (s: string) =>
  s
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');

export function junitXml(r: SuiteResult): string {
  const count = (o: string) => r.results.filter((x) => x.outcome === o).length;
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="contract" tests="${r.results.length}" failures="${count('failed')}" skipped="${count('skipped')}" time="${(r.durationMs / 1000).toFixed(3)}">`,
    `  <testsuite name="contract suite on ${xml(r.target)} (${xml(r.baseUrl)})" tests="${r.results.length}" failures="${count('failed')}" errors="0" skipped="${count('skipped')}" time="${(r.durationMs / 1000).toFixed(3)}">`,
  ];
  for (const c of r.results) {
    const head = `    <testcase classname="${xml(`contract.${r.target}.${c.operation}`)}" name="${xml(c.name)}" time="${(c.durationMs / 1000).toFixed(3)}"`;
    if (c.outcome === 'passed') lines.push(`${head}/>`);
    else if (c.outcome === 'failed') {
      const first = (c.message ?? '').split('\n')[0]!;
      lines.push(`${head}>`, `      <failure message="${xml(first)}">${xml(c.message ?? '')}</failure>`, '    </testcase>');
    } else lines.push(`${head}>`, `      <skipped message="${xml(`${c.outcome}: ${c.message ?? ''}`)}"/>`, '    </testcase>');
  }
  lines.push('  </testsuite>', '</testsuites>', '');
  return lines.join('\n');
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

export function writeReports(r: SuiteResult, files: { junit: string; summary: string }): void {
  for (const f of [files.junit, files.summary]) mkdirSync(dirname(f), { recursive: true });
  writeFileSync(files.junit, junitXml(r));
  writeFileSync(files.summary, summaryMarkdown(r));
}
