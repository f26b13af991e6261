import type { PartnerId, UsageCount, UsageKind } from '../records';
import type { UsageRepository } from '../repositories';
import type { SqlConnection } from './connection';
import type { HeldInMemory } from './held-in-memory';

export class SqlUsageRepository implements UsageRepository {
  constructor(
    private readonly db: SqlConnection,
    private readonly memory: HeldInMemory,
  ) {}

  async increment(partnerId: PartnerId, period: string, kind: UsageKind, by: number): Promise<void> {
    await this.db.run(
      `INSERT INTO usage_monthly (partner_id, period, kind, count) VALUES (?, ?, ?, ?)
       ON CONFLICT (partner_id, period, kind) DO UPDATE SET count = usage_monthly.count + excluded.count`,
      [partnerId, period, kind, by],
    );
  }

  /** GET /usage, hence cached. */
  async between(partnerId: PartnerId, from: string, to: string): Promise<UsageCount[]> {
    const counts = await this.memory.usage.get(`${partnerId}\n${from}\n${to}`, () => {
      return this.db.all<UsageCount>('SELECT period, kind, count FROM usage_monthly WHERE partner_id = ? AND period BETWEEN ? AND ?', [partnerId, from, to]);
    });
    return counts!;
  }
}
