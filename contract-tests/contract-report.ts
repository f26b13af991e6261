// A contract run as a report (report.ts): its cases and findings, and the sections a CI user acts on — which
// fixture unlocks which cases, which operations went without a checked 2xx, what the target cannot hold, what
// the user chose to go without, and the coverage table.
import type { FixtureName } from './fixtures-file';
import { describeFinding, findingId, markdownTable, plural, type CheckReport, type ReportedCase } from './report';
import type { GeneratedPhaseStats } from './generated-requests/phase';
import type { CaseResult, SuiteResult, Waivable } from './runner';
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

const waivedBy = (r: SuiteResult, f: Waivable) => r.allowMissing === 'all' || r.allowMissing.has(f);

/** `842 of 842 (100 %)`. */
const share = (sent: number, total: number) => `${sent} of ${total} (${total ? Math.floor((sent / total) * 1000) / 10 : 100} %)`;

/**
 * What the generated phase did: its seed, what it sent with which keys and how long it waited for their
 * windows, its probe coverage per operation, why it stopped, what it did not send, and its clean-up.
 */
function generatedSection(g: GeneratedPhaseStats, waived: boolean): string {
  const stop = {
    done: 'every probe of the contract was sent',
    'max-requests': `stopped at --max-requests ${g.maxRequests}`,
    budget: `stopped by the budget (--budget ${g.budgetMs / 1000} s)`,
    'rate-limit': 'stopped by the rate limit',
  }[g.stoppedBy];
  const ended = g.stoppedBy !== 'done' && g.notSent.length === 0 ? `every probe of the contract was sent; the later rounds ${stop}` : stop;
  const probes = g.probes.valid + g.probes.invalid;
  const keys = g.perKey.length === 1 ? 'one key' : `${g.perKey.length} keys (${g.perKey.join(', ')} requests)`;
  const waits = g.waits ? `${plural(g.waits, 'wait')} for a window (${(g.waitedMs / 1000).toFixed(1)} s)` : 'no wait for a window';
  const excluded = new Map<string, number>();
  for (const u of g.excluded) excluded.set(u.why, (excluded.get(u.why) ?? 0) + 1);
  const rows = [...new Set(g.coverage.map((c) => c.operation))].map((operation) => {
    const cell = (kind: 'valid' | 'invalid') => {
      const c = g.coverage.find((x) => x.operation === operation && x.kind === kind);
      return c ? `${c.sent}/${c.total}` : '—';
    };
    return [operation, cell('valid'), cell('invalid')];
  });
  return [
    `Seed ${g.seed}: repeat with \`--seed ${g.seed}\`. ${plural(g.sent, 'request')} in ${(g.durationMs / 1000).toFixed(1)} s (${g.sentValid} valid at a boundary of the contract or drawn at random, ${g.sentInvalid} breaking one constraint) with ${keys}; ${waits}.`,
    '',
    `**Probe coverage: ${share(g.probesSent, probes)}** of the contract's probes sent (${g.probes.valid} valid, ${g.probes.invalid} invalid); ${plural(g.rounds, 'full round')}; ${ended}${g.note ? `: ${g.note}` : ''}.`,
    '',
    markdownTable(['operation', 'valid probes sent', 'invalid probes sent'], rows),
    ...(g.notSent.length
      ? ['', `Not sent (${g.notSent.length})${waived ? ' — waived by --allow-missing generated' : ': the run is incomplete'}:`, ...g.notSent.map((u) => `- ${u.probe}: ${u.why}`)]
      : []),
    ...(excluded.size ? ['', 'Not counted as probes of the contract:', ...[...excluded].map(([why, n]) => `- ${plural(n, 'probe')}: ${why}`)] : []),
    '',
    g.validEdits.sent
      ? `Valid edits sent to templates the phase made: ${g.validEdits.sent}, accepted: ${g.validEdits.accepted}${g.validEdits.conflicts ? `; ${g.validEdits.conflicts} found the template in a state that refuses edits (409, which the contract allows: their acceptance was not observed)` : ''}${g.validEdits.sent - g.validEdits.accepted - g.validEdits.conflicts ? `; ${g.validEdits.sent - g.validEdits.accepted - g.validEdits.conflicts} refused for what they refer to (a media handle, a URL)` : ''}.`
      : 'No valid edit went to a template the phase made.',
    `Templates created by the phase: ${g.created}, deleted at its end: ${g.cleanedUp}${g.cleanupFailures.length ? `; **not deleted**: ${g.cleanupFailures.join('; ')}` : ''}.`,
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

  const g = r.generated;
  if (g?.notSent.length && !waivedBy(r, 'generated')) {
    warnings.push({ title: 'generated probes not sent', message: `${g.notSent.length} of ${g.probes.valid + g.probes.invalid} probes of the contract were not sent: ${g.notSent.slice(0, 5).map((u) => u.probe).join('; ')}${g.notSent.length > 5 ? '; …' : ''}` });
  }
  if (g?.cleanupFailures.length) warnings.push({ title: 'templates left behind', message: `the generated phase could not delete what it made: ${g.cleanupFailures.join('; ')}` });

  const profile = new Map<string, string[]>();
  for (const c of r.results) if (c.skip?.kind === 'profile') profile.set(c.skip.reason, [...(profile.get(c.skip.reason) ?? []), c.name]);
  const cannot = [...profile].flatMap(([reason, names]) => [`- ${reason} (${names.length}):`, ...bullet(names)]);

  const lowered =
    r.allowMissing === 'all' || r.allowMissing.size
      ? `Lowered with \`--allow-missing ${r.allowMissing === 'all' ? 'all' : [...r.allowMissing].map((f) => (f === 'generated' ? f : ENTRY_OF[f])).join(',')}\`: cases that need ${
          r.allowMissing === 'all' ? 'any fixture' : 'these fixtures'
        }, and operations left without a checked 2xx by them, do not make the run incomplete${waivedBy(r, 'generated') ? ", nor do probes of the contract the generated phase did not send" : ''}.`
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
      { title: 'Generated requests', body: r.generated ? generatedSection(r.generated, waivedBy(r, 'generated')) : '' },
      { title: 'Behaviour not judged (--shape-only)', body: unjudged.join('\n') },
      { title: 'Operations without a checked 2xx answer', body: unchecked.join('\n') },
      { title: 'Not run: fixtures missing or unavailable (which fixture unlocks which cases)', body: missing.join('\n') },
      { title: 'Not run: what this target cannot hold', body: cannot.join('\n') },
      { title: 'Coverage', body: r.coverage.table() },
    ],
    properties: {
      conformance: `${(r.coverage.conformance().share * 100).toFixed(1)}%`,
      ...Object.fromEntries(verdicts.map((v) => [`coverage.${v.operation}`, v.verdict])),
      ...(r.generated
        ? {
            'generated.seed': String(r.generated.seed),
            'generated.requests': String(r.generated.sent),
            'generated.probe-coverage': `${r.generated.probesSent}/${r.generated.probes.valid + r.generated.probes.invalid}`,
            'generated.stopped-by': r.generated.stoppedBy,
          }
        : {}),
    },
    ...(b ? { extra: { baseline: { file: b.file, accepted: b.accepted, stale: b.stale } } } : {}),
  };
}
