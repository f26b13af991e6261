import type Database from 'better-sqlite3';
import type { ConnectionUse } from '../diagnostics';
import { DuplicateError } from '../repositories';
import { OpenTransaction, type SqlConnection } from '../sql/connection';

type Statement = Database.Statement<unknown[], unknown>;

/**
 * Prepared statements of one better-sqlite3 connection, and its errors in the store's terms. Each statement is
 * prepared once and held as long as its database: on Node.js 24.19 and later, a better-sqlite3 object that the
 * garbage collector finalizes while no JavaScript runs aborts the process (nodejs/node#65446).
 */
class Statements {
  private readonly prepared = new Map<string, Statement>();
  /** Statements that failed (a duplicate refused by a unique key, a rule's answer, is not counted). */
  failures = 0;

  constructor(readonly db: Database.Database) {}

  all<R>(sql: string, params: readonly unknown[]): R[] {
    return this.execute(() => this.statement(sql).all(...params) as R[]);
  }

  get<R>(sql: string, params: readonly unknown[]): R | undefined {
    return this.execute(() => this.statement(sql).get(...params) as R | undefined);
  }

  run(sql: string, params: readonly unknown[]): number {
    return this.execute(() => this.statement(sql).run(...params).changes);
  }

  private statement(sql: string): Statement {
    let statement = this.prepared.get(sql);
    if (!statement) this.prepared.set(sql, (statement = this.db.prepare(sql)));
    return statement;
  }

  private execute<T>(work: () => T): T {
    try {
      return work();
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY') throw new DuplicateError(error);
      this.failures++;
      throw error;
    }
  }
}

const statementsByDatabase = new WeakMap<Database.Database, Statements>();

/** The statements of `db`, every one prepared once and held as long as it. */
export function statementsOf(db: Database.Database): Statements {
  let statements = statementsByDatabase.get(db);
  if (!statements) statementsByDatabase.set(db, (statements = new Statements(db)));
  return statements;
}

/**
 * One better-sqlite3 connection behind the asynchronous SqlConnection. better-sqlite3 is synchronous, so a
 * statement runs whole when called; a transaction spans awaits, though, and every statement of this process
 * shares the connection. While one is open (BEGIN IMMEDIATE), statements made on this connection wait until
 * it ends, so nothing joins a transaction it is not part of (and loses its writes to another's rollback);
 * the transaction's own statements go through its connection (SqliteTransaction) and run at once.
 * Transactions run one at a time.
 */
export class SqliteConnection implements SqlConnection {
  readonly dialect = 'sqlite' as const;
  /** `PRAGMA data_version` sees every commit of another connection to the file: nothing needs a bound. */
  readonly cacheMaxAgeMs = Infinity;
  private readonly statements: Statements;
  private open: Promise<void> | undefined;
  private readonly dataVersion: Database.Statement<[], number>;
  private version: unknown;
  private versionReadThisTurn = false;
  /** Statements waiting for the open transaction to end. */
  private waiting = 0;

  constructor(readonly db: Database.Database) {
    this.statements = statementsOf(db);
    this.dataVersion = db.prepare<[], number>('PRAGMA data_version').pluck();
  }

  async all<R>(sql: string, params: readonly unknown[] = []): Promise<R[]> {
    while (this.open) await this.turn();
    return this.statements.all<R>(sql, params);
  }

  async get<R>(sql: string, params: readonly unknown[] = []): Promise<R | undefined> {
    while (this.open) await this.turn();
    return this.statements.get<R>(sql, params);
  }

  async run(sql: string, params: readonly unknown[] = []): Promise<number> {
    while (this.open) await this.turn();
    return this.statements.run(sql, params);
  }

  async transaction<T>(fn: (tx: SqlConnection) => Promise<T>): Promise<T> {
    while (this.open) await this.turn();
    let end!: () => void;
    this.open = new Promise<void>((resolve) => (end = resolve));
    try {
      this.db.exec('BEGIN IMMEDIATE');
      try {
        const result = await fn(new SqliteTransaction(this.statements, this));
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
    return false;
  }

  /** Waits for the open transaction to end, counted as waiting meanwhile (the caller checks again: another may have begun). */
  private async turn(): Promise<void> {
    this.waiting++;
    try {
      await this.open;
    } finally {
      this.waiting--;
    }
  }

  /** The one connection: in use while a transaction is open; statements waiting for it to end. */
  connections(): ConnectionUse {
    const inUse = this.open ? 1 : 0;
    return { inUse, idle: 1 - inUse, waiting: this.waiting };
  }

  /** Failed statements of this connection and its transactions. */
  statementErrors(): number {
    return this.statements.failures;
  }

  /**
   * `PRAGMA data_version`, which moves when another connection (`npm run keys` in another process)
   * commits, whatever table it wrote. Read once per turn of the event loop: requests handled in the same
   * turn arrived together, so they see the database as of that turn's start.
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
    while (this.open) await this.open;
    this.db.close();
  }
}

/** The connection of an open SQLite transaction: its statements run at once; a nested transaction joins it. */
class SqliteTransaction extends OpenTransaction {
  readonly dialect = 'sqlite' as const;

  constructor(
    private readonly statements: Statements,
    connection: SqliteConnection,
  ) {
    super(connection);
  }

  async all<R>(sql: string, params: readonly unknown[] = []): Promise<R[]> {
    return this.statements.all<R>(sql, params);
  }

  async get<R>(sql: string, params: readonly unknown[] = []): Promise<R | undefined> {
    return this.statements.get<R>(sql, params);
  }

  async run(sql: string, params: readonly unknown[] = []): Promise<number> {
    return this.statements.run(sql, params);
  }
}
