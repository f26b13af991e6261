/** What a statement may write: no table (a read), the tables named, or any table (a statement not understood). */
export type WrittenTables = readonly string[] | 'any';

const READS: WrittenTables = [];
const WRITE = /^(?:INSERT\s+(?:OR\s+\w+\s+)?INTO|UPDATE(?:\s+OR\s+\w+)?|DELETE\s+FROM)\s+"?(\w+)"?/i;
const READ = /^(?:SELECT|PRAGMA\s+\w+\s*(?:;|$))/i;

const known = new Map<string, WrittenTables>();

/**
 * The tables a statement of the repositories writes, read from its SQL: the table of an `INSERT INTO`, an
 * `UPDATE` or a `DELETE FROM` (with or without `RETURNING`), none for a `SELECT` or a pragma that only reads,
 * and `any` for every other statement (a `WITH`, DDL, a pragma that sets): what was read from memory is then
 * dropped whatever it came from, since what such a statement changes is not known here. The schema has no
 * trigger or cascade that writes one cached table from another's statement (both migrations' folders), so the
 * statement's own table is every table it changes. Parsed once per distinct statement.
 */
export function tablesWrittenBy(sql: string): WrittenTables {
  let tables = known.get(sql);
  if (tables === undefined) {
    const text = sql.replace(/^(?:\s+|--[^\n]*\n)+/, '');
    const write = WRITE.exec(text);
    tables = write ? [write[1]!.toLowerCase()] : READ.test(text) ? READS : 'any';
    known.set(sql, tables);
  }
  return tables;
}

/** Whether the statement only reads. */
export const onlyReads = (tables: WrittenTables): boolean => tables !== 'any' && tables.length === 0;
