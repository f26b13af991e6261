import { AsyncLocalStorage } from 'node:async_hooks';
import type Database from 'better-sqlite3';
import { DuplicateError } from '../repositories';
import type { SqlConnection } from '../sql/connection';

type Statement = Database.Statement<unknown[], unknown>;

/**
 * One better-sqlite3 connection behind the asynchronous SqlConnection. better-sqlite3 is synchronous, so a
 * statement runs whole when called; a transaction spans awaits, though, and every statement of this process
 * shares the connection. While one is open (BEGIN IMMEDIATE), statements from outside it wait until it ends,
 * so nothing joins a transaction it is not part of (and loses its writes to another's rollback); statements
 * made from inside it (its async context) run at once. Transactions run one at a time.
 */
export class SqliteConnection implements SqlConnection {
  readonly dialect = 'sqlite' as const;
  private readonly statements = new Map<string, Statement>();
  private readonly context = new AsyncLocalStorage<object>();
  private open: { token: object; ended: Promise<void> } | undefined;
  private readonly dataVersion: Database.Statement<[], number>;
  private version: unknown;
  private versionReadThisTurn = false;

  constructor(readonly db: Database.Database) {
    this.dataVersion = db.prepare<[], number>('PRAGMA data_version').pluck();
  }

  async all<R>(sql: string, params: readonly unknown[] = []): Promise<R[]> {
    if (this.open) await this.turn();
    return this.execute(() => this.statement(sql).all(...params) as R[]);
  }

  async get<R>(sql: string, params: readonly unknown[] = []): Promise<R | undefined> {
    if (this.open) await this.turn();
    return this.execute(() => this.statement(sql).get(...params) as R | undefined);
  }

  async run(sql: string, params: readonly unknown[] = []): Promise<number> {
    if (this.open) await this.turn();
    return this.execute(() => this.statement(sql).run(...params).changes);
  }

  async transaction<T>(fn: () => Promise<T>): Promise<T> {
    if (this.inTransaction()) return fn();
    while (this.open) await this.open.ended;
    let end!: () => void;
    const token = {};
    this.open = { token, ended: new Promise<void>((resolve) => (end = resolve)) };
    try {
      this.db.exec('BEGIN IMMEDIATE');
      try {
        const result = await this.context.run(token, fn);
        this.db.exec('COMMIT');
        return result;
      } catch (error) {
        if (this.db.inTransaction) this.db.exec('ROLLBACK');
        throw error;
      }
    } finally {
      this.open = undefined;
      end();
    }
  }

  inTransaction(): boolean {
    return this.open !== undefined && this.context.getStore() === this.open.token;
  }

  /**
   * `PRAGMA data_version`, which moves when another connection (`npm run keys` in another process)
   * commits. Read once per turn of the event loop: requests handled in the same turn arrived together, so
   * they see the database as of that turn's start.
   */
  changeVersion(): unknown {
    if (!this.versionReadThisTurn) {
      this.version = this.dataVersion.get();
      this.versionReadThisTurn = true;
      setImmediate(() => (this.versionReadThisTurn = false));
    }
    return this.version;
  }

  async close(): Promise<void> {
    while (this.open) await this.open.ended;
    this.db.close();
  }

  /** Waits while a transaction this caller is not part of is open. */
  private async turn(): Promise<void> {
    while (this.open && this.open.token !== this.context.getStore()) await this.open.ended;
  }

  private statement(sql: string): Statement {
    let statement = this.statements.get(sql);
    if (!statement) this.statements.set(sql, (statement = this.db.prepare(sql)));
    return statement;
  }

  private execute<T>(work: () => T): T {
    try {
      return work();
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY') throw new DuplicateError(error);
      throw error;
    }
  }
}
