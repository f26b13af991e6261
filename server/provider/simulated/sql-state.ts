// The simulated provider's records in the server's database, SQLite or PostgreSQL (tables sim_provider_* and
// provider_media of the store's migrations): what "the provider" holds, shared by every instance on it.
import type { SqlConnection } from '../../store/sql/connection';
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
const MEDIA_COLUMNS = 'id, account_key, direction, kind, mime_type, size, sha256, filename, path, created_at, expires_at';

export function sqlSimulatorState(db: SqlConnection): SimulatorState {
  return {
    saveTemplate: async (t) => {
      await db.run(
        `INSERT INTO sim_provider_templates (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (id) DO UPDATE SET category = excluded.category, status = excluded.status, reason = excluded.reason,
         components = excluded.components, updated_at = excluded.updated_at, plan = excluded.plan, next_move_at = excluded.next_move_at`,
        [
          t.id,
          t.account,
          t.name,
          t.language,
          t.category,
          t.status,
          t.reason,
          JSON.stringify(t.components),
          t.created_at.getTime(),
          t.updated_at.getTime(),
          JSON.stringify(t.plan),
          t.next_move_at?.getTime() ?? null,
        ],
      );
    },
    deleteTemplate: async (id) => void (await db.run('DELETE FROM sim_provider_templates WHERE id = ?', [id])),
    template: async (id) => {
      const row = await db.get<TemplateRow>(`SELECT ${COLUMNS} FROM sim_provider_templates WHERE id = ?`, [id]);
      return row && toTemplate(row);
    },
    templates: async (account) => (await db.all<TemplateRow>(`SELECT ${COLUMNS} FROM sim_provider_templates WHERE account = ? ORDER BY seq`, [account])).map(toTemplate),
    dueTemplates: async (now) =>
      (
        await db.all<TemplateRow>(
          `SELECT ${COLUMNS} FROM sim_provider_templates WHERE next_move_at IS NOT NULL AND next_move_at <= ? ORDER BY next_move_at, seq`,
          [now.getTime()],
        )
      ).map(toTemplate),
    claimMove: async (id, due, retryAt) =>
      (await db.run('UPDATE sim_provider_templates SET next_move_at = ? WHERE id = ? AND next_move_at = ?', [retryAt.getTime(), id, due.getTime()])) === 1,
    saveHeaderMedia: async (m) =>
      void (await db.run('INSERT INTO sim_provider_media (handle, account, format, mime_type, size, sha256, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)', [
        m.handle,
        m.account,
        m.format,
        m.mime_type,
        m.size,
        m.sha256,
        m.created_at.getTime(),
      ])),
    headerMedia: async (handle) => {
      const row = await db.get<Omit<HeldHeaderMedia, 'created_at'> & { created_at: number }>(
        'SELECT handle, account, format, mime_type, size, sha256, created_at FROM sim_provider_media WHERE handle = ?',
        [handle],
      );
      return row && { ...row, created_at: new Date(row.created_at) };
    },
    saveMedia: async (m) =>
      void (await db.run(`INSERT INTO provider_media (${MEDIA_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, [
        m.id,
        m.account_key,
        m.direction,
        m.kind,
        m.mime_type,
        m.size,
        m.sha256,
        m.filename,
        m.path,
        m.created_at.getTime(),
        m.expires_at.getTime(),
      ])),
    media: async (accountKey, id) => {
      const row = await db.get<MediaRow>(`SELECT ${MEDIA_COLUMNS} FROM provider_media WHERE account_key = ? AND id = ?`, [accountKey, id]);
      return row && toMedia(row);
    },
    expiredMedia: async (now, limit) =>
      (await db.all<MediaRow>(`SELECT ${MEDIA_COLUMNS} FROM provider_media WHERE expires_at <= ? ORDER BY expires_at LIMIT ?`, [now.getTime(), limit])).map(toMedia),
    removeMedia: async (id) => void (await db.run('DELETE FROM provider_media WHERE id = ?', [id])),
    removeHeaderMediaBefore: (before, limit) =>
      db.run('DELETE FROM sim_provider_media WHERE handle IN (SELECT handle FROM sim_provider_media WHERE created_at < ? LIMIT ?)', [before.getTime(), limit]),
    pendingReviews: async () => (await db.get<{ n: number }>("SELECT COUNT(*) AS n FROM sim_provider_templates WHERE status = 'PENDING'"))!.n,
    flag: async (name) => (await db.get('SELECT 1 AS found FROM sim_provider_settings WHERE name = ?', [name])) !== undefined,
    setFlag: async (name, on) => {
      if (on) await db.run("INSERT INTO sim_provider_settings (name, value) VALUES (?, 'on') ON CONFLICT DO NOTHING", [name]);
      else await db.run('DELETE FROM sim_provider_settings WHERE name = ?', [name]);
    },
    once: async (name) => (await db.run("INSERT INTO sim_provider_settings (name, value) VALUES (?, 'seen') ON CONFLICT DO NOTHING", [name])) === 1,
  };
}
