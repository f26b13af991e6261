import type { Delivery, DeliveryAttempt, DeliveryState, PartnerId, StoredEvent, WebhookConfig, WebhookEventKind } from '../records';
import type { DeliveryLease, WebhookRepository } from '../repositories';
import { dateOrNull, type SqlConnection } from './connection';

/** A delivery as stored: its times as epoch milliseconds. */
type DeliveryRow = Omit<Delivery, 'next_attempt_at' | 'created_at' | 'updated_at'> & {
  next_attempt_at: number | null;
  created_at: number;
  updated_at: number;
};

const toDelivery = (r: DeliveryRow): Delivery => ({
  id: r.id,
  partner_id: r.partner_id,
  event_id: r.event_id,
  url: r.url,
  state: r.state,
  trigger: r.trigger,
  attempts: r.attempts,
  next_attempt_at: dateOrNull(r.next_attempt_at),
  overtakes: r.overtakes,
  created_at: new Date(r.created_at),
  updated_at: new Date(r.updated_at),
});

const D_COLUMNS = ['id', 'partner_id', 'event_id', 'url', 'state', 'trigger', 'attempts', 'next_attempt_at', 'overtakes', 'created_at', 'updated_at'];

export class SqlWebhookRepository implements WebhookRepository {
  constructor(private readonly db: SqlConnection) {}

  async config(partnerId: PartnerId): Promise<WebhookConfig | undefined> {
    const row = await this.db.get<{ url: string | null; events: string; secret: string; updated_at: number }>(
      'SELECT url, events, secret, updated_at FROM webhook_config WHERE partner_id = ?',
      [partnerId],
    );
    return row && { url: row.url, events: JSON.parse(row.events) as WebhookEventKind[], secret: row.secret, updated_at: new Date(row.updated_at) };
  }

  async saveConfig(partnerId: PartnerId, c: WebhookConfig): Promise<void> {
    await this.db.run(
      `INSERT INTO webhook_config (partner_id, url, events, secret, updated_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (partner_id) DO UPDATE SET url = excluded.url, events = excluded.events, secret = excluded.secret, updated_at = excluded.updated_at`,
      [partnerId, c.url, JSON.stringify(c.events), c.secret, c.updated_at.getTime()],
    );
  }

  async insertEvent(e: StoredEvent): Promise<void> {
    await this.db.run('INSERT INTO webhook_events (event_id, partner_id, event, client_ref, body, created_at) VALUES (?, ?, ?, ?, ?, ?)', [
      e.event_id,
      e.partner_id,
      e.event,
      e.client_ref,
      e.body,
      e.created_at.getTime(),
    ]);
  }

  async findEvent(partnerId: PartnerId, eventId: string): Promise<StoredEvent | undefined> {
    const row = await this.db.get<Omit<StoredEvent, 'created_at'> & { created_at: number }>(
      'SELECT event_id, partner_id, event, client_ref, body, created_at FROM webhook_events WHERE partner_id = ? AND event_id = ?',
      [partnerId, eventId],
    );
    return row && { ...row, created_at: new Date(row.created_at) };
  }

