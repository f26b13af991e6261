import type { Awaitable } from '../awaitable';
import { MemoryRateLimitCounters } from '../memory-rate-limits';
import type { SqlConnection } from './connection';

/**
 * Rate-limit counters of a process that owns its SQLite file: counted in memory, so a request writes
 * nothing, and written to `rate_limit_windows` when the store closes, read back when it opens, so a restart
 * does not open a fresh window for a key (a crash does: what was counted since the last close is lost).
 */
export class KeptRateLimitWindows extends MemoryRateLimitCounters {
  /** Until the kept counts are read, a count waits for them. */
  private resuming: Promise<void> | undefined;

  constructor(private readonly db: SqlConnection) {
    super();
    // Counts that cannot be read back are lost as in a crash: the server still answers.
    this.resuming = this.resumeKept()
      .catch(() => undefined)
      .finally(() => (this.resuming = undefined));
  }

  /** Whether this process counted a request (`npm run keys` on the same file counts none: it writes nothing). */
  private counted = false;

  override hit(keyId: string, windowStart: number): Awaitable<number> {
    if (this.resuming) return this.resuming.then(() => this.hit(keyId, windowStart));
    this.counted = true;
    return super.hit(keyId, windowStart);
  }

  /** Writes the current counts (called once, as the store closes). */
  async keep(): Promise<void> {
    if (this.resuming) await this.resuming;
    if (!this.counted) return;
    const windows = this.windows();
    await this.db.transaction(async (tx) => {
      await tx.run('DELETE FROM rate_limit_windows', []);
      for (const w of windows) await tx.run('INSERT INTO rate_limit_windows (key_id, window_start, count) VALUES (?, ?, ?)', [w.keyId, w.windowStart, w.count]);
    });
  }

  private async resumeKept(): Promise<void> {
    const rows = await this.db.all<{ key_id: string; window_start: number; count: number }>('SELECT key_id, window_start, count FROM rate_limit_windows', []);
    for (const row of rows) this.resume(row.key_id, Number(row.window_start), row.count);
  }
}
