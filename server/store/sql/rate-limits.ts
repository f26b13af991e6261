import type { RateLimitRepository } from '../repositories';
import type { SqlConnection } from './connection';

/** A request waiting for its count. */
interface Waiter {
  resolve(count: number): void;
  reject(error: unknown): void;
}

/** One key's window while its statements follow one another (it is in the map exactly as long): who waits for the next. */
interface Counter {
  waiting: Waiter[];
}

/**
 * One counter row per key and window, incremented in the database: exact however many instances count
 * (the counters of a PostgreSQL store; held-in-memory.ts). At most one statement per key and window is under
 * way at a time: the requests that arrive meanwhile are counted together by the next one, which adds their
 * number at once and hands each its own count (the counts they would have had one by one). A request alone
 * goes at once; under load, requests share round trips instead of queueing for connections.
 *
 * A counter stays in its map for as long as statements follow one another, and its waiters are swapped as a
 * batch, not added to and removed from a map with every batch: a map that churns rebuilds its table, and V8
 * leaves the old one, pointing at what it held, among the long-lived objects until a full collection, so
 * every waiting request would survive the young collector (bench/README.md, "Requests that wait, and the young
 * generation").
 */
export class SqlRateLimitRepository implements RateLimitRepository {
  private readonly counters = new Map<string, Counter>();

  constructor(private readonly db: SqlConnection) {}

  hit(keyId: string, windowStart: number): Promise<number> {
    // The key id holds no newline.
    const name = `${keyId}\n${windowStart}`;
    return new Promise((resolve, reject) => {
      const counting = this.counters.get(name);
      if (counting) {
        counting.waiting.push({ resolve, reject });
      } else {
        const counter: Counter = { waiting: [{ resolve, reject }] };
        this.counters.set(name, counter);
        void this.count(name, counter, keyId, windowStart);
      }
    });
  }

  /** Counts the waiting requests of a counter in one statement, then the ones that came meanwhile. */
  private async count(name: string, counter: Counter, keyId: string, windowStart: number): Promise<void> {
    try {
      while (counter.waiting.length > 0) {
        const waiters = counter.waiting;
        counter.waiting = [];
        const n = waiters.length;
        try {
          const row = await this.db.get<{ count: number }>(
            `INSERT INTO rate_limit_windows (key_id, window_start, count) VALUES (?, ?, ?)
             ON CONFLICT (key_id, window_start) DO UPDATE SET count = rate_limit_windows.count + excluded.count RETURNING count`,
            [keyId, windowStart, n],
          );
          waiters.forEach((waiter, i) => waiter.resolve(row!.count - n + 1 + i));
        } catch (error) {
          for (const waiter of waiters) waiter.reject(error);
        }
      }
    } finally {
      this.counters.delete(name);
    }
  }

  async purgeBefore(windowStart: number): Promise<void> {
    await this.db.run('DELETE FROM rate_limit_windows WHERE window_start < ?', [windowStart]);
  }
}
