import type { PartnerId, UsageCount, UsageKind } from '../records';
import type { RateLimitRepository, UsageRepository } from '../repositories';
import type { SqlConnection } from './connection';

export class SqlUsageRepository implements UsageRepository {
  constructor(private readonly db: SqlConnection) {}

  async increment(partnerId: PartnerId, period: string, kind: UsageKind, by: number): Promise<void> {
    await this.db.run(
      `INSERT INTO usage_monthly (partner_id, period, kind, count) VALUES (?, ?, ?, ?)
       ON CONFLICT (partner_id, period, kind) DO UPDATE SET count = usage_monthly.count + excluded.count`,
      [partnerId, period, kind, by],
    );
  }

  between(partnerId: PartnerId, from: string, to: string): Promise<UsageCount[]> {
    return this.db.all<UsageCount>('SELECT period, kind, count FROM usage_monthly WHERE partner_id = ? AND period BETWEEN ? AND ?', [partnerId, from, to]);
  }
}

/** One counter row per key and window, incremented in the database: exact however many instances count. */
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
