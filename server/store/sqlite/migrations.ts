import { PARTNER_SANDBOX_MIGRATIONS } from './migrations-partner-sandbox';
import { OPERATIONS_MIGRATIONS } from './operations-migrations';

/**
 * The schema of the data file: one list of migrations in version order, applied at start inside one
 * transaction each; the applied versions are kept in `schema_migrations`. Append a new migration with a
 * higher version; never edit one that has shipped (a test opens a data file of the 1.6.0 release and
 * upgrades it). Times are epoch milliseconds. The versions have gaps: 401 and 500 shipped as they are.
 * PostgreSQL has its own list (store/postgres/migrations.ts) that ends at the same schema. The migrations of
 * version 700 on are in files of their own, appended here in version order: running the service for months
 * (retention, operations-migrations.ts) and partners on their own in the sandbox (migrations-partner-sandbox.ts).
 * Over 400 lines on purpose: the list is the schema's history, read top to bottom in the order it runs.
 */
export const MIGRATIONS: ReadonlyArray<{ version: number; name: string; sql: string }> = [
  {
    version: 1,
    name: 'keys, clients, sessions, usage',
    sql: `
      CREATE TABLE api_keys (
        id TEXT PRIMARY KEY,
        name TEXT,
        mode TEXT NOT NULL CHECK (mode IN ('test', 'live')),
        scopes TEXT NOT NULL,
        hash TEXT NOT NULL UNIQUE,
        prefix TEXT NOT NULL,
        allowed_ips TEXT NOT NULL,
        expires_at INTEGER,
        created_at INTEGER NOT NULL,
        revoked_at INTEGER,
        replaced_by_id TEXT
      );
      CREATE TABLE clients (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        client_ref TEXT NOT NULL UNIQUE,
        channel TEXT NOT NULL CHECK (channel IN ('chat', 'social')),
        business_name TEXT NOT NULL,
        phone_number TEXT,
        phone_number_id TEXT,
        business_account_id TEXT NOT NULL,
        account_key TEXT NOT NULL,
        connected_at INTEGER NOT NULL,
        UNIQUE (channel, account_key)
      );
      CREATE TABLE onboarding_sessions (
        id TEXT PRIMARY KEY,
        channel TEXT NOT NULL,
        client_ref TEXT NOT NULL,
        token_hash TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        expires_at INTEGER NOT NULL,
        used_at INTEGER,
        key_id TEXT NOT NULL
      );
      CREATE TABLE usage_monthly (
        period TEXT NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('inbound', 'outbound', 'outbound_template')),
        count INTEGER NOT NULL,
        PRIMARY KEY (period, kind)
      );
    `,
  },
  {
    version: 401,
    name: 'messages, status history, media, service window, partner settings, test recipients',
    sql: `
      CREATE TABLE messages (
        id TEXT PRIMARY KEY,
        client_ref TEXT NOT NULL,
        channel TEXT NOT NULL CHECK (channel IN ('chat', 'social')),
        recipient TEXT NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('free_form', 'template')),
        type TEXT NOT NULL,
        key_mode TEXT NOT NULL CHECK (key_mode IN ('test', 'live')),
        status TEXT NOT NULL CHECK (status IN ('sent', 'delivered', 'read', 'failed')),
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      );
      CREATE TABLE message_status_history (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        message_id TEXT NOT NULL REFERENCES messages (id),
        status TEXT NOT NULL,
        at INTEGER NOT NULL,
        error TEXT
      );
      CREATE INDEX message_status_history_message ON message_status_history (message_id, seq);
      CREATE TABLE provider_media (
        id TEXT PRIMARY KEY,
        account_key TEXT NOT NULL,
        direction TEXT NOT NULL CHECK (direction IN ('upload', 'inbound')),
        kind TEXT NOT NULL,
        mime_type TEXT NOT NULL,
        size INTEGER NOT NULL,
        sha256 TEXT NOT NULL,
        filename TEXT,
        path TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        expires_at INTEGER NOT NULL
      );
      CREATE INDEX provider_media_expiry ON provider_media (expires_at);
      CREATE TABLE service_window (
        client_ref TEXT NOT NULL,
        contact TEXT NOT NULL,
        last_inbound_at INTEGER NOT NULL,
        PRIMARY KEY (client_ref, contact)
      );
      CREATE TABLE partner_settings (
        name TEXT PRIMARY KEY,
        value TEXT NOT NULL
      );
      CREATE TABLE test_recipients (
        client_ref TEXT NOT NULL,
        recipient TEXT NOT NULL,
        registered_at INTEGER NOT NULL,
        PRIMARY KEY (client_ref, recipient)
      );
    `,
  },
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
  {
    version: 501,
    name: 'template name reservations',
    sql: `
      CREATE TABLE template_name_reservations (
        client_ref TEXT NOT NULL,
        name TEXT NOT NULL,
        language TEXT NOT NULL,
        expires_at INTEGER NOT NULL,
        PRIMARY KEY (client_ref, name, language)
      );
    `,
  },
  {
    version: 600,
    name: 'partner accounts, shared rate-limit counters, delivery leases',
    // Every record gets its partner; what was written before belongs to the default partner. Tables whose
    // unique keys gain the partner are rebuilt (SQLite cannot change a constraint in place); none of them is
    // the target of a foreign key.
    sql: `
      CREATE TABLE partners (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        id TEXT NOT NULL UNIQUE,
        name TEXT NOT NULL,
        created_at INTEGER NOT NULL
      );
      INSERT INTO partners (id, name, created_at) VALUES ('default', 'Default partner', CAST(strftime('%s', 'now') AS INTEGER) * 1000);

      CREATE TABLE api_keys_v600 (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        id TEXT NOT NULL UNIQUE,
        partner_id TEXT NOT NULL,
        name TEXT,
        mode TEXT NOT NULL CHECK (mode IN ('test', 'live')),
        scopes TEXT NOT NULL,
        hash TEXT NOT NULL UNIQUE,
        prefix TEXT NOT NULL,
        allowed_ips TEXT NOT NULL,
        expires_at INTEGER,
        created_at INTEGER NOT NULL,
        revoked_at INTEGER,
        replaced_by_id TEXT
      );
      INSERT INTO api_keys_v600 (id, partner_id, name, mode, scopes, hash, prefix, allowed_ips, expires_at, created_at, revoked_at, replaced_by_id)
        SELECT id, 'default', name, mode, scopes, hash, prefix, allowed_ips, expires_at, created_at, revoked_at, replaced_by_id
        FROM api_keys ORDER BY created_at, rowid;
      DROP TABLE api_keys;
      ALTER TABLE api_keys_v600 RENAME TO api_keys;
      CREATE INDEX api_keys_by_partner ON api_keys (partner_id, seq);

      CREATE TABLE clients_v600 (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        partner_id TEXT NOT NULL,
        client_ref TEXT NOT NULL,
        channel TEXT NOT NULL CHECK (channel IN ('chat', 'social')),
        business_name TEXT NOT NULL,
        phone_number TEXT,
        phone_number_id TEXT,
        business_account_id TEXT NOT NULL,
        account_key TEXT NOT NULL,
        connected_at INTEGER NOT NULL,
        UNIQUE (partner_id, client_ref),
        UNIQUE (channel, account_key)
      );
      INSERT INTO clients_v600 (seq, partner_id, client_ref, channel, business_name, phone_number, phone_number_id, business_account_id, account_key, connected_at)
        SELECT seq, 'default', client_ref, channel, business_name, phone_number, phone_number_id, business_account_id, account_key, connected_at FROM clients;
      DROP TABLE clients;
      ALTER TABLE clients_v600 RENAME TO clients;

      ALTER TABLE onboarding_sessions ADD COLUMN partner_id TEXT NOT NULL DEFAULT 'default';
      ALTER TABLE messages ADD COLUMN partner_id TEXT NOT NULL DEFAULT 'default';
      ALTER TABLE templates ADD COLUMN partner_id TEXT NOT NULL DEFAULT 'default';
      DROP INDEX templates_by_name;
      CREATE INDEX templates_by_name ON templates (partner_id, client_ref, name);
      ALTER TABLE webhook_events ADD COLUMN partner_id TEXT NOT NULL DEFAULT 'default';
      ALTER TABLE webhook_deliveries ADD COLUMN partner_id TEXT NOT NULL DEFAULT 'default';
      ALTER TABLE webhook_deliveries ADD COLUMN lease_owner TEXT;
      ALTER TABLE webhook_deliveries ADD COLUMN lease_until INTEGER;
      CREATE INDEX webhook_deliveries_by_partner ON webhook_deliveries (partner_id, seq);

      CREATE TABLE usage_monthly_v600 (
        partner_id TEXT NOT NULL,
        period TEXT NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('inbound', 'outbound', 'outbound_template')),
        count INTEGER NOT NULL,
        PRIMARY KEY (partner_id, period, kind)
      );
      INSERT INTO usage_monthly_v600 SELECT 'default', period, kind, count FROM usage_monthly;
      DROP TABLE usage_monthly;
      ALTER TABLE usage_monthly_v600 RENAME TO usage_monthly;

      CREATE TABLE service_window_v600 (
        partner_id TEXT NOT NULL,
        client_ref TEXT NOT NULL,
        contact TEXT NOT NULL,
        last_inbound_at INTEGER NOT NULL,
        PRIMARY KEY (partner_id, client_ref, contact)
      );
      INSERT INTO service_window_v600 SELECT 'default', client_ref, contact, last_inbound_at FROM service_window;
      DROP TABLE service_window;
      ALTER TABLE service_window_v600 RENAME TO service_window;

      CREATE TABLE partner_settings_v600 (
        partner_id TEXT NOT NULL,
        name TEXT NOT NULL,
        value TEXT NOT NULL,
        PRIMARY KEY (partner_id, name)
      );
      INSERT INTO partner_settings_v600 SELECT 'default', name, value FROM partner_settings;
      DROP TABLE partner_settings;
      ALTER TABLE partner_settings_v600 RENAME TO partner_settings;

      CREATE TABLE test_recipients_v600 (
        partner_id TEXT NOT NULL,
        client_ref TEXT NOT NULL,
        recipient TEXT NOT NULL,
        registered_at INTEGER NOT NULL,
        PRIMARY KEY (partner_id, client_ref, recipient)
      );
      INSERT INTO test_recipients_v600 SELECT 'default', client_ref, recipient, registered_at FROM test_recipients;
      DROP TABLE test_recipients;
      ALTER TABLE test_recipients_v600 RENAME TO test_recipients;

      CREATE TABLE template_mirror_sync_v600 (
        partner_id TEXT NOT NULL,
        client_ref TEXT NOT NULL,
        synced_at INTEGER NOT NULL,
        PRIMARY KEY (partner_id, client_ref)
      );
      INSERT INTO template_mirror_sync_v600 SELECT 'default', client_ref, synced_at FROM template_mirror_sync;
      DROP TABLE template_mirror_sync;
      ALTER TABLE template_mirror_sync_v600 RENAME TO template_mirror_sync;

      CREATE TABLE template_name_blocks_v600 (
        partner_id TEXT NOT NULL,
        client_ref TEXT NOT NULL,
        name TEXT NOT NULL,
        deleted_at INTEGER NOT NULL,
        PRIMARY KEY (partner_id, client_ref, name)
      );
      INSERT INTO template_name_blocks_v600 SELECT 'default', client_ref, name, deleted_at FROM template_name_blocks;
      DROP TABLE template_name_blocks;
      ALTER TABLE template_name_blocks_v600 RENAME TO template_name_blocks;

      CREATE TABLE template_name_reservations_v600 (
        partner_id TEXT NOT NULL,
        client_ref TEXT NOT NULL,
        name TEXT NOT NULL,
        language TEXT NOT NULL,
        expires_at INTEGER NOT NULL,
        PRIMARY KEY (partner_id, client_ref, name, language)
      );
      INSERT INTO template_name_reservations_v600 SELECT 'default', client_ref, name, language, expires_at FROM template_name_reservations;
      DROP TABLE template_name_reservations;
      ALTER TABLE template_name_reservations_v600 RENAME TO template_name_reservations;

      CREATE TABLE webhook_config_v600 (
        partner_id TEXT PRIMARY KEY,
        url TEXT,
        events TEXT NOT NULL,
        secret TEXT NOT NULL,
        updated_at INTEGER NOT NULL
      );
      INSERT INTO webhook_config_v600 SELECT 'default', url, events, secret, updated_at FROM webhook_config;
      DROP TABLE webhook_config;
      ALTER TABLE webhook_config_v600 RENAME TO webhook_config;

      CREATE TABLE rate_limit_windows (
        key_id TEXT NOT NULL,
        window_start INTEGER NOT NULL,
        count INTEGER NOT NULL,
        PRIMARY KEY (key_id, window_start)
      );
      CREATE TABLE sim_provider_settings (name TEXT PRIMARY KEY, value TEXT NOT NULL);
    `,
  },
  {
    version: 601,
    name: 'sandbox faults, deliveries held back for an out-of-order fault',
    sql: `
      CREATE TABLE faults (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        id TEXT NOT NULL UNIQUE,
        partner_id TEXT NOT NULL,
        kind TEXT NOT NULL,
        key_id TEXT,
        operation_id TEXT,
        retry_after_seconds INTEGER,
        delay_ms INTEGER,
        times INTEGER,
        remaining INTEGER,
        share_percent INTEGER,
        seen INTEGER NOT NULL,
        held_delivery_id TEXT,
        created_at INTEGER NOT NULL
      );
      CREATE INDEX faults_by_key ON faults (key_id, seq);
      CREATE INDEX faults_by_partner ON faults (partner_id, seq);
      ALTER TABLE webhook_deliveries ADD COLUMN overtakes TEXT;
    `,
  },
  ...OPERATIONS_MIGRATIONS,
  ...PARTNER_SANDBOX_MIGRATIONS,
];
