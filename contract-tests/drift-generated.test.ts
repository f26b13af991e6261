// The run-wide checks test themselves: each drift of drift/catalogue-generated.ts (a boundary refused or
// overstepped, a header broken on some answers, GET /status demanding a key, an operation not implemented) is
// put in front of the reference server by the mutating proxy, and the run must end in a violation (exit 1) with
// the finding that names it; then the variations the specification allows, all at once, through the whole
// generated phase and the header rules, and nothing may be flagged. The share of drifts caught is the detection
// figure (reports/drift-harness-run-wide.md). The boundaries with effects are drift-boundaries.test.ts's.
import { contract } from '../spec';
import { ALLOWED } from './drift/catalogue';
import { RUN_WIDE_ALLOWED, RUN_WIDE_DRIFTS, type RunWideDrift } from './drift/catalogue-generated';
import { runWideThrough, useDriftHarness } from './drift/harness-run';
import type { Behaviour } from './drift/proxy';
import { EXIT } from './exit-codes';
import type { GeneratedPhaseOptions } from './generated-requests/phase';
import { preflight } from './reachability';
import type { SuiteResult } from './runner';

const lines: string[] = [];
let caught = 0;
const figure = () => `${caught}/${RUN_WIDE_DRIFTS.length}`;
const h = useDriftHarness('drift-harness-run-wide.md', () => [`# Drift harness: run-wide checks (generated requests, headers, GET /status, coverage): ${figure()} drifts caught`, '', ...lines]);

afterAll(() => console.log(`drift harness, run-wide checks: ${figure()} drifts caught`));

/** A fresh key with every scope: a rate-limit window of its own for each run's main key. */
const freshKey = () => h.server.fixtures.rateLimitKey!();

const runThrough = (behaviour: Behaviour, run: RunWideDrift['run'], generated?: Partial<GeneratedPhaseOptions>, apiKey?: string): Promise<SuiteResult> =>
  runWideThrough(h, behaviour, run, generated, apiKey);

describe('each run-wide drift ends the run in a violation, with the finding that names it', () => {
  test.each(RUN_WIDE_DRIFTS.map((d) => [`${d.class}: ${d.name}`, d] as const))('%s', async (_name, drift) => {
    const result = await runThrough(drift.behaviour(), drift.run);
    const rules = result.findings.map((f) => f.rule);
    const found = rules.some((r) => drift.finding.test(r));
    if (found) caught++;
    lines.push(`- ${found ? 'caught' : 'MISSED'} (${drift.class}): ${drift.name} — ${rules.filter((r) => drift.finding.test(r))[0] ?? `found: ${rules.join(' | ') || 'nothing'}`}`);
    expect(rules.filter((r) => drift.finding.test(r))).not.toEqual([]);
    expect(result.exitCode).toBe(EXIT.violation);
    // Not a misconfiguration: the preflight lets a GET /status that demands a key through to the run.
    if (drift.class === 'GET /status demands a key') await expect(preflight(`${h.proxy.origin}/v1`, h.keys.apiKey)).resolves.toBeUndefined();
  }, 180_000);
});

test('variations the specification allows (all at once) are flagged by no run-wide check: every generated request, the header rules and the coverage verdict hold', async () => {
  const variations = [...ALLOWED, ...RUN_WIDE_ALLOWED].sort((a, b) => Number(a.name.startsWith('JSON is pretty')) - Number(b.name.startsWith('JSON is pretty')));
  const applied = new Map<string, number>(variations.map((a) => [a.name, 0]));
  const apiKey = await freshKey();
  const behaviours = variations.map((a) => [a.name, a.behaviour({ ...h.keys, apiKey })] as const);
  const combined: Behaviour = {
    request: (req) => {
      for (const [, b] of behaviours) b.request?.(req);
    },
    response: (res, req) => {
      for (const [name, b] of behaviours) {
        const before = JSON.stringify([res.headers, res.body.toString('base64')]);
        b.response?.(res, req);
        if (before !== JSON.stringify([res.headers, res.body.toString('base64')])) applied.set(name, applied.get(name)! + 1);
      }
    },
  };
  const allOperations = contract().operations.map((op) => op.operationId);
  const result = await runThrough(
    combined,
    { cases: ['every response carries its own X-Request-Id, a UUID (success, client error and refused key alike)', 'exhausting the key window answers 429 rate_limited with Retry-After'], operations: allOperations },
    { maxRequests: 1500, budgetMs: 150_000 },
    apiKey,
  );
  expect(result.findings.map((f) => `${f.rule} — ${f.example ?? ''}`.slice(0, 600))).toEqual([]);
  expect(result.exitCode).not.toBe(EXIT.violation);
  expect(result.generated!.sent).toBeGreaterThan(300);
  // Every probe of the contract was sent through them: nothing the variations change was left unjudged.
  expect(result.generated!.notSent).toEqual([]);
  // Each variation really was in the traffic ("variations" of webhooks have no webhook here).
  expect([...applied].filter(([name, n]) => n === 0 && !/webhook/.test(name))).toEqual([]);
}, 300_000);
