import { Client, Pool, types, type PoolClient } from 'pg';
import { DuplicateError } from '../repositories';
import { OpenTransaction, type SqlConnection } from '../sql/connection';
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

/**
 * Keys, clients and faults may change in another instance: every instance LISTENs on the channel the tables'
 * triggers NOTIFY, and each notification moves the change version (read-cache.ts drops its rows). While the
 * listening connection is down, nothing can be cached: every call gets a new version, until it is back.
 */
class ChangeListener {
  private version = 0;
  private client: Client | undefined;
  private closed = false;
  private retryMs = 100;

  constructor(private readonly connectionString: string) {}

  async start(): Promise<void> {
    const client = new Client({ connectionString: this.connectionString });
    client.on('notification', () => void this.version++);
    client.on('error', () => this.lost(client));
    client.on('end', () => this.lost(client));
    await client.connect();
    await client.query(`LISTEN ${CACHE_CHANNEL}`);
    this.client = client;
    this.retryMs = 100;
    // Whatever changed while nobody listened is unknown: start from a new version.
    this.version++;
  }

  current(): unknown {
    return this.client ? this.version : ++this.version;
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.client?.end().catch(() => undefined);
    this.client = undefined;
  }

  private lost(client: Client): void {
    if (this.client !== client) return;
    this.client = undefined;
    client.end().catch(() => undefined);
    if (!this.closed) this.retry();
  }

  private retry(): void {
    const timer = setTimeout(() => {
      if (this.closed) return;
      this.start().catch(() => {
        this.retryMs = Math.min(this.retryMs * 2, 5_000);
        this.retry();
      });
    }, this.retryMs);
    timer.unref();
  }
}

/** Statements on a pool or on one client, and their errors in the store's terms. */
async function query<R>(on: Pool | PoolClient, sql: string, params: readonly unknown[]): Promise<{ rows: R[]; rowCount: number }> {
  try {
    const result = await on.query(toPostgres(sql), params as unknown[]);
    return { rows: result.rows as R[], rowCount: result.rowCount ?? 0 };
  } catch (error) {
    throw translate(error);
  }
}

/**
 * A pool of node-postgres connections behind SqlConnection. A statement takes any client of the pool; a
 * transaction takes one for its whole length (BEGIN … COMMIT) and hands `fn` a connection on it.
 */
export class PostgresConnection implements SqlConnection {
  readonly dialect = 'postgres' as const;

  private constructor(
    private readonly pool: Pool,
    private readonly listener: ChangeListener,
  ) {}

  /** Connects (retrying while the server starts), migrates and starts listening for cache invalidations. */
  static async open(connectionString: string, options: { maxConnections?: number; connectTimeoutMs?: number } = {}): Promise<PostgresConnection> {
    const pool = new Pool({ connectionString, max: options.maxConnections ?? 10, types: pgTypes });
    // An idle client that loses its server emits here; the pool drops it and opens another when needed.
    pool.on('error', () => undefined);
    try {
      await waitForServer(pool, options.connectTimeoutMs ?? 30_000);
      await migratePostgres(pool);
      const listener = new ChangeListener(connectionString);
      await listener.start();
      return new PostgresConnection(pool, listener);
    } catch (error) {
      await pool.end().catch(() => undefined);
      throw error;
    }
  }

  async all<R>(sql: string, params: readonly unknown[] = []): Promise<R[]> {
    return (await query<R>(this.pool, sql, params)).rows;
  }

  async get<R>(sql: string, params: readonly unknown[] = []): Promise<R | undefined> {
    return (await query<R>(this.pool, sql, params)).rows[0];
  }

  async run(sql: string, params: readonly unknown[] = []): Promise<number> {
    return (await query(this.pool, sql, params)).rowCount;
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

  changeVersion(): unknown {
    return this.listener.current();
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

  constructor(
    private readonly client: PoolClient,
    connection: PostgresConnection,
  ) {
    super(connection);
  }

  async all<R>(sql: string, params: readonly unknown[] = []): Promise<R[]> {
    return (await query<R>(this.live(), sql, params)).rows;
  }

  async get<R>(sql: string, params: readonly unknown[] = []): Promise<R | undefined> {
    return (await query<R>(this.live(), sql, params)).rows[0];
  }

  async run(sql: string, params: readonly unknown[] = []): Promise<number> {
    return (await query(this.live(), sql, params)).rowCount;
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
