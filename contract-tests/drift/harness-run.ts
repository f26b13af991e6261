// The drift harness's setup for a test file: the reference server started once with its sandbox's fixtures,
// the mutating proxy in front of it, the keys and references drifts use, and the file's report written to
// reports/ when the file is done; and a run of the run-wide checks through the proxy.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cases } from '../cases';
import type { GeneratedPhaseOptions } from '../generated-requests/phase';
import { REPORTS_DIR } from '../jest-suite';
import { startServerTarget } from '../local-targets';
import { runSuite, type SuiteResult } from '../runner';
import type { RunningTarget } from '../targets';
import { driftKeysOf, type DriftKeys } from './catalogue';
import { startDriftProxy, type Behaviour, type DriftProxy } from './proxy';
import type { RunWideDrift } from './run-wide';

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

/**
 * A run of the run-wide checks through the proxy with one behaviour: the cases the drift names and the
 * generated probes of its operations, `apiKey` the run's main key (a fresh one by default: a window of its own).
 */
export async function runWideThrough(h: DriftHarness, behaviour: Behaviour, run: RunWideDrift['run'], generated?: Partial<GeneratedPhaseOptions>, apiKey?: string): Promise<SuiteResult> {
  h.proxy.behaviour = behaviour;
  const target: RunningTarget = { ...h.server, baseUrl: `${h.proxy.origin}/v1`, fixtures: { ...h.server.fixtures, apiKey: apiKey ?? (await h.server.fixtures.rateLimitKey!()) }, close: async () => {} };
  const only = run.cases ?? [];
  const unknown = only.filter((name) => !cases.some((c) => c.name === name));
  if (unknown.length) throw new Error(`the drift names cases the suite does not have: ${unknown.join('; ')}`);
  return runSuite(target, {
    cases: cases.filter((c) => only.includes(c.name)),
    reviewTimeoutMs: 30_000,
    generated: run.operations ? { seed: 20261125, maxRequests: 250, budgetMs: 120_000, operations: run.operations, select: run.probes, ...generated } : undefined,
  });
}
