import { MemoryRateLimitCounters } from '../memory-rate-limits';
import type { SqlConnection } from './connection';

/** How often the counts are written by default: what a crash can lose at most. */
export const DEFAULT_RATE_LIMIT_SAVE_MS = 1_000;

/**
 * Rate-limit counters of the one server process that owns its SQLite file (a second is refused at start,
 * sqlite/owner-lock.ts): counted in memory, so a request writes nothing, and written to `rate_limit_windows`
 * every `saveEveryMs` (the keys counted since the last write) and when the store closes, read back when it
 * opens. A restart therefore keeps each key's window; a crash (SIGKILL, power loss) loses what was counted
 * since the last write, at most `saveEveryMs` of requests.
 */
export class KeptRateLimitWindows extends MemoryRateLimitCounters {
  /** Until the kept counts are read, a count waits for them. */
  private resuming: Promise<void> | undefined;
  /** Keys counted since the last write. */
  private readonly counted = new Set<string>();
  /** Rows of windows before this are dropped by the next write. */
  private purgeFrom = 0;
  private saving: Promise<void> | undefined;
  /** The next write, due `saveEveryMs` after the first count since the last one. */
  private due: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    private readonly db: SqlConnection,
    private readonly saveEveryMs: number = DEFAULT_RATE_LIMIT_SAVE_MS,
  ) {
    super();
    // Counts that cannot be read back are lost as in a crash: the server still answers.
    this.resuming = this.resumeKept()
      .catch(() => undefined)
      .finally(() => (this.resuming = undefined));
  }

  override async hit(keyId: string, windowStart: number): Promise<number> {
    if (this.resuming) await this.resuming;
    this.counted.add(keyId);
    this.due ??= this.saveLater();
    return super.hit(keyId, windowStart);
  }

  override async purgeBefore(windowStart: number): Promise<void> {
    await super.purgeBefore(windowStart);
    this.purgeFrom = Math.max(this.purgeFrom, windowStart);
  }

  /** Writes the counts of the keys counted since the last write (one write at a time). */
  async save(): Promise<void> {
    while (this.saving) await this.saving;
    if (this.resuming) await this.resuming;
    if (this.counted.size === 0 && this.purgeFrom === 0) return;
    this.saving = this.write().finally(() => (this.saving = undefined));
    return this.saving;
  }

  /** The last write, as the store closes: the counts of every key counted since the one before. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.due);
    await this.save();
  }

  private saveLater(): NodeJS.Timeout | undefined {
    if (this.closed) return undefined;
    const timer = setTimeout(() => {
      this.due = undefined;
      // A write that fails is tried again by the next (its keys stay counted).
      this.save().catch(() => (this.due ??= this.saveLater()));
    }, this.saveEveryMs);
    timer.unref();
    return timer;
  }

  private async write(): Promise<void> {
    const keys = [...this.counted];
    this.counted.clear();
    const purgeFrom = this.purgeFrom;
    this.purgeFrom = 0;
    try {
      await this.db.transaction(async (tx) => {
        if (purgeFrom > 0) await tx.run('DELETE FROM rate_limit_windows WHERE window_start < ?', [purgeFrom]);
        for (const keyId of keys) {
          const current = this.windowOf(keyId);
          if (!current) continue;
          await tx.run(
            `INSERT INTO rate_limit_windows (key_id, window_start, count) VALUES (?, ?, ?)
             ON CONFLICT (key_id, window_start) DO UPDATE SET count = excluded.count`,
            [keyId, current.windowStart, current.count],
          );
        }
      });
    } catch (error) {
      for (const keyId of keys) this.counted.add(keyId);
      this.purgeFrom = Math.max(this.purgeFrom, purgeFrom);
      throw error;
    }
  }

  private async resumeKept(): Promise<void> {
    const rows = await this.db.all<{ key_id: string; window_start: number; count: number }>('SELECT key_id, window_start, count FROM rate_limit_windows', []);
    for (const row of rows) this.resume(row.key_id, Number(row.window_start), row.count);
  }
}
