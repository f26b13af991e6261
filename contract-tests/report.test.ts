// The report writers every check against an implementation shares: findings merged per rule, the finding as
// the JUnit failure message, CTRF as ctrf.io defines it (held to its schema by the ctrf package), GitHub
// workflow commands escaped, one verdict line.
import { validateStrict } from 'ctrf';
import { EXIT } from './exit-codes';
import { ctrfReport, FindingList, findingId, githubAnnotations, junitXml, summaryMarkdown, verdictOf, type CheckReport } from './report';

const findings = new FindingList();
findings.add("body /channel: must have required property 'channel'", 'getClient 200', 'case a');
findings.add("body /channel: must have required property 'channel'", 'getClient 200', 'case b');
findings.add('expected 404 not_found, got 404 client_not_found', 'getClient', 'case c', '{"error":{"code":"client_not_found"}}');

const report: CheckReport = {
  tool: { name: 'check', version: '1.0.0' },
  title: 'Check <run> & "more"',
  startedAt: 1_700_000_000_000,
  durationMs: 1500,
  exitCode: EXIT.violation,
  verdict: 'FAILED: 2 distinct violations in 3 cases',
  cases: [
    { name: 'case a', group: 'getClient', outcome: 'failed', durationMs: 10, broke: ["body /channel: must have required property 'channel'"] },
    { name: 'case b', group: 'getClient', outcome: 'failed', durationMs: 10, broke: ["body /channel: must have required property 'channel'"] },
    { name: 'case c', group: 'getClient', outcome: 'failed', durationMs: 10, broke: ['expected 404 not_found, got 404 client_not_found'] },
    { name: 'case d', group: 'listClients', outcome: 'skipped', durationMs: 0, skipKind: 'fixture missing', skipReason: 'no chat_client_ref' },
    { name: 'case e', group: 'getStatus', outcome: 'passed', durationMs: 3, startedAt: 1_700_000_000_100 },
  ],
  findings: findings.all(),
  warnings: [{ title: 'chat_client_ref missing', message: 'no chat_client_ref:\n1 case not run' }],
  sections: [{ title: 'More', body: 'details' }],
};

test('occurrences of one rule make one finding, with its stable id, its count, where it occurred and its cases', () => {
  expect(findings.all()).toEqual([
    { id: findingId("body /channel: must have required property 'channel'"), rule: "body /channel: must have required property 'channel'", count: 2, cases: ['case a', 'case b'], where: ['getClient 200'] },
    { id: findingId('expected 404 not_found, got 404 client_not_found'), rule: 'expected 404 not_found, got 404 client_not_found', count: 1, cases: ['case c'], where: ['getClient'], example: '{"error":{"code":"client_not_found"}}' },
  ]);
});

test('JUnit: a failure message is the finding itself; a skip says why; counts add up', () => {
  const xml = junitXml(report);
  expect(xml).toContain('<testsuites name="check" tests="5" failures="3" errors="0" skipped="1" time="1.500">');
  expect(xml).toContain('<testsuite name="Check &lt;run&gt; &amp; &quot;more&quot;"');
  expect(xml).toContain(`<failure message="body /channel: must have required property 'channel' — 2× in getClient 200">`);
  expect(xml).toContain('<skipped message="fixture missing: no chat_client_ref"/>');
});

test('CTRF: valid against the ctrf.io schema, statuses from its set, the summary adding up, the finding as the message', () => {
  const ctrf = JSON.parse(JSON.stringify(ctrfReport(report)));
  expect(() => validateStrict(ctrf)).not.toThrow();
  expect(ctrf).toMatchObject({ reportFormat: 'CTRF', results: { tool: { name: 'check', version: '1.0.0' } } });
  expect(ctrf.results.summary).toMatchObject({ tests: 5, passed: 1, failed: 3, skipped: 1, pending: 0, other: 0, start: 1_700_000_000_000, stop: 1_700_000_001_500 });
  expect(ctrf.results.tests.map((t: any) => t.status)).toEqual(['failed', 'failed', 'failed', 'skipped', 'passed']);
  expect(ctrf.results.tests[2]).toMatchObject({ suite: ['check', 'getClient'], message: 'expected 404 not_found, got 404 client_not_found — 1× in getClient; e.g. {"error":{"code":"client_not_found"}}' });
  expect(ctrf.results.tests[3]).toMatchObject({ message: 'no chat_client_ref', rawStatus: 'fixture missing' });
  expect(ctrf.results.tests[4]).toMatchObject({ start: 1_700_000_000_100, stop: 1_700_000_000_103 });
  expect(ctrf.extra).toMatchObject({ exitCode: 1, verdict: report.verdict, findings: report.findings });
});

