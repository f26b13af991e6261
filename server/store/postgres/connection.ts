import { AsyncLocalStorage } from 'node:async_hooks';
import { Client, Pool, types, type PoolClient } from 'pg';
import { DuplicateError } from '../repositories';
import type { SqlConnection } from '../sql/connection';
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

interface OpenTransaction {
  client: PoolClient;
  open: boolean;
}

/**
 * Keys and clients may change in another instance: every instance LISTENs on the channel the tables'
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

/**
 * A pool of node-postgres connections behind SqlConnection. A transaction takes one pooled client for its
 * whole length (BEGIN … COMMIT), and every statement made from inside it (its async context) goes to that
 * client; other statements take any client of the pool.
 */
export class PostgresConnection implements SqlConnection {
  readonly dialect = 'postgres' as const;
  private readonly context = new AsyncLocalStorage<OpenTransaction>();

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
    try {
      return (await (this.current() ?? this.pool).query(toPostgres(sql), params as unknown[])).rows as R[];
    } catch (error) {
      throw translate(error);
    }
  }

  async get<R>(sql: string, params: readonly unknown[] = []): Promise<R | undefined> {
    return (await this.all<R>(sql, params))[0];
  }

  async run(sql: string, params: readonly unknown[] = []): Promise<number> {
    try {
      return (await (this.current() ?? this.pool).query(toPostgres(sql), params as unknown[])).rowCount ?? 0;
    } catch (error) {
      throw translate(error);
    }
  }

  async transaction<T>(fn: () => Promise<T>): Promise<T> {
    if (this.current()) return fn();
    const client = await this.pool.connect();
    const transaction: OpenTransaction = { client, open: true };
    let broken = false;
    try {
      await client.query('BEGIN');
      const result = await this.context.run(transaction, fn);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => (broken = true));
      throw translate(error);
    } finally {
      // Work started inside the transaction that outlives it must not reach this client once it is pooled again.
      transaction.open = false;
      client.release(broken);
    }
  }

  inTransaction(): boolean {
    return this.current() !== undefined;
  }

  changeVersion(): unknown {
    return this.listener.current();
  }

  async close(): Promise<void> {
    await this.listener.close();
    await this.pool.end();
  }

  private current(): PoolClient | undefined {
    const transaction = this.context.getStore();
    return transaction?.open ? transaction.client : undefined;
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
