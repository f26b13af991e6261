import type { PartnerId } from '../records';
import type { PartnerClockRepository } from '../repositories';
import type { SqlConnection } from './connection';
import type { HeldInMemory } from './held-in-memory';

export class SqlPartnerClockRepository implements PartnerClockRepository {
  constructor(
    private readonly db: SqlConnection,
    private readonly memory: HeldInMemory,
  ) {}

  async offsetOf(partnerId: PartnerId): Promise<number> {
    const offset = await this.memory.partnerClocks.get(partnerId, async () => {
      const row = await this.db.get<{ offset_ms: number }>('SELECT offset_ms FROM partner_clocks WHERE partner_id = ?', [partnerId]);
      return row && Number(row.offset_ms);
    });
    return offset ?? 0;
  }

  async set(partnerId: PartnerId, offsetMs: number): Promise<void> {
    if (offsetMs === 0) await this.db.run('DELETE FROM partner_clocks WHERE partner_id = ?', [partnerId]);
    else {
      await this.db.run('INSERT INTO partner_clocks (partner_id, offset_ms) VALUES (?, ?) ON CONFLICT (partner_id) DO UPDATE SET offset_ms = excluded.offset_ms', [partnerId, offsetMs]);
    }
  }

  async ahead(): Promise<Array<{ partnerId: PartnerId; offsetMs: number }>> {
    const all = await this.memory.clocksAhead.get('', async () => {
      const rows = await this.db.all<{ partner_id: string; offset_ms: number }>('SELECT partner_id, offset_ms FROM partner_clocks ORDER BY partner_id');
      return rows.map((row) => ({ partnerId: row.partner_id, offsetMs: Number(row.offset_ms) }));
    });
    return all ?? [];
  }
}