test('a CTRF report that breaks the schema is refused by the same validation (the check above can fail)', () => {
  const ctrf = JSON.parse(JSON.stringify(ctrfReport(report)));
  ctrf.results.tests[0].status = 'broken';
  expect(() => validateStrict(ctrf)).toThrow();
});

test('the verdict line of every check: PASSED, FAILED with its distinct violations, INCOMPLETE with why', () => {
  expect(verdictOf(EXIT.passed, { findings: 0, failedCases: 0 })).toBe('PASSED');
  expect(verdictOf(EXIT.violation, { findings: 1, failedCases: 3, incomplete: 'ignored' })).toBe('FAILED: 1 distinct violation in 3 cases');
  expect(verdictOf(EXIT.incomplete, { findings: 0, failedCases: 0, incomplete: '2 cases not checked' })).toBe('INCOMPLETE: 2 cases not checked');
});

test('GitHub workflow commands: an error per finding, a warning per warning, newlines and separators escaped', () => {
  expect(githubAnnotations(report)).toEqual([
    `::error title=check%3A body /channel%3A must have required property 'channel'::body /channel: must have required property 'channel' — 2× in getClient 200 (cases: case a, case b) [id ${findingId("body /channel: must have required property 'channel'")}]`,
    `::error title=check%3A expected 404 not_found%2C got 404 client_not_found::expected 404 not_found, got 404 client_not_found — 1× in getClient; e.g. {"error":{"code":"client_not_found"}} (case: case c) [id ${findingId('expected 404 not_found, got 404 client_not_found')}]`,
    '::warning title=check%3A chat_client_ref missing::no chat_client_ref:%0A1 case not run',
  ]);
});

test('the summary leads with the verdict and exit code, then one line per finding', () => {
  const md = summaryMarkdown(report);
  expect(md).toContain('**FAILED: 2 distinct violations in 3 cases** (exit code 1): 1 passed, 3 failed, 1 skipped');
  expect(md).toContain('## Findings (2 distinct)');
  expect(md.match(/^- \*\*/gm)).toHaveLength(2);
  expect(md).toContain('## More\n\ndetails');
});

test('figures of the run reach CI tools: JUnit <properties>, CTRF extra; a case’s notes its <system-out> and CTRF stdout', () => {
  const noted: CheckReport = {
    ...report,
    cases: [...report.cases, { name: 'case f', group: 'listClients', outcome: 'passed', durationMs: 1, notes: ['accepted by the baseline [id 0123456789]: a rule'] }],
    properties: { conformance: '71.2%', 'coverage.getUsage': 'covered' },
    extra: { baseline: { file: 'b.json', accepted: [], stale: [] } },
  };
  const xml = junitXml(noted);
  expect(xml).toContain('<properties>\n      <property name="conformance" value="71.2%"/>\n      <property name="coverage.getUsage" value="covered"/>\n    </properties>');
  expect(xml).toContain('name="case f" time="0.001">\n      <system-out>accepted by the baseline [id 0123456789]: a rule</system-out>\n    </testcase>');
  const ctrf = ctrfReport(noted);
  expect(() => validateStrict(ctrf)).not.toThrow();
  expect(ctrf.extra).toMatchObject({ properties: { conformance: '71.2%' }, baseline: { file: 'b.json' } });
  expect(ctrf.results.tests.find((t) => t.name === 'case f')!.stdout).toEqual(['accepted by the baseline [id 0123456789]: a rule']);
});
