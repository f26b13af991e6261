// Turns the suite into jest tests for one target: a test per case that runs, `test.skip` with the profile's
// reason for a case the target cannot hold, and a final coverage test.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cases } from './cases';
import { Coverage } from './coverage';
import { planCase, runCase } from './harness';
import type { Profile, RunningTarget } from './targets';

export const REPORTS_DIR = join(__dirname, '..', 'reports');

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

export function defineSuite(profile: Profile, start: () => Promise<RunningTarget>, extra?: (h: SuiteHandle) => void): void {
  const coverage = new Coverage(profile.target);
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
    }, 60_000);
    afterAll(async () => {
      const file = writeCoverage(coverage);
      // Each run ends with the coverage table of the target (also written to reports/).
      console.log(`${coverage.table()}\n\n(${file})`);
      await running?.close();
    });

    for (const c of cases) {
      const plan = planCase(c, profile);
      if (plan.run) test(c.name, async () => void (await runCase(c, handle.target(), coverage)));
      else test.skip(`${c.name} [skipped on ${profile.target}: ${plan.reason}]`, () => {});
    }

    extra?.(handle);

    if (profile.requireEveryOperation) {
      test(`every operation of openapi.yaml is exercised on ${profile.target}`, () => {
        expect(coverage.unexercisedOperations()).toEqual([]);
      });
    }
  });
}
