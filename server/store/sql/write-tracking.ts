import type { SqlConnection } from './connection';
import { onlyReads, tablesWrittenBy, type WrittenTables } from './written-tables';

/**
 * A connection that reports every table its statements write (`wrote`), read from the statement itself
 * (written-tables.ts): what the store holds in memory is dropped because a statement wrote its table, not
 * because a repository remembered to say so. A write is reported once it has run, whether it succeeded or
 * not; a transaction's writes as they run (a read outside the transaction meanwhile sees the rows as they
 * were, and must not keep them) and all of them again when it ends, committed or rolled back.
 */
export class WriteTrackingConnection implements SqlConnection {
  constructor(
    private readonly inner: SqlConnection,
    private readonly wrote: (tables: WrittenTables) => void,
  ) {}

  get dialect(): SqlConnection['dialect'] {
    return this.inner.dialect;
  }

  all<R>(sql: string, params?: readonly unknown[]): Promise<R[]> {
    return this.tracked(sql, () => this.inner.all<R>(sql, params));
  }

  get<R>(sql: string, params?: readonly unknown[]): Promise<R | undefined> {
    return this.tracked(sql, () => this.inner.get<R>(sql, params));
  }

  run(sql: string, params?: readonly unknown[]): Promise<number> {
    return this.tracked(sql, () => this.inner.run(sql, params));
  }

  async transaction<T>(fn: (tx: SqlConnection) => Promise<T>): Promise<T> {
    const written: WrittenTables[] = [];
    try {
      return await this.inner.transaction((tx) =>
        fn(
          new WriteTrackingConnection(tx, (tables) => {
            written.push(tables);
            this.wrote(tables);
          }),
        ),
      );
    } finally {
      for (const tables of written) this.wrote(tables);
    }
  }

  inTransaction(): boolean {
    return this.inner.inTransaction();
  }

  changeVersion(table: string): unknown {
    return this.inner.changeVersion(table);
  }

  get cacheMaxAgeMs(): number {
    return this.inner.cacheMaxAgeMs;
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  private async tracked<T>(sql: string, statement: () => Promise<T>): Promise<T> {
    const tables = tablesWrittenBy(sql);
    if (onlyReads(tables)) return statement();
    try {
      return await statement();
    } finally {
      this.wrote(tables);
    }
  }
}
