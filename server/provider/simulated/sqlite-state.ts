// The simulated provider's records in the server's SQLite file (tables sim_provider_templates,
// sim_provider_media and provider_media of store/sqlite/migrations.ts): what "the provider" holds.
import type { SqliteDatabase } from '../../store/sqlite/database';
import type { HeldHeaderMedia, HeldMedia, SimulatedTemplate, SimulatorState } from './state';

interface TemplateRow {
  id: string;
  account: string;
  name: string;
  language: string;
  category: string;
  status: string;
  reason: string | null;
  components: string;
  created_at: number;
  updated_at: number;
  plan: string;
  next_move_at: number | null;
}

const toTemplate = (r: TemplateRow): SimulatedTemplate => ({
  id: r.id,
  account: r.account,
  name: r.name,
  language: r.language,
  category: r.category as SimulatedTemplate['category'],
  status: r.status as SimulatedTemplate['status'],
  reason: r.reason,
  components: JSON.parse(r.components) as SimulatedTemplate['components'],
  created_at: new Date(r.created_at),
  updated_at: new Date(r.updated_at),
  plan: JSON.parse(r.plan) as SimulatedTemplate['plan'],
  next_move_at: r.next_move_at === null ? null : new Date(r.next_move_at),
});

type MediaRow = Omit<HeldMedia, 'created_at' | 'expires_at'> & { created_at: number; expires_at: number };

const toMedia = (row: MediaRow): HeldMedia => ({ ...row, created_at: new Date(row.created_at), expires_at: new Date(row.expires_at) });

const COLUMNS = 'id, account, name, language, category, status, reason, components, created_at, updated_at, plan, next_move_at';

export function sqliteSimulatorState(db: SqliteDatabase): SimulatorState {
  const saveTemplate = db.prepare(
    `INSERT INTO sim_provider_templates (${COLUMNS}) VALUES (@id, @account, @name, @language, @category, @status, @reason,
     @components, @created_at, @updated_at, @plan, @next_move_at)
     ON CONFLICT (id) DO UPDATE SET category = excluded.category, status = excluded.status, reason = excluded.reason,
     components = excluded.components, updated_at = excluded.updated_at, plan = excluded.plan, next_move_at = excluded.next_move_at`,
  );
  const deleteTemplate = db.prepare('DELETE FROM sim_provider_templates WHERE id = ?');
  const templateById = db.prepare<[string], TemplateRow>(`SELECT ${COLUMNS} FROM sim_provider_templates WHERE id = ?`);
  const templatesOf = db.prepare<[string], TemplateRow>(`SELECT ${COLUMNS} FROM sim_provider_templates WHERE account = ? ORDER BY seq`);
  const dueTemplates = db.prepare<[number], TemplateRow>(
    `SELECT ${COLUMNS} FROM sim_provider_templates WHERE next_move_at IS NOT NULL AND next_move_at <= ? ORDER BY next_move_at, seq`,
  );
  const saveHeaderMedia = db.prepare(
    'INSERT INTO sim_provider_media (handle, account, format, mime_type, size, sha256, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const headerMedia = db.prepare<[string], Omit<HeldHeaderMedia, 'created_at'> & { created_at: number }>(
    'SELECT * FROM sim_provider_media WHERE handle = ?',
  );
  const saveMedia = db.prepare(
    `INSERT INTO provider_media (id, account_key, direction, kind, mime_type, size, sha256, filename, path, created_at, expires_at)
     VALUES (@id, @account_key, @direction, @kind, @mime_type, @size, @sha256, @filename, @path, @created_at, @expires_at)`,
  );
  const media = db.prepare<[string, string], MediaRow>('SELECT * FROM provider_media WHERE account_key = ? AND id = ?');
  const expiredMedia = db.prepare<[number], MediaRow>('SELECT * FROM provider_media WHERE expires_at <= ?');
  const removeMedia = db.prepare('DELETE FROM provider_media WHERE id = ?');
  return {
    saveTemplate: (t) =>
      void saveTemplate.run({
        ...t,
        components: JSON.stringify(t.components),
        created_at: t.created_at.getTime(),
        updated_at: t.updated_at.getTime(),
        plan: JSON.stringify(t.plan),
        next_move_at: t.next_move_at?.getTime() ?? null,
      }),
    deleteTemplate: (id) => void deleteTemplate.run(id),
    template: (id) => {
      const row = templateById.get(id);
      return row && toTemplate(row);
    },
    templates: (account) => templatesOf.all(account).map(toTemplate),
    dueTemplates: (now) => dueTemplates.all(now.getTime()).map(toTemplate),
    saveHeaderMedia: (m) => void saveHeaderMedia.run(m.handle, m.account, m.format, m.mime_type, m.size, m.sha256, m.created_at.getTime()),
    headerMedia: (handle) => {
      const row = headerMedia.get(handle);
      return row && { ...row, created_at: new Date(row.created_at) };
    },
    saveMedia: (m) => void saveMedia.run({ ...m, created_at: m.created_at.getTime(), expires_at: m.expires_at.getTime() }),
    media: (accountKey, id) => {
      const row = media.get(accountKey, id);
      return row && toMedia(row);
    },
    expiredMedia: (now) => expiredMedia.all(now.getTime()).map(toMedia),
    removeMedia: (id) => void removeMedia.run(id),
  };
}
