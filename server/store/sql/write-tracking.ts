import { WatchedConnection, type SqlConnection, type StatementKind } from './connection';
import { onlyReads, tablesWrittenBy, type WrittenTables } from './written-tables';

/**
 * A connection that reports every table its statements write (`wrote`), read from the statement itself
 * (written-tables.ts): what the store holds in memory is dropped because a statement wrote its table, not
 * because a repository remembered to say so. A write is reported once it has run, whether it succeeded or
 * not; a transaction's writes as they run (a read outside the transaction meanwhile sees the rows as they
 * were, and must not keep them) and all of them again when it ends, committed or rolled back.
 */
export class WriteTrackingConnection extends WatchedConnection {
  constructor(
    inner: SqlConnection,
    private readonly wrote: (tables: WrittenTables) => void,
  ) {
    super(inner);
  }

  override async transaction<T>(fn: (tx: SqlConnection) => Promise<T>): Promise<T> {
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

  protected async watch<T>(_kind: StatementKind, sql: string, _params: readonly unknown[] | undefined, statement: () => Promise<T>): Promise<T> {
    const tables = tablesWrittenBy(sql);
    if (onlyReads(tables)) return statement();
    try {
      return await statement();
    } finally {
      this.wrote(tables);
    }
  }
}
