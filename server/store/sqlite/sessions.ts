import type { OnboardingSession } from '../records';
import type { SessionRepository } from '../repositories';
import type { SqliteDatabase } from './database';

type Row = Omit<OnboardingSession, 'created_at' | 'expires_at' | 'used_at'> & {
  created_at: number;
  expires_at: number;
  used_at: number | null;
};

export class SqliteSessionRepository implements SessionRepository {
  private readonly insertStmt;
  private readonly byId;
  private readonly markUsedStmt;

  constructor(db: SqliteDatabase) {
    this.insertStmt = db.prepare(
      `INSERT INTO onboarding_sessions (id, channel, client_ref, token_hash, created_at, expires_at, used_at, key_id)
       VALUES (@id, @channel, @client_ref, @token_hash, @created_at, @expires_at, @used_at, @key_id)`,
    );
    this.byId = db.prepare<[string], Row>('SELECT * FROM onboarding_sessions WHERE id = ?');
    this.markUsedStmt = db.prepare('UPDATE onboarding_sessions SET used_at = ? WHERE id = ? AND used_at IS NULL');
  }

  insert(session: OnboardingSession): void {
    this.insertStmt.run({
      ...session,
      created_at: session.created_at.getTime(),
      expires_at: session.expires_at.getTime(),
      used_at: session.used_at?.getTime() ?? null,
    });
  }

  findById(id: string): OnboardingSession | undefined {
    const row = this.byId.get(id);
    if (!row) return undefined;
    return {
      ...row,
      created_at: new Date(row.created_at),
      expires_at: new Date(row.expires_at),
      used_at: row.used_at === null ? null : new Date(row.used_at),
    };
  }

  markUsed(id: string, at: Date): boolean {
    return this.markUsedStmt.run(at.getTime(), id).changes === 1;
  }
}
