import type { KeyMode, MessageRecord, OutboundStatus, StatusChange } from '../records';
import type { MessageRepository, PartnerSettingsRepository, ServiceWindowRepository, Store, TestRecipientRepository } from '../repositories';
import type { SqliteDatabase } from './database';

interface MessageRow {
  id: string;
  client_ref: string;
  channel: 'chat' | 'social';
  recipient: string;
  kind: 'free_form' | 'template';
  type: string;
  key_mode: KeyMode;
  status: OutboundStatus;
  created_at: number;
  updated_at: number;
}

class SqliteMessageRepository implements MessageRepository {
  private readonly insertStmt;
  private readonly byId;
  private readonly moveStmt;
  private readonly appendStmt;
  private readonly historyStmt;

  constructor(db: SqliteDatabase) {
    this.insertStmt = db.prepare(
      `INSERT INTO messages (id, client_ref, channel, recipient, kind, type, key_mode, status, created_at, updated_at)
       VALUES (@id, @client_ref, @channel, @recipient, @kind, @type, @key_mode, @status, @created_at, @updated_at)`,
    );
    this.byId = db.prepare<[string], MessageRow>('SELECT * FROM messages WHERE id = ?');
    this.moveStmt = db.prepare('UPDATE messages SET status = ?, updated_at = ? WHERE id = ?');
    this.appendStmt = db.prepare('INSERT INTO message_status_history (message_id, status, at, error) VALUES (?, ?, ?, ?)');
    this.historyStmt = db.prepare<[string], { message_id: string; status: OutboundStatus; at: number; error: string | null }>(
      'SELECT message_id, status, at, error FROM message_status_history WHERE message_id = ? ORDER BY seq',
    );
    this.recordStatus = db.transaction((change: StatusChange) => {
      this.moveStmt.run(change.status, change.at.getTime(), change.message_id);
      this.appendStmt.run(change.message_id, change.status, change.at.getTime(), change.error ? JSON.stringify(change.error) : null);
    }) as (change: StatusChange) => void;
  }

  readonly recordStatus: (change: StatusChange) => void;

  insert(m: MessageRecord): void {
    this.insertStmt.run({ ...m, created_at: m.created_at.getTime(), updated_at: m.updated_at.getTime() });
  }

  findById(id: string): MessageRecord | undefined {
    const row = this.byId.get(id);
    return row && { ...row, created_at: new Date(row.created_at), updated_at: new Date(row.updated_at) };
  }

  history(id: string): StatusChange[] {
    return this.historyStmt.all(id).map((row) => ({
      message_id: row.message_id,
      status: row.status,
      at: new Date(row.at),
      error: row.error === null ? null : JSON.parse(row.error),
    }));
  }
}

class SqliteServiceWindowRepository implements ServiceWindowRepository {
  private readonly upsert;
  private readonly last;

  constructor(db: SqliteDatabase) {
    this.upsert = db.prepare(
      `INSERT INTO service_window (client_ref, contact, last_inbound_at) VALUES (?, ?, ?)
       ON CONFLICT (client_ref, contact) DO UPDATE SET last_inbound_at = MAX(last_inbound_at, excluded.last_inbound_at)`,
    );
    this.last = db.prepare<[string, string], { last_inbound_at: number }>(
      'SELECT last_inbound_at FROM service_window WHERE client_ref = ? AND contact = ?',
    );
  }

  recordInbound(clientRef: string, contact: string, at: Date): void {
    this.upsert.run(clientRef, contact, at.getTime());
  }

  lastInbound(clientRef: string, contact: string): Date | undefined {
    const row = this.last.get(clientRef, contact);
    return row && new Date(row.last_inbound_at);
  }
}

class SqlitePartnerSettingsRepository implements PartnerSettingsRepository {
  private readonly getStmt;
  private readonly setStmt;
  private readonly deleteStmt;

  constructor(db: SqliteDatabase) {
    this.getStmt = db.prepare<[string], { value: string }>('SELECT value FROM partner_settings WHERE name = ?');
    this.setStmt = db.prepare('INSERT INTO partner_settings (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value');
    this.deleteStmt = db.prepare('DELETE FROM partner_settings WHERE name = ?');
  }

  get(name: string): string | undefined {
    return this.getStmt.get(name)?.value;
  }

  set(name: string, value: string | null): void {
    if (value === null) this.deleteStmt.run(name);
    else this.setStmt.run(name, value);
  }
}

class SqliteTestRecipientRepository implements TestRecipientRepository {
  private readonly addStmt;
  private readonly removeStmt;
  private readonly hasStmt;
  private readonly listStmt;

  constructor(db: SqliteDatabase) {
    this.addStmt = db.prepare('INSERT OR IGNORE INTO test_recipients (client_ref, recipient, registered_at) VALUES (?, ?, ?)');
    this.removeStmt = db.prepare('DELETE FROM test_recipients WHERE client_ref = ? AND recipient = ?');
    this.hasStmt = db.prepare<[string, string], { n: number }>('SELECT COUNT(*) AS n FROM test_recipients WHERE client_ref = ? AND recipient = ?');
    this.listStmt = db.prepare<[string], { recipient: string }>('SELECT recipient FROM test_recipients WHERE client_ref = ? ORDER BY registered_at, recipient');
  }

  add(clientRef: string, recipient: string, at: Date): void {
    this.addStmt.run(clientRef, recipient, at.getTime());
  }

  remove(clientRef: string, recipient: string): boolean {
    return this.removeStmt.run(clientRef, recipient).changes > 0;
  }

  has(clientRef: string, recipient: string): boolean {
    return this.hasStmt.get(clientRef, recipient)!.n > 0;
  }

  list(clientRef: string): string[] {
    return this.listStmt.all(clientRef).map((r) => r.recipient);
  }
}

/** The repositories of sends and what they read, over one SQLite database. */
export function sqliteMessagingStore(db: SqliteDatabase): Pick<Store, 'messages' | 'serviceWindow' | 'partnerSettings' | 'testRecipients'> {
  return {
    messages: new SqliteMessageRepository(db),
    serviceWindow: new SqliteServiceWindowRepository(db),
    partnerSettings: new SqlitePartnerSettingsRepository(db),
    testRecipients: new SqliteTestRecipientRepository(db),
  };
}
