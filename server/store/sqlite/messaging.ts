import type { KeyMode } from '../../domain/keys';
import type { MediaKind } from '../../domain/media-kinds';
import type {
  MediaRepository,
  MessageRecord,
  MessageRepository,
  MessagingStore,
  OutboundStatus,
  PartnerSettingsRepository,
  ServiceWindowRepository,
  StatusChange,
  StoredMedia,
  TestRecipientRepository,
} from '../messaging';
import type { SqliteDatabase } from './database';

/** Tables of sends and media (issue 4). Versions 400+ so they never collide with the other issues'. */
export const MESSAGING_MIGRATIONS: ReadonlyArray<{ version: number; name: string; sql: string }> = [
  {
    version: 401,
    name: 'messages, status history, media, service window, partner settings, test recipients',
    sql: `
      CREATE TABLE messages (
        id TEXT PRIMARY KEY,
        client_ref TEXT NOT NULL,
        channel TEXT NOT NULL CHECK (channel IN ('chat', 'social')),
        recipient TEXT NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('free_form', 'template')),
        type TEXT NOT NULL,
        key_mode TEXT NOT NULL CHECK (key_mode IN ('test', 'live')),
        status TEXT NOT NULL CHECK (status IN ('sent', 'delivered', 'read', 'failed')),
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      );
      CREATE TABLE message_status_history (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        message_id TEXT NOT NULL REFERENCES messages (id),
        status TEXT NOT NULL,
        at INTEGER NOT NULL,
        error TEXT
      );
      CREATE INDEX message_status_history_message ON message_status_history (message_id, seq);
      CREATE TABLE provider_media (
        id TEXT PRIMARY KEY,
        account_key TEXT NOT NULL,
        direction TEXT NOT NULL CHECK (direction IN ('upload', 'inbound')),
        kind TEXT NOT NULL,
        mime_type TEXT NOT NULL,
        size INTEGER NOT NULL,
        sha256 TEXT NOT NULL,
        filename TEXT,
        path TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        expires_at INTEGER NOT NULL
      );
      CREATE INDEX provider_media_expiry ON provider_media (expires_at);
      CREATE TABLE service_window (
        client_ref TEXT NOT NULL,
        contact TEXT NOT NULL,
        last_inbound_at INTEGER NOT NULL,
        PRIMARY KEY (client_ref, contact)
      );
      CREATE TABLE partner_settings (
        name TEXT PRIMARY KEY,
        value TEXT NOT NULL
      );
      CREATE TABLE test_recipients (
        client_ref TEXT NOT NULL,
        recipient TEXT NOT NULL,
        registered_at INTEGER NOT NULL,
        PRIMARY KEY (client_ref, recipient)
      );
    `,
  },
];

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

interface MediaRow extends Omit<StoredMedia, 'created_at' | 'expires_at' | 'kind'> {
  kind: MediaKind;
  created_at: number;
  expires_at: number;
}

const toMedia = (row: MediaRow): StoredMedia => ({ ...row, created_at: new Date(row.created_at), expires_at: new Date(row.expires_at) });

class SqliteMediaRepository implements MediaRepository {
  private readonly insertStmt;
  private readonly findStmt;
  private readonly expiredStmt;
  private readonly removeStmt;

  constructor(db: SqliteDatabase) {
    this.insertStmt = db.prepare(
      `INSERT INTO provider_media (id, account_key, direction, kind, mime_type, size, sha256, filename, path, created_at, expires_at)
       VALUES (@id, @account_key, @direction, @kind, @mime_type, @size, @sha256, @filename, @path, @created_at, @expires_at)`,
    );
    this.findStmt = db.prepare<[string, string], MediaRow>('SELECT * FROM provider_media WHERE account_key = ? AND id = ?');
    this.expiredStmt = db.prepare<[number], MediaRow>('SELECT * FROM provider_media WHERE expires_at <= ?');
    this.removeStmt = db.prepare('DELETE FROM provider_media WHERE id = ?');
  }

  insert(m: StoredMedia): void {
    this.insertStmt.run({ ...m, created_at: m.created_at.getTime(), expires_at: m.expires_at.getTime() });
  }

  find(accountKey: string, id: string): StoredMedia | undefined {
    const row = this.findStmt.get(accountKey, id);
    return row && toMedia(row);
  }

  expired(now: Date): StoredMedia[] {
    return this.expiredStmt.all(now.getTime()).map(toMedia);
  }

  remove(id: string): void {
    this.removeStmt.run(id);
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

/** The messaging repositories over one SQLite database. */
export function sqliteMessagingStore(db: SqliteDatabase): MessagingStore {
  return {
    messages: new SqliteMessageRepository(db),
    media: new SqliteMediaRepository(db),
    serviceWindow: new SqliteServiceWindowRepository(db),
    partnerSettings: new SqlitePartnerSettingsRepository(db),
    testRecipients: new SqliteTestRecipientRepository(db),
  };
}
