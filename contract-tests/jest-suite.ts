// Turns the suite into jest tests for one target: a test per case that runs, `test.skip` with the profile's
// reason for a case the target cannot hold, then the run-level rules: every webhook delivery held, every
// operation's documented 2xx answer checked. The package's own targets give every fixture, so a case left
// without one fails here.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cases } from './cases';
import { Coverage } from './coverage';
import { newRunState, planCase, type Occurrence } from './harness';
import { executeCase, judge, webhookDeliveriesResult, type CaseResult } from './runner';
import { headerRulesResult, implementedResult } from './run-level';
import type { Profile, RunningTarget } from './targets';

export const REPORTS_DIR = join(__dirname, '..', 'reports');

/** A case waits for reviews, deliveries and a whole rate-limit window at most: room for a loaded machine. */
const CASE_TIMEOUT_MS = 90_000;

export function writeCoverage(coverage: Coverage): string {
  mkdirSync(REPORTS_DIR, { recursive: true });
  const file = join(REPORTS_DIR, `contract-coverage-${coverage.target}.md`);
  writeFileSync(file, `${coverage.table()}\n`);
  return file;
}

export interface SuiteHandle {
  target(): RunningTarget;
  coverage: Coverage;
}

const describeOccurrences = (os: Occurrence[]) => os.map((o) => `- ${o.rule}${o.where ? ` (${o.where})` : ''}${o.example ? `: ${o.example}` : ''}`).join('\n');

/** A case's result as a jest verdict: it held, or what broke, or why it could not run. */
export function expectHeld(r: CaseResult): void {
  if (r.outcome === 'failed') throw new Error(`${r.name}\n${describeOccurrences(r.occurrences)}`);
  if (r.skip) throw new Error(`${r.name} did not run (${r.skip.kind}): ${r.skip.reason}`);
}

export function defineSuite(profile: Profile, start: () => Promise<RunningTarget>, extra?: (h: SuiteHandle) => void): void {
  const coverage = new Coverage(profile.target);
  const run = newRunState(60_000);
  const results: CaseResult[] = [];
  const startedAt = Date.now();
  let running: RunningTarget | undefined;
  const handle: SuiteHandle = {
    target: () => {
      if (!running) throw new Error(`${profile.target} did not start`);
      return running;
    },
    coverage,
  };

  describe(`contract suite on ${profile.target}`, () => {
    beforeAll(async () => {
      running = await start();
    }, 180_000);
    afterAll(async () => {
      const file = writeCoverage(coverage);
      // Each run ends with the coverage table of the target (also written to reports/).
      console.log(`${coverage.table()}\n\n(${file})`);
      await running?.close();
    });

    for (const c of cases) {
      const plan = planCase(c, profile);
      if (plan.run) {
        test(
          c.name,
          async () => {
            const r = await executeCase(c, handle.target(), coverage, run);
            results.push(r);
            expectHeld(r);
          },
          CASE_TIMEOUT_MS,
        );
      } else {
        results.push({ operation: c.operation, name: c.name, outcome: 'skipped', skip: { kind: plan.kind, reason: plan.reason, fixtures: plan.kind === 'fixture' ? plan.fixtures : [] }, occurrences: [], durationMs: 0 });
        test.skip(`${c.name} [skipped on ${profile.target}: ${plan.reason}]`, () => {});
      }
    }

    extra?.(handle);

    if (!profile.cannot.webhooks) {
      test(`every webhook delivery the run received on ${profile.target} is signed and holds openapi.yaml`, () => {
        const r = webhookDeliveriesResult(handle.target());
        if (!r) throw new Error(`${profile.target} ran without a webhook receiver`);
        expect(handle.target().fixtures.webhooks!.deliveries.length).toBeGreaterThan(0);
        expectHeld(r);
      });
    }

    test(`${headerRulesResult(run).name} on ${profile.target}`, () => expectHeld(headerRulesResult(run)));

    test(`${implementedResult(coverage).name} on ${profile.target}`, () => expectHeld(implementedResult(coverage)));

    test(`every operation of openapi.yaml had a documented 2xx answer checked on ${profile.target}`, () => {
      const { unchecked } = judge(handle.target(), results, coverage, new Set(), startedAt);
      expect(unchecked.filter((u) => !u.waived)).toEqual([]);
    });
  });
}
