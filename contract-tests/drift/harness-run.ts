// The drift harness's setup for a test file: the reference server started once with its sandbox's fixtures,
// the mutating proxy in front of it, the keys and references drifts use, and the file's report written to
// reports/ when the file is done.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPORTS_DIR } from '../jest-suite';
import { startServerTarget } from '../local-targets';
import type { RunningTarget } from '../targets';
import { driftKeysOf, type DriftKeys } from './catalogue';
import { startDriftProxy, type DriftProxy } from './proxy';

export interface DriftHarness {
  server: RunningTarget;
  proxy: DriftProxy;
  keys: DriftKeys;
}

/** Registers the harness's beforeAll and afterAll; its parts are set once beforeAll has run. */
export function useDriftHarness(reportFile: string, report: () => string[]): DriftHarness {
  const harness = {} as DriftHarness;
  beforeAll(async () => {
    harness.server = await startServerTarget();
    harness.proxy = await startDriftProxy(new URL(harness.server.baseUrl).origin);
    harness.keys = driftKeysOf(harness.server.fixtures);
  }, 180_000);
  afterAll(async () => {
    await harness.proxy?.close();
    await harness.server?.close();
    mkdirSync(REPORTS_DIR, { recursive: true });
    writeFileSync(join(REPORTS_DIR, reportFile), [...report(), ''].join('\n'));
  });
  return harness;
}
