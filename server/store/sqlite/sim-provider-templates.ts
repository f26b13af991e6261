import type { SimulatedMedia, SimulatedTemplate, SimulatedTemplateState } from '../../provider/simulated-templates';
import type { SqliteDatabase } from './database';

interface Row {
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

const toTemplate = (r: Row): SimulatedTemplate => ({
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

const COLUMNS = 'id, account, name, language, category, status, reason, components, created_at, updated_at, plan, next_move_at';

/** The simulated provider's records (not the service's mirror): what "the provider" holds. */
export class SqliteSimulatedTemplateState implements SimulatedTemplateState {
  constructor(private readonly db: SqliteDatabase) {}

  save(t: SimulatedTemplate): void {
    this.db
      .prepare(
        `INSERT INTO sim_provider_templates (${COLUMNS}) VALUES (@id, @account, @name, @language, @category, @status, @reason,
         @components, @created_at, @updated_at, @plan, @next_move_at)
         ON CONFLICT (id) DO UPDATE SET category = excluded.category, status = excluded.status, reason = excluded.reason,
         components = excluded.components, updated_at = excluded.updated_at, plan = excluded.plan, next_move_at = excluded.next_move_at`,
      )
      .run({
        ...t,
        components: JSON.stringify(t.components),
        created_at: t.created_at.getTime(),
        updated_at: t.updated_at.getTime(),
        plan: JSON.stringify(t.plan),
        next_move_at: t.next_move_at?.getTime() ?? null,
      });
  }

  delete(id: string): void {
    this.db.prepare('DELETE FROM sim_provider_templates WHERE id = ?').run(id);
  }

  get(id: string): SimulatedTemplate | undefined {
    const row = this.db.prepare(`SELECT ${COLUMNS} FROM sim_provider_templates WHERE id = ?`).get(id) as Row | undefined;
    return row && toTemplate(row);
  }

  list(account: string): SimulatedTemplate[] {
    return (this.db.prepare(`SELECT ${COLUMNS} FROM sim_provider_templates WHERE account = ? ORDER BY seq`).all(account) as Row[]).map(toTemplate);
  }

  due(now: Date): SimulatedTemplate[] {
    return (
      this.db
        .prepare(`SELECT ${COLUMNS} FROM sim_provider_templates WHERE next_move_at IS NOT NULL AND next_move_at <= ? ORDER BY next_move_at, seq`)
        .all(now.getTime()) as Row[]
    ).map(toTemplate);
  }

  saveMedia(m: SimulatedMedia): void {
    this.db
      .prepare('INSERT INTO sim_provider_media (handle, account, format, mime_type, size, sha256, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)')
      .run(m.handle, m.account, m.format, m.mime_type, m.size, m.sha256, m.created_at.getTime());
  }

  findMedia(handle: string): SimulatedMedia | undefined {
    const row = this.db.prepare('SELECT * FROM sim_provider_media WHERE handle = ?').get(handle) as
      | (Omit<SimulatedMedia, 'created_at'> & { created_at: number })
      | undefined;
    return row && { ...row, created_at: new Date(row.created_at) };
  }
}
