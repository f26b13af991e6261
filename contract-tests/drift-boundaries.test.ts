// The generated phase at the boundaries whose requests have effects, on the project's store: against the
// reference server it sends every probe of the contract, finds nothing, and deletes every template it made
// (valid creations made, valid edits accepted); and each drift of drift/boundaries.ts (template creation and
// edits at and one past a limit, a send's branch with an optional field, a raw template without an optional
// member, named and positional parameters, a deleted template still listed) ends the run in a violation with
// the finding that names it, its section of the specification and its field. The share caught is the
// detection figure (reports/drift-harness-boundaries.md).
import { BOUNDARY_DRIFTS } from './drift/boundaries';
import { runWideThrough, useDriftHarness } from './drift/harness-run';
import { EXIT } from './exit-codes';
import { CLEAN_UP_CASE } from './generated-requests/phase';
import { runSuite, type SuiteResult } from './runner';
import { withWebhookListener } from './targets';

const lines: string[] = [];
let caught = 0;
const figure = () => `${caught}/${BOUNDARY_DRIFTS.length}`;
const h = useDriftHarness('drift-harness-boundaries.md', () => [`# Drift harness: boundaries with effects (generated requests): ${figure()} drifts caught`, '', ...lines]);

afterAll(() => console.log(`drift harness, boundaries with effects: ${figure()} drifts caught`));

test('against the reference server the whole phase sends every probe of the contract, accepts what it must, and deletes every template it made', async () => {
  const apiKey = await h.server.fixtures.rateLimitKey!();
  // With a receiver, a valid edit waits for its template's review to end (its template.status), not for a time.
  const target = await withWebhookListener({ ...h.server, fixtures: { ...h.server.fixtures, apiKey }, close: async () => {} }, { host: '127.0.0.1', port: 0, secret: 'whsec_drift_boundaries', timeoutMs: 10_000 });
  let result: SuiteResult;
  try {
    result = await runSuite(target, { cases: [], generated: { seed: 37, maxRequests: 950, budgetMs: 420_000 } });
  } finally {
    await target.close();
  }
  const g = result.generated!;
  expect(result.findings).toEqual([]);
  // The first round (every probe once) over; later ones went on until --max-requests.
  expect(g).toMatchObject({ notSent: [], cleanupFailures: [] });
  expect(g.rounds).toBeGreaterThanOrEqual(1);
  expect(g.probesSent).toBe(g.probes.valid + g.probes.invalid);
  // Every valid creation made its template, and the valid edits went to them once reviewed (the suite's server
  // reviews in 0.1 s).
  expect(g.created).toBeGreaterThan(60);
  expect(g.cleanedUp).toBe(g.created);
  // Most were accepted; a few were refused for what they refer to (a drawn handle, a URL on the target's host), and
  // on a loaded machine one may have met a template whose review was late (409, which the contract allows).
  expect(g.validEdits.accepted).toBeGreaterThan(50);
  expect(g.validEdits.conflicts).toBeLessThan(g.validEdits.sent / 10);
  expect(result.results.find((r) => r.name === CLEAN_UP_CASE)?.outcome).toBe('passed');
  // About 40 s on an idle machine; the budget and the timeout leave room for a loaded one.
}, 480_000);

describe('each drift at a boundary with effects ends the run in a violation, with the finding that names it', () => {
  test.each(BOUNDARY_DRIFTS.map((d) => [`${d.class}: ${d.name}`, d] as const))('%s', async (_name, drift) => {
    const result = await runWideThrough(h, drift.behaviour(), drift.run);
    const rules = result.findings.map((f) => f.rule);
    const found = rules.filter((r) => drift.finding.test(r));
    if (found.length) caught++;
    lines.push(`- ${found.length ? 'caught' : 'MISSED'} (${drift.class}): ${drift.name} — ${found[0] ?? `found: ${rules.join(' | ') || 'nothing'}`}`);
    expect(found).not.toEqual([]);
    expect(result.exitCode).toBe(EXIT.violation);
  }, 180_000);
});
