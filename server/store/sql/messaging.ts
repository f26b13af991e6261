import type { ClientId, KeyMode, MessageRecord, OutboundStatus, PartnerId, StatusChange } from '../records';
import type { MessageRepository, PartnerSettingsRepository, ServiceWindowRepository, Store, TestRecipientRepository } from '../repositories';
import type { SqlConnection } from './connection';
import type { HeldInMemory } from './held-in-memory';

interface MessageRow {
  id: string;
  partner_id: string;
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

const M_COLUMNS = 'id, partner_id, client_ref, channel, recipient, kind, type, key_mode, status, created_at, updated_at';
const OF_CLIENT = 'partner_id = ? AND client_ref = ?';
const of = (client: ClientId) => [client.partner_id, client.client_ref];

class SqlMessageRepository implements MessageRepository {
  constructor(private readonly db: SqlConnection) {}

  async insert(m: MessageRecord): Promise<void> {
    await this.db.run(`INSERT INTO messages (${M_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, [
      m.id,
      m.partner_id,
      m.client_ref,
      m.channel,
      m.recipient,
      m.kind,
      m.type,
      m.key_mode,
      m.status,
      m.created_at.getTime(),
      m.updated_at.getTime(),
    ]);
  }

  async findById(partnerId: PartnerId, id: string): Promise<MessageRecord | undefined> {
    const row = await this.db.get<MessageRow>(`SELECT ${M_COLUMNS} FROM messages WHERE partner_id = ? AND id = ?`, [partnerId, id]);
    return row && { ...row, created_at: new Date(row.created_at), updated_at: new Date(row.updated_at) };
  }

  recordStatus(change: StatusChange): Promise<void> {
    return this.db.transaction(async (tx) => {
      await tx.run('UPDATE messages SET status = ?, updated_at = ? WHERE id = ?', [change.status, change.at.getTime(), change.message_id]);
      await tx.run('INSERT INTO message_status_history (message_id, status, at, error) VALUES (?, ?, ?, ?)', [
        change.message_id,
        change.status,
        change.at.getTime(),
        change.error ? JSON.stringify(change.error) : null,
      ]);
    });
  }

  async history(id: string): Promise<StatusChange[]> {
    const rows = await this.db.all<{ message_id: string; status: OutboundStatus; at: number; error: string | null }>(
      'SELECT message_id, status, at, error FROM message_status_history WHERE message_id = ? ORDER BY seq',
      [id],
    );
    return rows.map((row) => ({ message_id: row.message_id, status: row.status, at: new Date(row.at), error: row.error === null ? null : JSON.parse(row.error) }));
  }
}

class SqlServiceWindowRepository implements ServiceWindowRepository {
  constructor(
    private readonly db: SqlConnection,
    private readonly memory: HeldInMemory,
  ) {}

  async recordInbound(client: ClientId, contact: string, at: Date): Promise<void> {
    await this.db.run(
      `INSERT INTO service_window (partner_id, client_ref, contact, last_inbound_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (partner_id, client_ref, contact) DO UPDATE SET last_inbound_at = CASE
         WHEN excluded.last_inbound_at > service_window.last_inbound_at THEN excluded.last_inbound_at ELSE service_window.last_inbound_at END`,
      [...of(client), contact, at.getTime()],
    );
  }

  /** Asked by every free-form send, hence cached. */
  async lastInbound(client: ClientId, contact: string): Promise<Date | undefined> {
    // The partner id and the client reference hold no newline.
    const at = await this.memory.lastInbound.get(`${client.partner_id}\n${client.client_ref}\n${contact}`, async () => {
      const row = await this.db.get<{ last_inbound_at: number }>(`SELECT last_inbound_at FROM service_window WHERE ${OF_CLIENT} AND contact = ?`, [...of(client), contact]);
      return row?.last_inbound_at;
    });
    return at === undefined ? undefined : new Date(at);
  }
}

class SqlPartnerSettingsRepository implements PartnerSettingsRepository {
  constructor(private readonly db: SqlConnection) {}

  async get(partnerId: PartnerId, name: string): Promise<string | undefined> {
    return (await this.db.get<{ value: string }>('SELECT value FROM partner_settings WHERE partner_id = ? AND name = ?', [partnerId, name]))?.value;
  }

  async set(partnerId: PartnerId, name: string, value: string | null): Promise<void> {
    if (value === null) await this.db.run('DELETE FROM partner_settings WHERE partner_id = ? AND name = ?', [partnerId, name]);
    else {
      await this.db.run(
        'INSERT INTO partner_settings (partner_id, name, value) VALUES (?, ?, ?) ON CONFLICT (partner_id, name) DO UPDATE SET value = excluded.value',
        [partnerId, name, value],
      );
    }
  }

  async setIfAbsent(partnerId: PartnerId, name: string, value: string): Promise<boolean> {
    return (await this.db.run('INSERT INTO partner_settings (partner_id, name, value) VALUES (?, ?, ?) ON CONFLICT DO NOTHING', [partnerId, name, value])) === 1;
  }
}

class SqlTestRecipientRepository implements TestRecipientRepository {
  constructor(private readonly db: SqlConnection) {}

  async add(client: ClientId, recipient: string, at: Date): Promise<void> {
    await this.db.run('INSERT INTO test_recipients (partner_id, client_ref, recipient, registered_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING', [
      ...of(client),
      recipient,
      at.getTime(),
    ]);
  }

  async remove(client: ClientId, recipient: string): Promise<boolean> {
    return (await this.db.run(`DELETE FROM test_recipients WHERE ${OF_CLIENT} AND recipient = ?`, [...of(client), recipient])) > 0;
  }

  async has(client: ClientId, recipient: string): Promise<boolean> {
    return (await this.db.get(`SELECT 1 AS found FROM test_recipients WHERE ${OF_CLIENT} AND recipient = ?`, [...of(client), recipient])) !== undefined;
  }

  async list(client: ClientId): Promise<string[]> {
    const rows = await this.db.all<{ recipient: string }>(`SELECT recipient FROM test_recipients WHERE ${OF_CLIENT} ORDER BY registered_at, recipient`, of(client));
    return rows.map((r) => r.recipient);
  }
}

/** The repositories of sends and what they read. */
export function sqlMessagingStore(db: SqlConnection, memory: HeldInMemory): Pick<Store, 'messages' | 'serviceWindow' | 'partnerSettings' | 'testRecipients'> {
  return {
    messages: new SqlMessageRepository(db),
    serviceWindow: new SqlServiceWindowRepository(db, memory),
    partnerSettings: new SqlPartnerSettingsRepository(db),
    testRecipients: new SqlTestRecipientRepository(db),
  };
}
