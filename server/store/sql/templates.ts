import type { ClientId, TemplateCategory, TemplateRecord, TemplateStatus } from '../records';
import type { TemplateRepository } from '../repositories';
import type { SqlConnection } from './connection';
import type { HeldInMemory } from './held-in-memory';

interface Row {
  id: string;
  partner_id: string;
  client_ref: string;
  name: string;
  language: string;
  category: string;
  status: string;
  rejected_reason: string | null;
  template_type: string;
  components: string;
  created_at: number;
  updated_at: number;
}

const toRecord = (row: Row): TemplateRecord => ({
  id: row.id,
  partner_id: row.partner_id,
  client_ref: row.client_ref,
  name: row.name,
  language: row.language,
  category: row.category as TemplateCategory,
  status: row.status as TemplateStatus,
  rejected_reason: row.rejected_reason,
  template_type: row.template_type,
  components: JSON.parse(row.components) as TemplateRecord['components'],
  created_at: new Date(row.created_at),
  updated_at: new Date(row.updated_at),
});

const COLUMNS = 'id, partner_id, client_ref, name, language, category, status, rejected_reason, template_type, components, created_at, updated_at';
const OF_CLIENT = 'partner_id = ? AND client_ref = ?';
const of = (client: ClientId) => [client.partner_id, client.client_ref];
/** A client as a cache key: the partner id holds no newline. */
const keyOf = (client: ClientId) => `${client.partner_id}\n${client.client_ref}`;

export class SqlTemplateRepository implements TemplateRepository {
  constructor(
    private readonly db: SqlConnection,
    private readonly memory: HeldInMemory,
  ) {}

  async upsert(t: TemplateRecord): Promise<void> {
    await this.db.run(
      `INSERT INTO templates (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET partner_id = excluded.partner_id, client_ref = excluded.client_ref, name = excluded.name,
       language = excluded.language, category = excluded.category, status = excluded.status, rejected_reason = excluded.rejected_reason,
       template_type = excluded.template_type, components = excluded.components, created_at = excluded.created_at,
       updated_at = excluded.updated_at`,
      [
        t.id,
        t.partner_id,
        t.client_ref,
        t.name,
        t.language,
        t.category,
        t.status,
        t.rejected_reason,
        t.template_type,
        JSON.stringify(t.components),
        t.created_at.getTime(),
        t.updated_at.getTime(),
      ],
    );
  }

  async delete(client: ClientId, id: string): Promise<void> {
    await this.db.run(`DELETE FROM templates WHERE ${OF_CLIENT} AND id = ?`, [...of(client), id]);
  }

  async findById(client: ClientId, id: string): Promise<TemplateRecord | undefined> {
    const row = await this.db.get<Row>(`SELECT ${COLUMNS} FROM templates WHERE ${OF_CLIENT} AND id = ?`, [...of(client), id]);
    return row && toRecord(row);
  }

  async findByProviderId(id: string): Promise<TemplateRecord | undefined> {
    const row = await this.db.get<Row>(`SELECT ${COLUMNS} FROM templates WHERE id = ?`, [id]);
    return row && toRecord(row);
  }

  async findByName(client: ClientId, name: string): Promise<TemplateRecord[]> {
    return (await this.db.all<Row>(`SELECT ${COLUMNS} FROM templates WHERE ${OF_CLIENT} AND name = ? ORDER BY language`, [...of(client), name])).map(toRecord);
  }

  /** GET /templates, hence cached. */
  async list(client: ClientId): Promise<TemplateRecord[]> {
    const list = await this.memory.templateLists.get(keyOf(client), async () => {
      return (await this.db.all<Row>(`SELECT ${COLUMNS} FROM templates WHERE ${OF_CLIENT} ORDER BY seq`, of(client))).map(toRecord);
    });
    return list!;
  }

  /** Asked by every GET /templates, hence cached. */
  async syncedAt(client: ClientId): Promise<Date | undefined> {
    const at = await this.memory.templateSyncs.get(keyOf(client), async () => {
      return (await this.db.get<{ synced_at: number }>(`SELECT synced_at FROM template_mirror_sync WHERE ${OF_CLIENT}`, of(client)))?.synced_at;
    });
    return at === undefined ? undefined : new Date(at);
  }

  async markSynced(client: ClientId, at: Date): Promise<void> {
    await this.db.run(
      `INSERT INTO template_mirror_sync (partner_id, client_ref, synced_at) VALUES (?, ?, ?)
       ON CONFLICT (partner_id, client_ref) DO UPDATE SET synced_at = excluded.synced_at`,
      [...of(client), at.getTime()],
    );
  }

  async recordEdit(templateId: string, at: Date, fromStatus: TemplateStatus): Promise<void> {
    await this.db.run('INSERT INTO template_edits (template_id, edited_at, from_status) VALUES (?, ?, ?)', [templateId, at.getTime(), fromStatus]);
  }

  async editsSince(templateId: string, since: Date, status: TemplateStatus): Promise<Date[]> {
    const rows = await this.db.all<{ edited_at: number }>(
      'SELECT edited_at FROM template_edits WHERE template_id = ? AND edited_at > ? AND from_status = ? ORDER BY edited_at',
      [templateId, since.getTime(), status],
    );
    return rows.map((r) => new Date(r.edited_at));
  }

  async blockName(client: ClientId, name: string, at: Date): Promise<void> {
    await this.db.run(
      `INSERT INTO template_name_blocks (partner_id, client_ref, name, deleted_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (partner_id, client_ref, name) DO UPDATE SET deleted_at = excluded.deleted_at`,
      [...of(client), name, at.getTime()],
    );
  }

  async nameDeletedAt(client: ClientId, name: string): Promise<Date | undefined> {
    const row = await this.db.get<{ deleted_at: number }>(`SELECT deleted_at FROM template_name_blocks WHERE ${OF_CLIENT} AND name = ?`, [...of(client), name]);
    return row ? new Date(row.deleted_at) : undefined;
  }

  async reserveName(client: ClientId, name: string, language: string, now: Date, until: Date): Promise<boolean> {
    // A held reservation is replaced only once it has expired (its holder crashed or hung). The row's unique
    // key makes a second instance's insert wait for the first and then see its hold.
    const changed = await this.db.run(
      `INSERT INTO template_name_reservations (partner_id, client_ref, name, language, expires_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (partner_id, client_ref, name, language) DO UPDATE SET expires_at = excluded.expires_at
       WHERE template_name_reservations.expires_at <= ?`,
      [...of(client), name, language, until.getTime(), now.getTime()],
    );
    return changed === 1;
  }

  async releaseName(client: ClientId, name: string, language: string): Promise<void> {
    await this.db.run(`DELETE FROM template_name_reservations WHERE ${OF_CLIENT} AND name = ? AND language = ?`, [...of(client), name, language]);
  }
}
