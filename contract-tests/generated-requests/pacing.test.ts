// The generated phase under the implementation's own rate limit, against the reference server with a short window
// (3 requests per key every 2 s, which even a loaded machine's phase outruns) on the project's store: it waits for
// each next window instead of stopping and sends every probe, spreads its requests over the extra keys of the
// partner, and when the budget cannot hold the windows it needs it stops naming what it did not send, which makes
// the run incomplete unless `--allow-missing generated` says the user accepts that. (sender.test.ts holds the
// waits and the stop on fake time.)
import { Coverage } from '../coverage';
import { newRunState } from '../harness';
import { SUITE_SERVER_ENV, startServerTarget } from '../local-targets';
import { judge, runSuite } from '../runner';
import type { RunningTarget } from '../targets';
import { contract } from '../../spec';
import { EXIT } from '../exit-codes';
import { contractReport } from '../contract-report';
import { summaryMarkdown } from '../report';
import { runGeneratedPhase, type GeneratedPhaseOptions } from './phase';

const WINDOW = { max: 3, seconds: 2 };
/** Operations with few probes (21), so the test takes a few windows; fewer still (7) for a single key. */
const OPERATIONS = ['getClient', 'getUsage', 'getStatus', 'deleteTemplate'];
const FEW_OPERATIONS = ['getClient', 'getUsage', 'getStatus'];

let target: RunningTarget;
beforeAll(async () => {
  target = await startServerTarget({ ...SUITE_SERVER_ENV, RATE_LIMIT_MAX: String(WINDOW.max), RATE_LIMIT_WINDOW_SECONDS: String(WINDOW.seconds) });
}, 120_000);
afterAll(() => target?.close());

/** The target with `keys` fresh keys of its partner (the first as api_key): windows no other test has used. */
async function withFreshKeys(keys: number): Promise<RunningTarget> {
  const fresh = await Promise.all(Array.from({ length: keys }, () => target.fixtures.rateLimitKey!()));
  return { ...target, fixtures: { ...target.fixtures, apiKey: fresh[0]!, extraApiKeys: fresh.slice(1) } };
}

/** An answer the phase got: with which key, when, its status and Retry-After. */
interface Seen {
  key: string;
  at: number;
  status: number;
  retryAfter: number;
}

/** Runs the phase, recording every answer to a keyed request. */
async function phase(t: RunningTarget, opts: Partial<GeneratedPhaseOptions> = {}) {
  const seen: Seen[] = [];
  const realFetch = globalThis.fetch;
  globalThis.fetch = async (input: Request | string | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const key = request.headers.get('authorization');
    const res = await realFetch(request);
    if (key) seen.push({ key, at: Date.now(), status: res.status, retryAfter: Number(res.headers.get('retry-after') ?? 0) });
    return res;
  };
  try {
    const run = newRunState(10_000);
    const result = await runGeneratedPhase(t, new Coverage('reference-server'), run, { seed: 5, maxRequests: 1000, budgetMs: 120_000, operations: OPERATIONS, ...opts });
    return { ...result, seen };
  } finally {
    globalThis.fetch = realFetch;
  }
}

/** Requests a key made before the wait a 429 asked of it was over (the clocks may differ by a few milliseconds). */
const sentTooEarly = (seen: Seen[]) =>
  seen.filter((s, i) => seen.slice(0, i).some((r) => r.key === s.key && r.status === 429 && s.at < r.at + r.retryAfter * 1000 - 100));

test('with one key of 3 requests a 2-second window, the phase waits for each next window and sends every probe, never sending before a Retry-After is over', async () => {
  const { stats, results, seen } = await phase(await withFreshKeys(1), { operations: FEW_OPERATIONS });
  expect(results.flatMap((r) => r.occurrences)).toEqual([]);
  expect(stats).toMatchObject({ stoppedBy: 'done', notSent: [], probesSent: stats.probes.valid + stats.probes.invalid, cleanupFailures: [] });
  expect(stats.coverage.every((c) => c.sent === c.total)).toBe(true);
  // 6 keyed probes and the phase's 7 own requests: the window was exhausted, and the phase went on after it.
  const firstRefusal = seen.findIndex((s) => s.status === 429);
  expect(firstRefusal).toBeGreaterThan(-1);
  expect(seen.slice(firstRefusal).filter((s) => s.status < 300).length).toBeGreaterThan(WINDOW.max);
  expect(stats.waits).toBeGreaterThan(0);
  expect(sentTooEarly(seen)).toEqual([]);
}, 120_000);

test('with three keys the requests are spread over them, each within its own window, and none is sent before its Retry-After is over', async () => {
  const { stats, seen } = await phase(await withFreshKeys(3));
  expect(stats).toMatchObject({ stoppedBy: 'done', notSent: [] });
  expect(stats.perKey).toHaveLength(3);
  for (const n of stats.perKey) expect(n).toBeGreaterThan(WINDOW.max);
  expect(new Set(seen.map((s) => s.key)).size).toBe(3);
  expect(sentTooEarly(seen)).toEqual([]);
}, 120_000);

test('a budget the windows do not fit stops the phase, which names every probe it did not send; the run is incomplete (3)', async () => {
  const t = await withFreshKeys(1);
  const result = await runSuite(t, { cases: [], allowMissing: 'all', generated: { seed: 5, maxRequests: 1000, budgetMs: 500, operations: OPERATIONS } });
  const g = result.generated!;
  // The budget ran out, or the next window would have opened after it (sender.test.ts holds which is said when).
  expect(['budget', 'rate-limit']).toContain(g.stoppedBy);
  expect(g.notSent.length).toBe(g.probes.valid + g.probes.invalid - g.probesSent);
  expect(g.notSent.length).toBeGreaterThan(0);
  expect(g.notSent[0]!.why).toMatch(/^not reached: the (phase stopped at its budget|keys' next window opens after the budget)$/);
  // Everything else waived, the probes not sent alone make the run incomplete, unless `generated` is waived too.
  const everyOperationChecked = new Coverage('reference-server');
  for (const op of contract().operations) everyOperationChecked.record(op.operationId, Object.keys(op.responses).find((s) => s.startsWith('2'))!, undefined);
  const strict = judge(t, [], everyOperationChecked, new Set(), Date.now(), false, g);
  expect([strict.exitCode, strict.verdict]).toEqual([EXIT.incomplete, `INCOMPLETE: 0 cases not run for want of fixtures; 0 operations without a checked 2xx; ${g.notSent.length} generated probes of the contract not sent`]);
  expect(judge(t, [], everyOperationChecked, new Set(['generated']), Date.now(), false, g).exitCode).toBe(EXIT.passed);
  // The summary states the coverage, why the phase stopped, and names what it did not send.
  const summary = summaryMarkdown(contractReport(result));
  expect(summary).toContain(`**Probe coverage: ${g.probesSent} of ${g.probes.valid + g.probes.invalid} (`);
  expect(summary).toMatch(/; stopped by (the budget|the rate limit)/);
  expect(summary).toContain(`Not sent (${g.notSent.length}) — waived by --allow-missing generated:\n- ${g.notSent[0]!.probe}: not reached`);
}, 120_000);
