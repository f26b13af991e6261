// Retention: what the service keeps only for a while is purged by the ticker, a small batch of each kind at a
// time, by one instance at a time across every instance on the data, and never under a lock a request waits
// on. What is past retention then gets the answer the API already gives what does not exist (a delivery log
// entry gone, a message the sandbox cannot move, a media id `404 media_not_found`).
import { readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Clock } from '../domain/shared/clock';
import { DAY_MS } from '../domain/shared/clock';
import type { RetentionRepository } from '../store/repositories';

/** One kind of record that is purged, and how. */
export interface RetentionFamily {
  /** Its name in the claims (and the metrics' `family` label). */
  name: string;
  /** Removes up to `limit` rows (or files) of the kind past retention at `now`; how many went. */
  purge(now: Date, limit: number): Promise<number>;
}

/** How often each kind is purged once a purge found less than a batch (by the injected clock). */
export const PURGE_EVERY_MS = 60_000;
/** How long a claim is one instance's: far longer than a batch takes; a killed instance's claim lapses after it. */
export const PURGE_CLAIM_MS = 60_000;

export interface RetentionDeps {
  families: readonly RetentionFamily[];
  claims: Pick<RetentionRepository, 'claim' | 'release'>;
  clock: Clock;
  /** This instance's name on the claims it takes. */
  instance: string;
  /** The most rows of one kind a purge removes at a time (RETENTION_BATCH). */
  batch: number;
  /** Told of what each purge removed (the metrics). */
  purged?: (family: string, removed: number) => void;
}

/** How long an instance waits before it asks again for a kind whose claim it did not get (due later, or another's). */
export const ASK_AGAIN_MS = 15_000;

/**
 * The purge of every kind, run by the ticker: each kind whose purge is due and that no other instance is
 * purging gets one batch; a batch that came back full makes the kind due again at once (the next tick),
 * else `PURGE_EVERY_MS` later. Between purges an instance does not ask the database for a claim it cannot
 * have (until its own next purge is due, or `ASK_AGAIN_MS` after it was refused one), so an idle server
 * costs the data at most a statement per kind every 15 s.
 */
export class RetentionPurge {
  /** When this instance next asks for each kind's claim (epoch ms of the injected clock). */
  private readonly askAt = new Map<string, number>();

  constructor(private readonly deps: RetentionDeps) {}

  /**
   * One batch of each kind due now; what each kind purged removed, by name (kinds not purged are absent). A
   * kind whose purge fails does not keep the others from theirs: the first failure is thrown after them.
   */
  async runDue(): Promise<Record<string, number>> {
    const removed: Record<string, number> = {};
    const failures: unknown[] = [];
    for (const family of this.deps.families) {
      try {
        await this.runFamily(family, removed);
      } catch (error) {
        failures.push(error);
      }
    }
    if (failures.length > 0) throw failures[0];
    return removed;
  }

  private async runFamily(family: RetentionFamily, removed: Record<string, number>): Promise<void> {
    const now = this.deps.clock();
    if ((this.askAt.get(family.name) ?? -Infinity) > now.getTime()) return;
    if (!(await this.deps.claims.claim(family.name, this.deps.instance, now, new Date(now.getTime() + PURGE_CLAIM_MS)))) {
      this.askAt.set(family.name, now.getTime() + ASK_AGAIN_MS);
      return;
    }
    let count = 0;
    let next = now.getTime() + PURGE_EVERY_MS;
    try {
      count = await family.purge(now, this.deps.batch);
      if (count >= this.deps.batch) next = now.getTime();
    } finally {
      this.askAt.set(family.name, next);
      await this.deps.claims.release(family.name, this.deps.instance, new Date(next));
    }
    removed[family.name] = count;
    this.deps.purged?.(family.name, count);
  }
}

/** The kinds the service's own store keeps for `days` (RETENTION_DAYS; none when 0: kept for good). */
export function storeFamilies(retention: Pick<RetentionRepository, 'purgeMessages' | 'purgeDeliveries' | 'purgeSessions' | 'purgeServiceWindows'>, days: number): RetentionFamily[] {
  if (days === 0) return [];
  const before = (now: Date) => new Date(now.getTime() - days * DAY_MS);
  return [
    { name: 'messages', purge: (now, limit) => retention.purgeMessages(before(now), limit) },
    { name: 'webhook_deliveries', purge: (now, limit) => retention.purgeDeliveries(before(now), limit) },
    { name: 'sessions', purge: (now, limit) => retention.purgeSessions(before(now), limit) },
    { name: 'service_windows', purge: (now, limit) => retention.purgeServiceWindows(before(now), limit) },
  ];
}

/**
 * How old a file in the upload spool must be to be an orphan: far past the longest an upload can last
 * (BODY_TIMEOUT_MS, at most an hour). A spooled file is removed once its request is answered; only a
 * process that died mid-upload leaves one.
 */
export const SPOOL_ORPHAN_MS = DAY_MS;

/**
 * The upload spool's orphans (DATA_DIR/uploads): files a process that died mid-upload left. Their age is the
 * file system's (the real clock, which wrote their modification time), not the injected one.
 */
export function spoolOrphans(directory: string, now: () => number = Date.now): RetentionFamily {
  return {
    name: 'upload_spool',
    purge: async (_now, limit) => {
      let names: string[];
      try {
        names = readdirSync(directory);
      } catch {
        return 0;
      }
      let removed = 0;
      for (const name of names) {
        if (removed >= limit) break;
        const path = join(directory, name);
        try {
          if (now() - statSync(path).mtimeMs < SPOOL_ORPHAN_MS) continue;
          rmSync(path, { force: true });
          removed++;
        } catch {
          // Gone meanwhile (its request answered): nothing to remove.
        }
      }
      return removed;
    },
  };
}
