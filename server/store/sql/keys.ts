import type { Scope } from '../../../generated/constants';
import type { ApiKey, PartnerId } from '../records';
import type { KeyRepository } from '../repositories';
import { dateOrNull, type SqlConnection } from './connection';
import type { HeldInMemory } from './held-in-memory';

interface Row {
  id: string;
  partner_id: string;
  name: string | null;
  mode: 'test' | 'live';
  scopes: string;
  hash: string;
  prefix: string;
  allowed_ips: string;
  expires_at: number | null;
  created_at: number;
  revoked_at: number | null;
  replaced_by_id: string | null;
}

const toKey = (row: Row): ApiKey => ({
  id: row.id,
  partnerId: row.partner_id,
  name: row.name,
  mode: row.mode,
  scopes: JSON.parse(row.scopes) as Scope[],
  hash: row.hash,
  prefix: row.prefix,
  allowedIps: JSON.parse(row.allowed_ips) as string[],
  expiresAt: dateOrNull(row.expires_at),
  createdAt: new Date(row.created_at),
  revokedAt: dateOrNull(row.revoked_at),
  replacedById: row.replaced_by_id,
});

const COLUMNS = 'id, partner_id, name, mode, scopes, hash, prefix, allowed_ips, expires_at, created_at, revoked_at, replaced_by_id';

export class SqlKeyRepository implements KeyRepository {
  constructor(
    private readonly db: SqlConnection,
    private readonly memory: HeldInMemory,
  ) {}

  async insert(key: ApiKey): Promise<void> {
    await this.db.run(`INSERT INTO api_keys (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, [
      key.id,
      key.partnerId,
      key.name,
      key.mode,
      JSON.stringify(key.scopes),
      key.hash,
      key.prefix,
      JSON.stringify(key.allowedIps),
      key.expiresAt?.getTime() ?? null,
      key.createdAt.getTime(),
      key.revokedAt?.getTime() ?? null,
      key.replacedById,
    ]);
  }

  async update(key: ApiKey): Promise<void> {
    await this.db.run(
      `UPDATE api_keys SET name = ?, scopes = ?, allowed_ips = ?, expires_at = ?, revoked_at = ?, replaced_by_id = ?
       WHERE id = ? AND partner_id = ?`,
      [
        key.name,
        JSON.stringify(key.scopes),
        JSON.stringify(key.allowedIps),
        key.expiresAt?.getTime() ?? null,
        key.revokedAt?.getTime() ?? null,
        key.replacedById,
        key.id,
        key.partnerId,
      ],
    );
  }

  async findById(partnerId: PartnerId, id: string): Promise<ApiKey | undefined> {
    const row = await this.db.get<Row>(`SELECT ${COLUMNS} FROM api_keys WHERE partner_id = ? AND id = ?`, [partnerId, id]);
    return row && toKey(row);
  }

  /** Asked on every authenticated request, hence cached. */
  findByHash(hash: string): Promise<ApiKey | undefined> {
    return this.memory.keysByHash.get(hash, async () => {
      const row = await this.db.get<Row>(`SELECT ${COLUMNS} FROM api_keys WHERE hash = ?`, [hash]);
      return row && toKey(row);
    });
  }

  async list(partnerId: PartnerId): Promise<ApiKey[]> {
    return (await this.db.all<Row>(`SELECT ${COLUMNS} FROM api_keys WHERE partner_id = ? ORDER BY seq`, [partnerId])).map(toKey);
  }

  async count(partnerId: PartnerId): Promise<number> {
    return (await this.db.get<{ n: number }>('SELECT COUNT(*) AS n FROM api_keys WHERE partner_id = ?', [partnerId]))!.n;
  }
}
