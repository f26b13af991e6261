/**
 * Tables of issue 5, appended to MIGRATIONS: the template mirror with its edit history and blocked names,
 * the simulated provider's own template records, and the webhook configuration, events, deliveries and
 * attempts. Times are epoch milliseconds.
 */
export const TEMPLATE_WEBHOOK_MIGRATIONS: ReadonlyArray<{ version: number; name: string; sql: string }> = [
  {
    version: 500,
    name: 'templates mirror, simulated provider templates, webhooks',
    sql: `
      CREATE TABLE templates (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        id TEXT NOT NULL UNIQUE,
        client_ref TEXT NOT NULL,
        name TEXT NOT NULL,
        language TEXT NOT NULL,
        category TEXT NOT NULL,
        status TEXT NOT NULL,
        rejected_reason TEXT,
        template_type TEXT NOT NULL,
        components TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      );
      CREATE INDEX templates_by_name ON templates (client_ref, name);
      CREATE TABLE template_mirror_sync (client_ref TEXT PRIMARY KEY, synced_at INTEGER NOT NULL);
      CREATE TABLE template_edits (template_id TEXT NOT NULL, edited_at INTEGER NOT NULL, from_status TEXT NOT NULL);
      CREATE INDEX template_edits_by_template ON template_edits (template_id, edited_at);
      CREATE TABLE template_name_blocks (
        client_ref TEXT NOT NULL,
        name TEXT NOT NULL,
        deleted_at INTEGER NOT NULL,
        PRIMARY KEY (client_ref, name)
      );
      CREATE TABLE sim_provider_templates (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        id TEXT NOT NULL UNIQUE,
        account TEXT NOT NULL,
        name TEXT NOT NULL,
        language TEXT NOT NULL,
        category TEXT NOT NULL,
        status TEXT NOT NULL,
        reason TEXT,
        components TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        plan TEXT NOT NULL,
        next_move_at INTEGER
      );
      CREATE TABLE sim_provider_media (
        handle TEXT PRIMARY KEY,
        account TEXT NOT NULL,
        format TEXT NOT NULL,
        mime_type TEXT NOT NULL,
        size INTEGER NOT NULL,
        sha256 TEXT NOT NULL,
        created_at INTEGER NOT NULL
      );
      CREATE TABLE webhook_config (
        singleton INTEGER PRIMARY KEY CHECK (singleton = 1),
        url TEXT,
        events TEXT NOT NULL,
        secret TEXT NOT NULL,
        updated_at INTEGER NOT NULL
      );
      CREATE TABLE webhook_events (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        event_id TEXT NOT NULL UNIQUE,
        event TEXT NOT NULL,
        client_ref TEXT NOT NULL,
        body TEXT NOT NULL,
        created_at INTEGER NOT NULL
      );
      CREATE TABLE webhook_deliveries (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        id TEXT NOT NULL UNIQUE,
        event_id TEXT NOT NULL REFERENCES webhook_events (event_id),
        url TEXT NOT NULL,
        state TEXT NOT NULL CHECK (state IN ('pending', 'succeeded', 'failed')),
        trigger TEXT NOT NULL,
        attempts INTEGER NOT NULL,
        next_attempt_at INTEGER,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      );
      CREATE INDEX webhook_deliveries_due ON webhook_deliveries (state, next_attempt_at);
      CREATE TABLE webhook_attempts (
        delivery_id TEXT NOT NULL REFERENCES webhook_deliveries (id),
        number INTEGER NOT NULL,
        started_at INTEGER NOT NULL,
        duration_ms INTEGER NOT NULL,
        status_code INTEGER,
        error TEXT,
        succeeded INTEGER NOT NULL,
        PRIMARY KEY (delivery_id, number)
      );
    `,
  },
];