  async insertDelivery(d: Delivery): Promise<void> {
    await this.db.run(`INSERT INTO webhook_deliveries (${D_COLUMNS.join(', ')}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, [
      d.id,
      d.partner_id,
      d.event_id,
      d.url,
      d.state,
      d.trigger,
      d.attempts,
      d.next_attempt_at?.getTime() ?? null,
      d.overtakes,
      d.created_at.getTime(),
      d.updated_at.getTime(),
    ]);
  }

  async findDelivery(partnerId: PartnerId, id: string): Promise<Delivery | undefined> {
    const row = await this.db.get<DeliveryRow>(`SELECT ${D_COLUMNS.join(', ')} FROM webhook_deliveries WHERE partner_id = ? AND id = ?`, [partnerId, id]);
    return row && toDelivery(row);
  }

  async claimDue(now: Date, lease: DeliveryLease, limit: number): Promise<Delivery[]> {
    // PostgreSQL: rows another instance is claiming right now are skipped, not waited for; a claim it has
    // committed is seen (the row is re-read under its lock) and excluded by its lease. SQLite has one writer.
    const skipLocked = this.db.dialect === 'postgres' ? 'FOR UPDATE SKIP LOCKED' : '';
    const rows = await this.db.all<DeliveryRow>(
      `UPDATE webhook_deliveries SET lease_owner = ?, lease_until = ?
       WHERE seq IN (SELECT seq FROM webhook_deliveries
         WHERE state = 'pending' AND (lease_until IS NULL OR lease_until <= ?)
           AND next_attempt_at <= ? + COALESCE((SELECT offset_ms FROM partner_clocks c WHERE c.partner_id = webhook_deliveries.partner_id), 0)
         ORDER BY next_attempt_at, seq LIMIT ? ${skipLocked})
       RETURNING ${D_COLUMNS.join(', ')}`,
      [lease.owner, lease.until.getTime(), now.getTime(), now.getTime(), limit],
    );
    return rows.map(toDelivery).sort((a, b) => a.next_attempt_at!.getTime() - b.next_attempt_at!.getTime() || a.created_at.getTime() - b.created_at.getTime());
  }

  async completeAttempt(d: Delivery, owner: string): Promise<boolean> {
    const changed = await this.db.run(
      `UPDATE webhook_deliveries SET state = ?, attempts = ?, next_attempt_at = ?, updated_at = ?, lease_owner = NULL, lease_until = NULL
       WHERE id = ? AND lease_owner = ?`,
      [d.state, d.attempts, d.next_attempt_at?.getTime() ?? null, d.updated_at.getTime(), d.id, owner],
    );
    return changed === 1;
  }

  async nextDueAt(): Promise<Date | undefined> {
    const row = await this.db.get<{ at: number | null }>("SELECT MIN(next_attempt_at) AS at FROM webhook_deliveries WHERE state = 'pending'");
    return row?.at == null ? undefined : new Date(row.at);
  }

  async listDeliveries(partnerId: PartnerId, filter: { eventId?: string; event?: string; state?: DeliveryState; limit: number }): Promise<Delivery[]> {
    const where = ['d.partner_id = ?'];
    const params: unknown[] = [partnerId];
    if (filter.eventId) {
      where.push('d.event_id = ?');
      params.push(filter.eventId);
    }
    if (filter.event) {
      where.push('e.event = ?');
      params.push(filter.event);
    }
    if (filter.state) {
      where.push('d.state = ?');
      params.push(filter.state);
    }
    const sql = `SELECT ${D_COLUMNS.map((c) => `d.${c}`).join(', ')} FROM webhook_deliveries d JOIN webhook_events e ON e.event_id = d.event_id
      WHERE ${where.join(' AND ')} ORDER BY d.seq DESC LIMIT ?`;
    return (await this.db.all<DeliveryRow>(sql, [...params, filter.limit])).map(toDelivery);
  }

  async insertAttempt(a: DeliveryAttempt): Promise<void> {
    await this.db.run(
      'INSERT INTO webhook_attempts (delivery_id, number, started_at, duration_ms, status_code, error, succeeded) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING',
      [a.delivery_id, a.number, a.started_at.getTime(), a.duration_ms, a.status_code, a.error, a.succeeded ? 1 : 0],
    );
  }

  async releaseHeld(partnerId: PartnerId, deliveryId: string, at: Date): Promise<void> {
    await this.db.run("UPDATE webhook_deliveries SET next_attempt_at = ? WHERE partner_id = ? AND id = ? AND state = 'pending' AND attempts = 0", [
      at.getTime(),
      partnerId,
      deliveryId,
    ]);
  }

  async attemptsOf(deliveryId: string): Promise<DeliveryAttempt[]> {
    const rows = await this.db.all<Omit<DeliveryAttempt, 'started_at' | 'succeeded'> & { started_at: number; succeeded: number }>(
      'SELECT delivery_id, number, started_at, duration_ms, status_code, error, succeeded FROM webhook_attempts WHERE delivery_id = ? ORDER BY number',
      [deliveryId],
    );
    return rows.map((r) => ({ ...r, started_at: new Date(r.started_at), succeeded: r.succeeded === 1 }));
  }
}
