import type { TemplateCategory, TemplateRecord, TemplateStatus } from '../records';
import type { TemplateRepository } from '../repositories';
import type { SqliteDatabase } from './database';

interface Row {
  id: string;
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

const COLUMNS = 'id, client_ref, name, language, category, status, rejected_reason, template_type, components, created_at, updated_at';

export class SqliteTemplateRepository implements TemplateRepository {
  private readonly upsertStmt;
  private readonly deleteStmt;
  private readonly byId;
  private readonly byProviderId;
  private readonly byName;
  private readonly listStmt;
  private readonly syncedStmt;
  private readonly markSyncedStmt;
  private readonly editStmt;
  private readonly editsStmt;
  private readonly blockStmt;
  private readonly blockedStmt;
  private readonly reserveStmt;
  private readonly releaseStmt;

  constructor(db: SqliteDatabase) {
    this.upsertStmt = db.prepare(
      `INSERT INTO templates (${COLUMNS}) VALUES (@id, @client_ref, @name, @language, @category, @status, @rejected_reason,
       @template_type, @components, @created_at, @updated_at)
       ON CONFLICT (id) DO UPDATE SET client_ref = excluded.client_ref, name = excluded.name, language = excluded.language,
       category = excluded.category, status = excluded.status, rejected_reason = excluded.rejected_reason,
       template_type = excluded.template_type, components = excluded.components, created_at = excluded.created_at,
       updated_at = excluded.updated_at`,
    );
    this.deleteStmt = db.prepare('DELETE FROM templates WHERE client_ref = ? AND id = ?');
    this.byId = db.prepare<[string, string], Row>(`SELECT ${COLUMNS} FROM templates WHERE client_ref = ? AND id = ?`);
    this.byProviderId = db.prepare<[string], Row>(`SELECT ${COLUMNS} FROM templates WHERE id = ?`);
    this.byName = db.prepare<[string, string], Row>(`SELECT ${COLUMNS} FROM templates WHERE client_ref = ? AND name = ? ORDER BY language`);
    this.listStmt = db.prepare<[string], Row>(`SELECT ${COLUMNS} FROM templates WHERE client_ref = ? ORDER BY seq`);
    this.syncedStmt = db.prepare<[string], { synced_at: number }>('SELECT synced_at FROM template_mirror_sync WHERE client_ref = ?');
    this.markSyncedStmt = db.prepare(
      'INSERT INTO template_mirror_sync (client_ref, synced_at) VALUES (?, ?) ON CONFLICT (client_ref) DO UPDATE SET synced_at = excluded.synced_at',
    );
    this.editStmt = db.prepare('INSERT INTO template_edits (template_id, edited_at, from_status) VALUES (?, ?, ?)');
    this.editsStmt = db.prepare<[string, number, string], { edited_at: number }>(
      'SELECT edited_at FROM template_edits WHERE template_id = ? AND edited_at > ? AND from_status = ? ORDER BY edited_at',
    );
    this.blockStmt = db.prepare(
      'INSERT INTO template_name_blocks (client_ref, name, deleted_at) VALUES (?, ?, ?) ON CONFLICT (client_ref, name) DO UPDATE SET deleted_at = excluded.deleted_at',
    );
    this.blockedStmt = db.prepare<[string, string], { deleted_at: number }>(
      'SELECT deleted_at FROM template_name_blocks WHERE client_ref = ? AND name = ?',
    );
    // A held reservation is replaced only once it has expired (its holder crashed or hung).
    this.reserveStmt = db.prepare(
      `INSERT INTO template_name_reservations (client_ref, name, language, expires_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (client_ref, name, language) DO UPDATE SET expires_at = excluded.expires_at WHERE expires_at <= ?`,
    );
    this.releaseStmt = db.prepare('DELETE FROM template_name_reservations WHERE client_ref = ? AND name = ? AND language = ?');
  }

  upsert(t: TemplateRecord): void {
    this.upsertStmt.run({
      ...t,
      components: JSON.stringify(t.components),
      created_at: t.created_at.getTime(),
      updated_at: t.updated_at.getTime(),
    });
  }

  delete(clientRef: string, id: string): void {
    this.deleteStmt.run(clientRef, id);
  }

  findById(clientRef: string, id: string): TemplateRecord | undefined {
    const row = this.byId.get(clientRef, id);
    return row && toRecord(row);
  }

  findByProviderId(id: string): TemplateRecord | undefined {
    const row = this.byProviderId.get(id);
    return row && toRecord(row);
  }

  findByName(clientRef: string, name: string): TemplateRecord[] {
    return this.byName.all(clientRef, name).map(toRecord);
  }

  list(clientRef: string): TemplateRecord[] {
    return this.listStmt.all(clientRef).map(toRecord);
  }

  syncedAt(clientRef: string): Date | undefined {
    const row = this.syncedStmt.get(clientRef);
    return row ? new Date(row.synced_at) : undefined;
  }

  markSynced(clientRef: string, at: Date): void {
    this.markSyncedStmt.run(clientRef, at.getTime());
  }

  recordEdit(templateId: string, at: Date, fromStatus: TemplateStatus): void {
    this.editStmt.run(templateId, at.getTime(), fromStatus);
  }

  editsSince(templateId: string, since: Date, status: TemplateStatus): Date[] {
    return this.editsStmt.all(templateId, since.getTime(), status).map((r) => new Date(r.edited_at));
  }

  blockName(clientRef: string, name: string, at: Date): void {
    this.blockStmt.run(clientRef, name, at.getTime());
  }

  nameDeletedAt(clientRef: string, name: string): Date | undefined {
    const row = this.blockedStmt.get(clientRef, name);
    return row ? new Date(row.deleted_at) : undefined;
  }

  reserveName(clientRef: string, name: string, language: string, now: Date, until: Date): boolean {
    return this.reserveStmt.run(clientRef, name, language, until.getTime(), now.getTime()).changes === 1;
  }

  releaseName(clientRef: string, name: string, language: string): void {
    this.releaseStmt.run(clientRef, name, language);
  }
}
