// The floors the server's figures are measured against, each a process of bench/subjects/
// express-validator-floor.ts: the dry-run floor (a constant answer, started twice: the second process is the
// control, how far apart two processes of identical code measure in this run), and the floors of a store (the
// statements of the server's sends replayed on a copy of its data, the pages of its GETs answered as given).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnNode, waitFor200, type Child } from './processes';
import type { StatementPlan } from './statements';

/** What a floor process does (its FLOOR_PLAN file). */
export interface FloorPlan {
  /** The copy of the server's data its replays write to. */
  store?: { sqliteFile: string } | { databaseUrl: string };
  /** By the Authorization of the send: the statements the server ran for that key, and what it answered. */
  sends: Record<string, { statements: StatementPlan; answer: unknown }>;
  /** By path: the page the server answered (GET /v1/clients, GET /v1/templates). */
  pages: Record<string, unknown>;
}

/**
 * Starts a floor (the dry-run floor without a plan) and waits until `probe` answers 200 on it: the probe is
 * a request it serves, so the floor is warm enough to answer before the bench measures it.
 */
export async function startFloor(plan: FloorPlan | undefined, probe: { path: string; method?: string; headers?: Record<string, string>; body?: string }): Promise<Child> {
  const env: Record<string, string> = {};
  if (plan) {
    const file = join(mkdtempSync(join(tmpdir(), 'bench-floor-')), 'plan.json');
    writeFileSync(file, JSON.stringify(plan));
    env.FLOOR_PLAN = file;
  }
  const since = performance.now();
  const child = await spawnNode(['--import', 'tsx', join(__dirname, 'subjects', 'express-validator-floor.ts')], env);
  try {
    await waitFor200(`${child.origin}${probe.path}`, child, since, 30_000, { method: probe.method, headers: probe.headers, body: probe.body });
  } catch (error) {
    await child.stop();
    throw error;
  }
  return child;
}
