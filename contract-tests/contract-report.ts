// A contract run as a report (report.ts): its cases and findings, and the sections a CI user acts on — which
// fixture unlocks which cases, which operations went without a checked 2xx, what the target cannot hold, what
// the user chose to go without, and the coverage table.
import type { FixtureName } from './fixtures-file';
import { describeFinding, findingId, plural, type CheckReport, type ReportedCase } from './report';
import type { GeneratedPhaseStats } from './generated-requests/phase';
import type { CaseResult, SuiteResult } from './runner';
import { ENTRY_OF, missingReason } from './targets';

/** The check command, as its messages and reports name it. */
const TOOL = { name: 'contract' };

const bullet = (names: string[]) => names.map((n) => `  - ${n}`);

/** Cases not run for a fixture, grouped by the fixture that would unlock them. */
function byFixture(results: CaseResult[]): Map<FixtureName, { reasons: Set<string>; cases: string[] }> {
  const groups = new Map<FixtureName, { reasons: Set<string>; cases: string[] }>();
  for (const r of results) {
    if (!r.skip || r.skip.kind === 'profile') continue;
    for (const f of r.skip.fixtures) {
      const g = groups.get(f) ?? { reasons: new Set<string>(), cases: [] };
      g.reasons.add(r.skip.kind === 'fixture' ? missingReason(f) : r.skip.reason);
      g.cases.push(r.name);
      groups.set(f, g);
    }
  }
  return groups;
}

const waivedBy = (r: SuiteResult, f: FixtureName) => r.allowMissing === 'all' || r.allowMissing.has(f);

/** What the generated phase did: its seed, what it sent, how it ended, what it could not send, and its clean-up. */
function generatedSection(g: GeneratedPhaseStats): string {
  const ended = {
    done: 'every probe was sent',
    'max-requests': `stopped at --max-requests ${g.maxRequests}`,
    budget: `stopped by the budget (--budget ${g.budgetMs / 1000} s)`,
    'rate-limit': `stopped by the rate limit: ${g.rateLimitNote ?? ''}`,
  }[g.stoppedBy];
  const probes = g.probes.valid + g.probes.invalid;
  const reasons = new Map<string, number>();
  for (const u of g.unsent) reasons.set(u.why, (reasons.get(u.why) ?? 0) + 1);
  return [
    `Seed ${g.seed}: repeat with \`--seed ${g.seed}\`. ${plural(g.sent, 'request')} in ${(g.durationMs / 1000).toFixed(1)} s (${g.sentValid} valid at a boundary of the contract or drawn at random, ${g.sentInvalid} breaking one constraint), over ${g.probesSent} of ${probes} probes (${g.probes.valid} valid, ${g.probes.invalid} invalid); ${plural(g.rounds, 'full round')}; ${ended}.`,
    ...(reasons.size ? ['', 'Not sent:', ...[...reasons].map(([why, n]) => `- ${plural(n, 'probe')}: ${why}`)] : []),
    '',
    `Templates created by the phase: ${g.created}, deleted at its end: ${g.cleanedUp}${g.cleanupFailures.length ? `; not deleted: ${g.cleanupFailures.join('; ')}` : ''}.`,
  ].join('\n');
}

