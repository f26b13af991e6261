import { Pool, types, type PoolClient } from 'pg';
import type { ConnectionUse } from '../diagnostics';
import { DuplicateError } from '../repositories';
import { OpenTransaction, type SqlConnection } from '../sql/connection';
import { ChangeListener, KEEP_ALIVE } from './change-listener';
import { CACHE_CHANNEL, POSTGRES_MIGRATIONS } from './migrations';

/** BIGINT columns hold epoch milliseconds and counters, far below 2^53: read them as numbers. */
const INT8_OID = 20;
const pgTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID ? (value: string) => Number(value) : types.getTypeParser(oid, format as 'text')) as typeof types.getTypeParser,
};

/** The repositories' `?` placeholders as PostgreSQL's `$1, $2, …` (their SQL never holds a literal `?`). */
const numbered = new Map<string, string>();
function toPostgres(sql: string): string {
  let converted = numbered.get(sql);
  if (converted === undefined) {
    let n = 0;
    converted = sql.replace(/\?/g, () => `$${++n}`);
    numbered.set(sql, converted);
  }
  return converted;
}

function translate(error: unknown): unknown {
  return (error as { code?: string }).code === '23505' ? new DuplicateError(error) : error;
}

/** Failed statements of a connection and its transactions (a duplicate, a rule's answer, is not counted). */
interface Failures {
  statements: number;
}

/** Statements on a pool or on one client, and their errors in the store's terms. */
async function query<R>(on: Pool | PoolClient, sql: string, params: readonly unknown[], failures: Failures): Promise<{ rows: R[]; rowCount: number }> {
  try {
    const result = await on.query(toPostgres(sql), params as unknown[]);
    return { rows: result.rows as R[], rowCount: result.rowCount ?? 0 };
  } catch (error) {
    const translated = translate(error);
    if (!(translated instanceof DuplicateError)) failures.statements++;
    throw translated;
  }
}

/** How often the cache listener proves it is alive, by default (CACHE_HEARTBEAT_MS). */
export const DEFAULT_HEARTBEAT_MS = 1_000;
/** The longest a read is held in memory on PostgreSQL, by default (CACHE_MAX_AGE_MS). */
export const DEFAULT_CACHE_MAX_AGE_MS = 2_000;

export interface PostgresOptions {
  maxConnections?: number;
  connectTimeoutMs?: number;
  heartbeatMs?: number;
  cacheMaxAgeMs?: number;
}

/**
 * A pool of node-postgres connections behind SqlConnection. A statement takes any client of the pool; a
 * transaction takes one for its whole length (BEGIN … COMMIT) and hands `fn` a connection on it.
 */
export class PostgresConnection implements SqlConnection {
  readonly dialect = 'postgres' as const;
  readonly failures: Failures = { statements: 0 };

  private constructor(
    private readonly pool: Pool,
    /** What tells this instance that another changed a cached table (change-listener.ts). */
    readonly listener: ChangeListener,
    readonly cacheMaxAgeMs: number,
  ) {}

  /** Connects (retrying while the server starts), migrates and starts listening for cache invalidations. */
  static async open(connectionString: string, options: PostgresOptions = {}): Promise<PostgresConnection> {
    const pool = new Pool({ connectionString, max: options.maxConnections ?? 10, types: pgTypes, ...KEEP_ALIVE });
    // An idle client that loses its server emits here; the pool drops it and opens another when needed.
    pool.on('error', () => undefined);
    const listener = new ChangeListener({ connectionString, channel: CACHE_CHANNEL, heartbeatMs: options.heartbeatMs ?? DEFAULT_HEARTBEAT_MS });
    try {
      await waitForServer(pool, options.connectTimeoutMs ?? 30_000);
      await migratePostgres(pool);
      await listener.start();
      return new PostgresConnection(pool, listener, options.cacheMaxAgeMs ?? DEFAULT_CACHE_MAX_AGE_MS);
    } catch (error) {
      await listener.close();
      await pool.end().catch(() => undefined);
      throw error;
    }
  }

