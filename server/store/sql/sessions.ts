import type { OnboardingSession } from '../records';
import type { SessionRepository } from '../repositories';
import { dateOrNull, type SqlConnection } from './connection';

type Row = Omit<OnboardingSession, 'created_at' | 'expires_at' | 'used_at'> & {
  created_at: number;
  expires_at: number;
  used_at: number | null;
};

const COLUMNS = 'id, partner_id, channel, client_ref, token_hash, created_at, expires_at, used_at, key_id';

export class SqlSessionRepository implements SessionRepository {
  constructor(private readonly db: SqlConnection) {}

  async insert(s: OnboardingSession): Promise<void> {
    await this.db.run(`INSERT INTO onboarding_sessions (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`, [
      s.id,
      s.partner_id,
      s.channel,
      s.client_ref,
      s.token_hash,
      s.created_at.getTime(),
      s.expires_at.getTime(),
      s.used_at?.getTime() ?? null,
      s.key_id,
    ]);
  }

  async findById(id: string): Promise<OnboardingSession | undefined> {
    const row = await this.db.get<Row>(`SELECT ${COLUMNS} FROM onboarding_sessions WHERE id = ?`, [id]);
    if (!row) return undefined;
    return { ...row, created_at: new Date(row.created_at), expires_at: new Date(row.expires_at), used_at: dateOrNull(row.used_at) };
  }

  async markUsed(id: string, at: Date): Promise<boolean> {
    return (await this.db.run('UPDATE onboarding_sessions SET used_at = ? WHERE id = ? AND used_at IS NULL', [at.getTime(), id])) === 1;
  }
}
