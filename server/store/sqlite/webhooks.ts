import type { Delivery, DeliveryAttempt, DeliveryState, StoredEvent, WebhookConfig, WebhookEventKind } from '../records';
import type { WebhookRepository } from '../repositories';
import type { SqliteDatabase } from './database';

/** A delivery as stored: its times as epoch milliseconds. */
type DeliveryRow = Omit<Delivery, 'next_attempt_at' | 'created_at' | 'updated_at'> & {
  next_attempt_at: number | null;
  created_at: number;
  updated_at: number;
};

const toDelivery = (r: DeliveryRow): Delivery => ({
  ...r,
  next_attempt_at: r.next_attempt_at === null ? null : new Date(r.next_attempt_at),
  created_at: new Date(r.created_at),
  updated_at: new Date(r.updated_at),
});

const fromDelivery = (d: Delivery): DeliveryRow => ({
  ...d,
  next_attempt_at: d.next_attempt_at?.getTime() ?? null,
  created_at: d.created_at.getTime(),
  updated_at: d.updated_at.getTime(),
});

const D_COLUMNS = 'id, event_id, url, state, trigger, attempts, next_attempt_at, created_at, updated_at';

export class SqliteWebhookRepository implements WebhookRepository {
  constructor(private readonly db: SqliteDatabase) {}

  config(): WebhookConfig | undefined {
    const row = this.db.prepare('SELECT url, events, secret, updated_at FROM webhook_config WHERE singleton = 1').get() as
      | { url: string | null; events: string; secret: string; updated_at: number }
      | undefined;
    return row && { url: row.url, events: JSON.parse(row.events) as WebhookEventKind[], secret: row.secret, updated_at: new Date(row.updated_at) };
  }

  saveConfig(c: WebhookConfig): void {
    this.db
      .prepare(
        `INSERT INTO webhook_config (singleton, url, events, secret, updated_at) VALUES (1, ?, ?, ?, ?)
         ON CONFLICT (singleton) DO UPDATE SET url = excluded.url, events = excluded.events, secret = excluded.secret, updated_at = excluded.updated_at`,
      )
      .run(c.url, JSON.stringify(c.events), c.secret, c.updated_at.getTime());
  }

  insertEvent(e: StoredEvent): void {
    this.db
      .prepare('INSERT INTO webhook_events (event_id, event, client_ref, body, created_at) VALUES (?, ?, ?, ?, ?)')
      .run(e.event_id, e.event, e.client_ref, e.body, e.created_at.getTime());
  }

  findEvent(eventId: string): StoredEvent | undefined {
    const row = this.db.prepare('SELECT event_id, event, client_ref, body, created_at FROM webhook_events WHERE event_id = ?').get(eventId) as
      | (Omit<StoredEvent, 'created_at'> & { created_at: number })
      | undefined;
    return row && { ...row, created_at: new Date(row.created_at) };
  }

  insertDelivery(d: Delivery): void {
    this.db
      .prepare(
        `INSERT INTO webhook_deliveries (${D_COLUMNS}) VALUES (@id, @event_id, @url, @state, @trigger, @attempts, @next_attempt_at, @created_at, @updated_at)`,
      )
      .run(fromDelivery(d));
  }

  updateDelivery(d: Delivery): void {
    this.db
      .prepare('UPDATE webhook_deliveries SET state = @state, attempts = @attempts, next_attempt_at = @next_attempt_at, updated_at = @updated_at WHERE id = @id')
      .run(fromDelivery(d));
  }

  findDelivery(id: string): Delivery | undefined {
    const row = this.db.prepare(`SELECT ${D_COLUMNS} FROM webhook_deliveries WHERE id = ?`).get(id) as DeliveryRow | undefined;
    return row && toDelivery(row);
  }

  dueDeliveries(now: Date): Delivery[] {
    const rows = this.db
      .prepare(`SELECT ${D_COLUMNS} FROM webhook_deliveries WHERE state = 'pending' AND next_attempt_at <= ? ORDER BY next_attempt_at, seq`)
      .all(now.getTime()) as DeliveryRow[];
    return rows.map(toDelivery);
  }

  nextDueAt(): Date | undefined {
    const row = this.db.prepare("SELECT MIN(next_attempt_at) AS at FROM webhook_deliveries WHERE state = 'pending'").get() as { at: number | null };
    return row.at === null ? undefined : new Date(row.at);
  }

  listDeliveries(filter: { eventId?: string; event?: string; state?: DeliveryState; limit: number }): Delivery[] {
    const where: string[] = [];
    const params: unknown[] = [];
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
    const sql = `SELECT ${D_COLUMNS.split(', ').map((c) => `d.${c}`).join(', ')} FROM webhook_deliveries d JOIN webhook_events e ON e.event_id = d.event_id
      ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY d.seq DESC LIMIT ?`;
    return (this.db.prepare(sql).all(...params, filter.limit) as DeliveryRow[]).map(toDelivery);
  }

  insertAttempt(a: DeliveryAttempt): void {
    this.db
      .prepare(
        'INSERT INTO webhook_attempts (delivery_id, number, started_at, duration_ms, status_code, error, succeeded) VALUES (?, ?, ?, ?, ?, ?, ?)',
      )
      .run(a.delivery_id, a.number, a.started_at.getTime(), a.duration_ms, a.status_code, a.error, a.succeeded ? 1 : 0);
  }

  attemptsOf(deliveryId: string): DeliveryAttempt[] {
    const rows = this.db
      .prepare('SELECT delivery_id, number, started_at, duration_ms, status_code, error, succeeded FROM webhook_attempts WHERE delivery_id = ? ORDER BY number')
      .all(deliveryId) as Array<Omit<DeliveryAttempt, 'started_at' | 'succeeded'> & { started_at: number; succeeded: number }>;
    return rows.map((r) => ({ ...r, started_at: new Date(r.started_at), succeeded: r.succeeded === 1 }));
  }
}