  async all<R>(sql: string, params: readonly unknown[] = []): Promise<R[]> {
    return (await query<R>(this.pool, sql, params, this.failures)).rows;
  }

  async get<R>(sql: string, params: readonly unknown[] = []): Promise<R | undefined> {
    return (await query<R>(this.pool, sql, params, this.failures)).rows[0];
  }

  async run(sql: string, params: readonly unknown[] = []): Promise<number> {
    return (await query(this.pool, sql, params, this.failures)).rowCount;
  }

  /** The pool's connections (at most 10; the listener's is apart). */
  connections(): ConnectionUse {
    return { inUse: this.pool.totalCount - this.pool.idleCount, idle: this.pool.idleCount, waiting: this.pool.waitingCount };
  }

  async transaction<T>(fn: (tx: SqlConnection) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    const tx = new PostgresTransaction(client, this);
    let broken = false;
    try {
      await client.query('BEGIN');
      const result = await fn(tx);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => (broken = true));
      throw translate(error);
    } finally {
      // Work started inside the transaction that outlives it must not reach this client once it is pooled again.
      tx.ended = true;
      client.release(broken);
    }
  }

  inTransaction(): boolean {
    return false;
  }

  changeVersion(table: string): unknown {
    return this.listener.current(table);
  }

  async close(): Promise<void> {
    await this.listener.close();
    await this.pool.end();
  }
}

/** The connection of an open PostgreSQL transaction: its pooled client; a nested transaction joins it. */
class PostgresTransaction extends OpenTransaction {
  readonly dialect = 'postgres' as const;
  ended = false;
  /** Its statements' failures count as the connection's. */
  private readonly failures: Failures;

  constructor(
    private readonly client: PoolClient,
    connection: PostgresConnection,
  ) {
    super(connection);
    this.failures = connection.failures;
  }

  async all<R>(sql: string, params: readonly unknown[] = []): Promise<R[]> {
    return (await query<R>(this.live(), sql, params, this.failures)).rows;
  }

  async get<R>(sql: string, params: readonly unknown[] = []): Promise<R | undefined> {
    return (await query<R>(this.live(), sql, params, this.failures)).rows[0];
  }

  async run(sql: string, params: readonly unknown[] = []): Promise<number> {
    return (await query(this.live(), sql, params, this.failures)).rowCount;
  }

  private live(): PoolClient {
    if (this.ended) throw new Error('The transaction has ended; its statements cannot run any more.');
    return this.client;
  }
}

/** Retries connecting until the server accepts (it may still be starting), at most `timeoutMs`. */
async function waitForServer(pool: Pool, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (let wait = 50; ; wait = Math.min(wait * 2, 1_000)) {
    try {
      await pool.query('SELECT 1');
      return;
    } catch (error) {
      const code = (error as { code?: string }).code;
      // 57P03: the server is starting up; connection refusals while it binds its port.
      const starting = code === '57P03' || code === 'ECONNREFUSED' || code === 'ENOENT';
      if (!starting || Date.now() + wait > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}

/** Applies the migrations not yet applied; instances starting at once take turns on an advisory lock. */
export async function migratePostgres(pool: Pool): Promise<number[]> {
  const client = await pool.connect();
  const ran: number[] = [];
  try {
    await client.query("SELECT pg_advisory_lock(hashtext('partner-messaging schema_migrations'))");
    await client.query('CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at BIGINT NOT NULL)');
    const applied = new Set((await client.query<{ version: number }>('SELECT version FROM schema_migrations')).rows.map((r) => r.version));
    for (const migration of POSTGRES_MIGRATIONS) {
      if (applied.has(migration.version)) continue;
      await client.query('BEGIN');
      try {
        await client.query(migration.sql);
        await client.query('INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)', [migration.version, migration.name, Date.now()]);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      }
      ran.push(migration.version);
    }
    return ran;
  } finally {
    await client.query("SELECT pg_advisory_unlock(hashtext('partner-messaging schema_migrations'))").catch(() => undefined);
    client.release();
  }
}
