import type { RetentionRepository } from '../repositories';
import type { SqlConnection } from './connection';

/**
 * The purge of retention in SQL both databases share: every statement removes at most `limit` rows chosen
 * by a subquery on an index of migration 700, and stands alone (no transaction), so a request never waits
 * behind a purge for longer than one small statement. Children go before their parents (status histories
 * before messages, attempts before deliveries, deliveries before events), each parent only once nothing
 * names it: a purge cut short anywhere leaves no row pointing at a removed one.
 */
export class SqlRetentionRepository implements RetentionRepository {
  constructor(private readonly db: SqlConnection) {}

  async claim(family: string, owner: string, now: Date, until: Date): Promise<boolean> {
    const taken = await this.db.run(
      'UPDATE retention_claims SET owner = ?, lease_until = ? WHERE family = ? AND next_run_at <= ? AND (lease_until IS NULL OR lease_until <= ?)',
      [owner, until.getTime(), family, now.getTime(), now.getTime()],
    );
    if (taken === 1) return true;
    // The first purge of a kind on this data: whoever inserts its row holds it.
    return (
      (await this.db.run('INSERT INTO retention_claims (family, owner, lease_until, next_run_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING', [
        family,
        owner,
        until.getTime(),
        now.getTime(),
      ])) === 1
    );
  }

  async release(family: string, owner: string, nextAt: Date): Promise<void> {
    await this.db.run('UPDATE retention_claims SET owner = NULL, lease_until = NULL, next_run_at = ? WHERE family = ? AND owner = ?', [nextAt.getTime(), family, owner]);
  }

  async purgeMessages(before: Date, limit: number): Promise<number> {
    const at = before.getTime();
    const statuses = await this.db.run(
      `DELETE FROM message_status_history WHERE seq IN (SELECT h.seq FROM message_status_history h JOIN messages m ON m.id = h.message_id
       WHERE m.created_at < ? LIMIT ?)`,
      [at, limit],
    );
    const messages = await this.db.run(
      `DELETE FROM messages WHERE id IN (SELECT m.id FROM messages m
       WHERE m.created_at < ? AND NOT EXISTS (SELECT 1 FROM message_status_history h WHERE h.message_id = m.id) LIMIT ?)`,
      [at, limit],
    );
    return statuses + messages;
  }

  async purgeDeliveries(before: Date, limit: number): Promise<number> {
    const at = before.getTime();
    // Only deliveries that ended: a pending one is still on its retry schedule, whatever its age.
    const attempts = await this.db.run(
      `DELETE FROM webhook_attempts WHERE delivery_id IN (SELECT d.id FROM webhook_deliveries d
       WHERE d.state <> 'pending' AND d.updated_at < ? AND EXISTS (SELECT 1 FROM webhook_attempts a WHERE a.delivery_id = d.id) LIMIT ?)`,
      [at, limit],
    );
    const deliveries = await this.db.run(
      `DELETE FROM webhook_deliveries WHERE seq IN (SELECT d.seq FROM webhook_deliveries d
       WHERE d.state <> 'pending' AND d.updated_at < ? AND NOT EXISTS (SELECT 1 FROM webhook_attempts a WHERE a.delivery_id = d.id) LIMIT ?)`,
      [at, limit],
    );
    const events = await this.db.run(
      `DELETE FROM webhook_events WHERE seq IN (SELECT e.seq FROM webhook_events e
       WHERE e.created_at < ? AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.event_id = e.event_id) LIMIT ?)`,
      [at, limit],
    );
    return attempts + deliveries + events;
  }

  async purgeSessions(before: Date, limit: number): Promise<number> {
    return this.db.run('DELETE FROM onboarding_sessions WHERE id IN (SELECT id FROM onboarding_sessions WHERE created_at < ? LIMIT ?)', [before.getTime(), limit]);
  }

  async purgeServiceWindows(before: Date, limit: number): Promise<number> {
    return this.db.run(
      `DELETE FROM service_window WHERE (partner_id, client_ref, contact) IN
       (SELECT partner_id, client_ref, contact FROM service_window WHERE last_inbound_at < ? LIMIT ?)`,
      [before.getTime(), limit],
    );
  }
}
