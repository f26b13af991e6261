/**
 * The SQLite migrations of the partners' own use of the sandbox (versions 800 and up): their portal tokens,
 * request logs and clocks. Part of MIGRATIONS (migrations.ts); PostgreSQL's are in
 * store/postgres/migrations-partner-sandbox.ts, ending at the same schema.
 */
export const PARTNER_SANDBOX_MIGRATIONS: ReadonlyArray<{ version: number; name: string; sql: string }> = [
  {
    version: 800,
    name: 'portal tokens: one per partner, kept as a hash',
    sql: `
      CREATE TABLE portal_tokens (
        partner_id TEXT PRIMARY KEY,
        hash TEXT NOT NULL UNIQUE,
        issued_at INTEGER NOT NULL
      );
    `,
  },
  {
    version: 801,
    name: "request log: each /v1 request of a partner's keys, bounded per partner",
    sql: `
      CREATE TABLE request_log (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        partner_id TEXT NOT NULL,
        request_id TEXT NOT NULL,
        at INTEGER NOT NULL,
        method TEXT NOT NULL,
        path TEXT NOT NULL,
        operation_id TEXT,
        status INTEGER NOT NULL,
        error_code TEXT,
        duration_ms REAL NOT NULL,
        key_id TEXT NOT NULL,
        key_prefix TEXT NOT NULL,
        detail TEXT NOT NULL
      );
      CREATE INDEX request_log_by_partner ON request_log (partner_id, seq);
      CREATE INDEX request_log_by_request_id ON request_log (partner_id, request_id);
    `,
  },
  {
    version: 802,
    name: "partner clocks: how far each partner's time is ahead of the server's",
    sql: `
      CREATE TABLE partner_clocks (
        partner_id TEXT PRIMARY KEY,
        offset_ms INTEGER NOT NULL
      );
    `,
  },
];
