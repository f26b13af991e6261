// The suite tests itself: a mutating proxy (drift/proxy.ts) puts each drift of the catalogue
// (drift/catalogue.ts) in front of the reference server, and the cases that exist for it must fail; then
// every variation the specification allows, all at once, and the whole suite must pass.
import { cases } from './cases';
import { ALLOWED, DRIFTS } from './drift/catalogue';
import { useDriftHarness } from './drift/harness-run';
import type { Behaviour } from './drift/proxy';
import { runSuite, type SuiteResult } from './runner';
import { behindPrismProxy, withWebhookListener, type RunningTarget } from './targets';

const caught: string[] = [];
const missed: string[] = [];
const figure = () => `${caught.length}/${DRIFTS.length}`;
const h = useDriftHarness('drift-harness.md', () => [
  `# Drift harness: ${figure()} drifts caught by the cases that exist for them`,
  '',
  ...caught.map((d) => `- caught: ${d}`),
  ...missed.map((d) => `- MISSED: ${d}`),
]);

afterAll(() => console.log(`drift harness: ${figure()} drifts caught; ${ALLOWED.length} allowed variations run through the whole suite`));

/** The reference server seen through the proxy with one behaviour, with a fresh webhook receiver relayed through it. */
async function runThrough(behaviour: Behaviour, only: string[] | undefined, webhookTimeoutMs: number, wrap = async (t: RunningTarget) => t): Promise<SuiteResult> {
  h.proxy.behaviour = behaviour;
  const through: RunningTarget = {
    ...h.server,
    baseUrl: `${h.proxy.origin}/v1`,
    configureWebhooks: async (url, secret) => {
      h.proxy.relay = { to: url, secret };
      await h.server.configureWebhooks!(h.proxy.relayUrl, secret);
    },
    close: async () => {},
  };
  const target = await wrap(await withWebhookListener(through, { host: '127.0.0.1', port: 0, secret: 'whsec_drift_harness_secret', timeoutMs: webhookTimeoutMs }));
  try {
    return await runSuite(target, { cases: only ? cases.filter((c) => only.includes(c.name)) : cases, reviewTimeoutMs: 30_000 });
  } finally {
    await target.close();
  }
}

describe('each drift makes the cases that exist for it fail', () => {
  test.each(DRIFTS.map((d) => [d.name, d] as const))('%s', async (_name, drift) => {
    for (const name of drift.caughtBy) expect(cases.map((c) => c.name)).toContain(name);
    const result = await runThrough(drift.behaviour(h.keys), drift.caughtBy, 10_000);
    const outcomes = drift.caughtBy.map((name) => [name, result.results.find((r) => r.name === name)?.outcome]);
    const held = outcomes.filter(([, outcome]) => outcome !== 'failed');
    const found = result.findings.map((f) => f.rule).join(' | ');
    (held.length ? missed : caught).push(`${drift.name} — found: ${found || 'nothing'}`);
    expect(held).toEqual([]);
    expect(result.exitCode).toBe(1);
  }, 60_000);
});

test('behaviour the specification allows (all of it at once) is not flagged: the whole suite passes through it', async () => {
  const applied = new Map<string, number>(ALLOWED.map((a) => [a.name, 0]));
  const count = (name: string, before: string, after: string) => before !== after && applied.set(name, applied.get(name)! + 1);
  // Pretty-printing last: every other variation re-serializes the body.
  const variations = [...ALLOWED].sort((a, b) => Number(a.name.startsWith('JSON is pretty')) - Number(b.name.startsWith('JSON is pretty')));
  const behaviours = variations.map((a) => [a.name, a.behaviour(h.keys)] as const);
  const combined: Behaviour = {
    request: (req) => {
      for (const [, b] of behaviours) b.request?.(req);
    },
    response: (res, req) => {
      for (const [name, b] of behaviours) {
        const before = JSON.stringify([res.headers, res.body.toString('base64')]);
        b.response?.(res, req);
        count(name, before, JSON.stringify([res.headers, res.body.toString('base64')]));
      }
    },
    webhook: (d, sign) => {
      let out = d;
      for (const [name, b] of behaviours) {
        if (!b.webhook) continue;
        const changed = b.webhook(out, sign)!;
        count(name, out.raw.toString('base64'), changed.raw.toString('base64'));
        out = changed;
      }
      return out;
    },
    // Relays nest: each variation's forward is the next one's relay.
    relay: (d, forward, sign) =>
      behaviours
        .filter(([, b]) => b.relay)
        .reduceRight<typeof forward>((next, [, b]) => (x) => b.relay!(x, next, sign), forward)(d),
  };
  const result = await runThrough(combined, undefined, 30_000);
  const failed = result.results.filter((r) => r.outcome !== 'passed').map((r) => `${r.name}: ${r.skip?.reason ?? JSON.stringify(r.occurrences)}`);
  expect(failed).toEqual([]);
  expect(result.exitCode).toBe(0);
  // Each variation really was in the traffic: "not flagged" means something only if it was there.
  for (const [name, b] of behaviours) if (b.applications) applied.set(name, b.applications());
  expect([...applied].filter(([, n]) => n === 0)).toEqual([]);
}, 180_000);

test('prism proxy --errors in front of a drifted implementation reports the drift independently', async () => {
  const drift = DRIFTS.find((d) => d.name === 'Client.channel renamed to channel_type')!;
  const result = await runThrough(drift.behaviour(h.keys), drift.caughtBy, 10_000, behindPrismProxy);
  const rules = result.results.filter((r) => r.outcome === 'failed').flatMap((r) => r.occurrences.map((o) => o.rule));
  // Prism's own finding (its problem+json 500 listing the violation), carried into the report.
  expect(rules).toContainEqual(expect.stringMatching(/^prism response\.body/));
}, 60_000);
