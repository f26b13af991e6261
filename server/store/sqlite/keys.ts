import type { Scope } from '../../../generated/constants';
import type { ApiKey } from '../records';
import type { KeyRepository } from '../repositories';
import type { SqliteDatabase } from './database';
import { ReadCache } from './read-cache';

interface Row {
  id: string;
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
  name: row.name,
  mode: row.mode,
  scopes: JSON.parse(row.scopes) as Scope[],
  hash: row.hash,
  prefix: row.prefix,
  allowedIps: JSON.parse(row.allowed_ips) as string[],
  expiresAt: row.expires_at === null ? null : new Date(row.expires_at),
  createdAt: new Date(row.created_at),
  revokedAt: row.revoked_at === null ? null : new Date(row.revoked_at),
  replacedById: row.replaced_by_id,
});

const toRow = (key: ApiKey): Row => ({
  id: key.id,
  name: key.name,
  mode: key.mode,
  scopes: JSON.stringify(key.scopes),
  hash: key.hash,
  prefix: key.prefix,
  allowed_ips: JSON.stringify(key.allowedIps),
  expires_at: key.expiresAt?.getTime() ?? null,
  created_at: key.createdAt.getTime(),
  revoked_at: key.revokedAt?.getTime() ?? null,
  replaced_by_id: key.replacedById,
});

export class SqliteKeyRepository implements KeyRepository {
  private readonly insertStmt;
  private readonly updateStmt;
  private readonly byId;
  private readonly byHash;
  private readonly all;
  private readonly countStmt;
  private readonly byHashCache;

  constructor(db: SqliteDatabase) {
    this.byHashCache = new ReadCache<ApiKey>(db);
    this.insertStmt = db.prepare(
      `INSERT INTO api_keys (id, name, mode, scopes, hash, prefix, allowed_ips, expires_at, created_at, revoked_at, replaced_by_id)
       VALUES (@id, @name, @mode, @scopes, @hash, @prefix, @allowed_ips, @expires_at, @created_at, @revoked_at, @replaced_by_id)`,
    );
    this.updateStmt = db.prepare(
      `UPDATE api_keys SET name = @name, scopes = @scopes, allowed_ips = @allowed_ips, expires_at = @expires_at,
       revoked_at = @revoked_at, replaced_by_id = @replaced_by_id WHERE id = @id`,
    );
    this.byId = db.prepare<[string], Row>('SELECT * FROM api_keys WHERE id = ?');
    this.byHash = db.prepare<[string], Row>('SELECT * FROM api_keys WHERE hash = ?');
    this.all = db.prepare<[], Row>('SELECT * FROM api_keys ORDER BY created_at, rowid');
    this.countStmt = db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM api_keys');
  }

  insert(key: ApiKey): void {
    this.insertStmt.run(toRow(key));
    this.byHashCache.clear();
  }

  update(key: ApiKey): void {
    this.updateStmt.run(toRow(key));
    this.byHashCache.clear();
  }

  findById(id: string): ApiKey | undefined {
    const row = this.byId.get(id);
    return row && toKey(row);
  }

  /** Asked on every authenticated request, hence cached. */
  findByHash(hash: string): ApiKey | undefined {
    return this.byHashCache.get(hash, () => {
      const row = this.byHash.get(hash);
      return row && toKey(row);
    });
  }

  list(): ApiKey[] {
    return this.all.all().map(toKey);
  }

  count(): number {
    return this.countStmt.get()!.n;
  }
}
