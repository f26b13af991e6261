import type { Fault, FaultKind, FaultTargets, PartnerId } from '../records';
import type { FaultRepository } from '../repositories';
import type { SqlConnection } from './connection';
import type { HeldInMemory } from './held-in-memory';

interface Row {
  id: string;
  partner_id: string;
  kind: FaultKind;
  key_id: string | null;
  operation_id: string | null;
  retry_after_seconds: number | null;
  delay_ms: number | null;
  times: number | null;
  remaining: number | null;
  share_percent: number | null;
  seen: number;
  held_delivery_id: string | null;
  created_at: number;
}

const toFault = (row: Row): Fault => ({
  id: row.id,
  partnerId: row.partner_id,
  kind: row.kind,
  keyId: row.key_id,
  operationId: row.operation_id,
  retryAfterSeconds: row.retry_after_seconds,
  delayMs: row.delay_ms,
  times: row.times,
  remaining: row.remaining,
  sharePercent: row.share_percent,
  seen: row.seen,
  heldDeliveryId: row.held_delivery_id,
  createdAt: new Date(row.created_at),
});

const COLUMNS = 'id, partner_id, kind, key_id, operation_id, retry_after_seconds, delay_ms, times, remaining, share_percent, seen, held_delivery_id, created_at';
/** A fault some request or delivery may still take: turns left, or a share (which never runs out). */
const LIVE = '(remaining IS NULL OR remaining > 0)';
const TARGETS = 'targets';

/**
 * The sandbox's faults. Each turn is taken by one atomic statement (a next-N fault's `remaining`, a share's
 * `seen`), so requests served by several instances share the counts exactly. Who has faults is read on
 * every request: held in memory (held-in-memory.ts) until a fault is added or removed here or elsewhere.
 */
export class SqlFaultRepository implements FaultRepository {
  constructor(
    private readonly db: SqlConnection,
    private readonly memory: HeldInMemory,
  ) {}

  async insert(f: Fault): Promise<void> {
    await this.db.run(`INSERT INTO faults (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, [
      f.id,
      f.partnerId,
      f.kind,
      f.keyId,
      f.operationId,
      f.retryAfterSeconds,
      f.delayMs,
      f.times,
      f.remaining,
      f.sharePercent,
      f.seen,
      f.heldDeliveryId,
      f.createdAt.getTime(),
    ]);
  }

  async list(partnerId: PartnerId): Promise<Fault[]> {
    return (await this.db.all<Row>(`SELECT ${COLUMNS} FROM faults WHERE partner_id = ? ORDER BY seq`, [partnerId])).map(toFault);
  }

  async liveOfKey(keyId: string): Promise<Fault[]> {
    return (await this.db.all<Row>(`SELECT ${COLUMNS} FROM faults WHERE key_id = ? AND ${LIVE} ORDER BY seq`, [keyId])).map(toFault);
  }

  async liveOfDeliveries(partnerId: PartnerId): Promise<Fault[]> {
    return (await this.db.all<Row>(`SELECT ${COLUMNS} FROM faults WHERE partner_id = ? AND key_id IS NULL AND ${LIVE} ORDER BY seq`, [partnerId])).map(toFault);
  }

  async targets(): Promise<FaultTargets> {
    const found = await this.memory.faultTargets.get(
      TARGETS,
      async () => {
        const rows = await this.db.all<{ key_id: string | null; partner_id: string }>(
          `SELECT DISTINCT key_id, partner_id FROM faults WHERE ${LIVE} OR held_delivery_id IS NOT NULL`,
        );
        return {
          keys: new Set(rows.flatMap((r) => (r.key_id === null ? [] : [r.key_id]))),
          partners: new Set(rows.flatMap((r) => (r.key_id === null ? [r.partner_id] : []))),
        };
      },
    );
    return found!;
  }

  async takeTurn(id: string): Promise<boolean> {
    const row = await this.db.get<{ remaining: number }>('UPDATE faults SET remaining = remaining - 1 WHERE id = ? AND remaining > 0 RETURNING remaining', [id]);
    return row !== undefined;
  }

  async countSeen(id: string): Promise<number> {
    const row = await this.db.get<{ seen: number }>('UPDATE faults SET seen = seen + 1 WHERE id = ? RETURNING seen', [id]);
    return row?.seen ?? 0;
  }

  async hold(id: string, deliveryId: string): Promise<boolean> {
    const changed = await this.db.run('UPDATE faults SET held_delivery_id = ? WHERE id = ? AND held_delivery_id IS NULL', [deliveryId, id]);
    return changed === 1;
  }

  async held(partnerId: PartnerId): Promise<Array<{ faultId: string; deliveryId: string }>> {
    const rows = await this.db.all<{ id: string; held_delivery_id: string }>(
      'SELECT id, held_delivery_id FROM faults WHERE partner_id = ? AND held_delivery_id IS NOT NULL ORDER BY seq',
      [partnerId],
    );
    return rows.map((r) => ({ faultId: r.id, deliveryId: r.held_delivery_id }));
  }

  async letGo(id: string, deliveryId: string): Promise<boolean> {
    const changed = await this.db.run('UPDATE faults SET held_delivery_id = NULL WHERE id = ? AND held_delivery_id = ?', [id, deliveryId]);
    return changed === 1;
  }

  async remove(partnerId: PartnerId, id: string): Promise<Fault | undefined> {
    const row = await this.db.get<Row>(`DELETE FROM faults WHERE partner_id = ? AND id = ? RETURNING ${COLUMNS}`, [partnerId, id]);
    return row && toFault(row);
  }

  async clear(partnerId: PartnerId, keyId?: string): Promise<number> {
    const changed =
      keyId === undefined
        ? await this.db.run('DELETE FROM faults WHERE partner_id = ?', [partnerId])
        : await this.db.run('DELETE FROM faults WHERE partner_id = ? AND key_id = ?', [partnerId, keyId]);
    return changed;
  }
}