export function contractReport(r: SuiteResult): CheckReport {
  const cases: ReportedCase[] = r.results.map((c) => ({
    name: c.name,
    group: c.operation,
    outcome: c.outcome,
    durationMs: c.durationMs,
    ...(c.skip ? { skipReason: c.skip.reason, skipKind: c.skip.kind === 'profile' ? 'target cannot hold it' : c.skip.kind === 'fixture' ? 'fixture missing' : 'fixture unavailable' } : {}),
    ...(c.outcome === 'failed' ? { broke: [...new Set(c.occurrences.map((o) => o.rule))] } : {}),
    ...(c.accepted?.length ? { notes: [...new Set(c.accepted.map((o) => `accepted by the baseline [id ${findingId(o.rule)}]: ${o.rule}`))] } : {}),
  }));

  const fixtures = byFixture(r.results);
  const missing: string[] = [];
  const warnings: CheckReport['warnings'] = [];
  for (const [f, g] of fixtures) {
    const waived = waivedBy(r, f) ? ' — waived by --allow-missing' : '';
    missing.push(`- **${ENTRY_OF[f]}**: ${[...g.reasons].join('; ')}${waived}. Unlocks ${plural(g.cases.length, 'case')}:`, ...bullet(g.cases));
    if (!waived) warnings.push({ title: `${ENTRY_OF[f]} missing`, message: `${[...g.reasons].join('; ')}: ${g.cases.length} case(s) not run` });
  }

  const unchecked = r.unchecked.map((u) => `- **${u.operation}**: ${u.reason}${u.because === 'profile' ? ' (the target cannot hold it)' : u.waived ? ' — waived by --allow-missing' : ''}`);
  for (const u of r.unchecked.filter((x) => !x.waived)) warnings.push({ title: `${u.operation} unchecked`, message: `no documented 2xx answer was checked: ${u.reason}` });

  const profile = new Map<string, string[]>();
  for (const c of r.results) if (c.skip?.kind === 'profile') profile.set(c.skip.reason, [...(profile.get(c.skip.reason) ?? []), c.name]);
  const cannot = [...profile].flatMap(([reason, names]) => [`- ${reason} (${names.length}):`, ...bullet(names)]);

  const lowered =
    r.allowMissing === 'all' || r.allowMissing.size
      ? `Lowered with \`--allow-missing ${r.allowMissing === 'all' ? 'all' : [...r.allowMissing].map((f) => ENTRY_OF[f]).join(',')}\`: cases that need ${
          r.allowMissing === 'all' ? 'any fixture' : 'these fixtures'
        }, and operations left without a checked 2xx by them, do not make the run incomplete.`
      : 'Not lowered: every operation needs a checked 2xx answer, and every case its fixtures.';
  const shapeOnly = r.shapeOnly
    ? ' Lowered with `--shape-only`: only the shape of every response (status, content type, body, headers against openapi.yaml) was judged; the behaviour rules the cases broke are listed below and did not fail them.'
    : '';
  const unjudged = r.results
    .filter((c) => c.unjudged?.length)
    .flatMap((c) => [`- ${c.name}:`, ...bullet([...new Set(c.unjudged!.map((o) => `${o.rule}${o.example ? ` (${o.example})` : ''}`))])]);

  const verdicts = r.coverage.verdicts();
  const verdictBody = [
    `Conformance: **${r.coverage.conformanceLine()}**.`,
    '',
    ...(['covered', 'no success', 'not implemented', 'not exercised'] as const).flatMap((v) => {
      const ops = verdicts.filter((x) => x.verdict === v).map((x) => x.operation);
      return ops.length ? [`- **${v}** (${ops.length}): ${ops.join(', ')}`] : [];
    }),
  ].join('\n');

  const b = r.baseline;
  for (const e of b?.stale ?? []) warnings.push({ title: `stale baseline entry ${e.id}`, message: `${b!.file} accepts ${e.id}${e.rule ? ` (${e.rule})` : ''}, which this run did not find: remove it` });
  const acceptedBody = (b?.accepted ?? []).map((f) => `- ${describeFinding(f).replace(/^(.*?) — /, '**$1** — ')}; accepted: ${f.reason}`).join('\n');
  const staleBody = (b?.stale ?? []).map((e) => `- [id ${e.id}] ${e.rule ?? '(no rule given)'}; accepted: ${e.reason}`).join('\n');
  const acceptedNote = b?.accepted.length ? ` (${plural(b.accepted.length, 'finding')} accepted by the baseline ${b.file})` : '';

  return {
    tool: TOOL,
    title: `Contract run against ${r.target} (${r.baseUrl})`,
    startedAt: r.startedAt,
    durationMs: r.durationMs,
    exitCode: r.exitCode,
    verdict: `${r.verdict}${acceptedNote}`,
    cases,
    findings: r.findings,
    warnings,
    sections: [
      { title: 'The bar', body: `${lowered}${shapeOnly}` },
      { title: 'Accepted by the baseline (reported, not failing)', body: acceptedBody },
      { title: 'Stale baseline entries (no longer found: remove them)', body: staleBody },
      { title: 'Coverage verdict', body: verdictBody },
      { title: 'Generated requests', body: r.generated ? generatedSection(r.generated) : '' },
      { title: 'Behaviour not judged (--shape-only)', body: unjudged.join('\n') },
      { title: 'Operations without a checked 2xx answer', body: unchecked.join('\n') },
      { title: 'Not run: fixtures missing or unavailable (which fixture unlocks which cases)', body: missing.join('\n') },
      { title: 'Not run: what this target cannot hold', body: cannot.join('\n') },
      { title: 'Coverage', body: r.coverage.table() },
    ],
    properties: {
      conformance: `${(r.coverage.conformance().share * 100).toFixed(1)}%`,
      ...Object.fromEntries(verdicts.map((v) => [`coverage.${v.operation}`, v.verdict])),
      ...(r.generated ? { 'generated.seed': String(r.generated.seed), 'generated.requests': String(r.generated.sent) } : {}),
    },
    ...(b ? { extra: { baseline: { file: b.file, accepted: b.accepted, stale: b.stale } } } : {}),
  };
}
