import type { PortalTokenRecord } from '../records';
import type { PortalTokenRepository } from '../repositories';
import type { SqlConnection } from './connection';

interface Row {
  partner_id: string;
  hash: string;
  issued_at: number;
}

export class SqlPortalTokenRepository implements PortalTokenRepository {
  constructor(private readonly db: SqlConnection) {}

  async put(token: PortalTokenRecord): Promise<void> {
    await this.db.run(
      `INSERT INTO portal_tokens (partner_id, hash, issued_at) VALUES (?, ?, ?)
       ON CONFLICT (partner_id) DO UPDATE SET hash = excluded.hash, issued_at = excluded.issued_at`,
      [token.partnerId, token.hash, token.issuedAt.getTime()],
    );
  }

  async findByHash(hash: string): Promise<PortalTokenRecord | undefined> {
    const row = await this.db.get<Row>('SELECT partner_id, hash, issued_at FROM portal_tokens WHERE hash = ?', [hash]);
    return row && { partnerId: row.partner_id, hash: row.hash, issuedAt: new Date(row.issued_at) };
  }
}
