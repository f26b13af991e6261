import type { RateLimitRepository } from '../repositories';
import type { SqlConnection } from './connection';

/** The requests of one key and window waiting for their count. */
interface Batch {
  waiters: { resolve(count: number): void; reject(error: unknown): void }[];
}

/**
 * One counter row per key and window, incremented in the database: exact however many instances count
 * (the counters of a PostgreSQL store; held-in-memory.ts). At most one statement per key and window is under
 * way at a time: the requests that arrive meanwhile are counted together by the next one, which adds their
 * number at once and hands each its own count (the counts they would have had one by one). A request alone
 * goes at once; under load, requests share round trips instead of queueing for connections.
 */
export class SqlRateLimitRepository implements RateLimitRepository {
  private readonly waiting = new Map<string, Batch>();
  private readonly underWay = new Set<string>();

  constructor(private readonly db: SqlConnection) {}

  hit(keyId: string, windowStart: number): Promise<number> {
    // The key id holds no newline.
    const counter = `${keyId}\n${windowStart}`;
    return new Promise((resolve, reject) => {
      let batch = this.waiting.get(counter);
      if (!batch) this.waiting.set(counter, (batch = { waiters: [] }));
      batch.waiters.push({ resolve, reject });
      if (!this.underWay.has(counter)) void this.count(counter, keyId, windowStart);
    });
  }

  /** Counts the waiting requests of a counter in one statement, then the ones that came meanwhile. */
  private async count(counter: string, keyId: string, windowStart: number): Promise<void> {
    this.underWay.add(counter);
    try {
      for (let batch = this.waiting.get(counter); batch; batch = this.waiting.get(counter)) {
        this.waiting.delete(counter);
        const n = batch.waiters.length;
        try {
          const row = await this.db.get<{ count: number }>(
            `INSERT INTO rate_limit_windows (key_id, window_start, count) VALUES (?, ?, ?)
             ON CONFLICT (key_id, window_start) DO UPDATE SET count = rate_limit_windows.count + excluded.count RETURNING count`,
            [keyId, windowStart, n],
          );
          batch.waiters.forEach((waiter, i) => waiter.resolve(row!.count - n + 1 + i));
        } catch (error) {
          for (const waiter of batch.waiters) waiter.reject(error);
        }
      }
    } finally {
      this.underWay.delete(counter);
    }
  }

  async purgeBefore(windowStart: number): Promise<void> {
    await this.db.run('DELETE FROM rate_limit_windows WHERE window_start < ?', [windowStart]);
  }
}
