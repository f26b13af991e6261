import type { RateLimitRepository } from '../repositories';
import type { SqlConnection } from './connection';

/**
 * One counter row per key and window, incremented in the database: exact however many instances count
 * (the counters of a PostgreSQL store; held-in-memory.ts).
 */
export class SqlRateLimitRepository implements RateLimitRepository {
  constructor(private readonly db: SqlConnection) {}

  async hit(keyId: string, windowStart: number): Promise<number> {
    const row = await this.db.get<{ count: number }>(
      `INSERT INTO rate_limit_windows (key_id, window_start, count) VALUES (?, ?, 1)
       ON CONFLICT (key_id, window_start) DO UPDATE SET count = rate_limit_windows.count + 1 RETURNING count`,
      [keyId, windowStart],
    );
    return row!.count;
  }

  async purgeBefore(windowStart: number): Promise<void> {
    await this.db.run('DELETE FROM rate_limit_windows WHERE window_start < ?', [windowStart]);
  }
}
