import { PARTNER_SANDBOX_MIGRATIONS } from './migrations-partner-sandbox';
import { OPERATIONS_MIGRATIONS } from './operations-migrations';

/**
 * The PostgreSQL schema: one ordered list of migrations, applied at start under an advisory lock (so
 * instances starting together migrate once), each in its own transaction, the applied versions kept in
 * `schema_migrations`. It describes the same data as the SQLite list (store/sqlite/migrations.ts), written
 * for PostgreSQL; append, never edit a shipped one. Times are epoch milliseconds (BIGINT). The migrations of
 * version 700 on are in files of their own, appended here in version order: operations-migrations.ts (retention)
 * and migrations-partner-sandbox.ts (partners on their own in the sandbox).
 */
export const POSTGRES_MIGRATIONS: ReadonlyArray<{ version: number; name: string; sql: string }> = [
  {
    version: 600,
    name: 'the schema of the 6.0 data: partner accounts and everything they own, the simulated provider, shared counters',
    sql: `
      CREATE TABLE partners (
        seq BIGSERIAL PRIMARY KEY,
        id TEXT NOT NULL UNIQUE,
        name TEXT NOT NULL,
        created_at BIGINT NOT NULL
      );
      INSERT INTO partners (id, name, created_at) VALUES ('default', 'Default partner', (EXTRACT(EPOCH FROM now()) * 1000)::BIGINT);
      CREATE TABLE api_keys (
        seq BIGSERIAL PRIMARY KEY,
        id TEXT NOT NULL UNIQUE,
        partner_id TEXT NOT NULL,
        name TEXT,
        mode TEXT NOT NULL CHECK (mode IN ('test', 'live')),
        scopes TEXT NOT NULL,
        hash TEXT NOT NULL UNIQUE,
        prefix TEXT NOT NULL,
        allowed_ips TEXT NOT NULL,
        expires_at BIGINT,
        created_at BIGINT NOT NULL,
        revoked_at BIGINT,
        replaced_by_id TEXT
      );
      CREATE INDEX api_keys_by_partner ON api_keys (partner_id, seq);
      CREATE TABLE clients (
        seq BIGSERIAL PRIMARY KEY,
        partner_id TEXT NOT NULL,
        client_ref TEXT NOT NULL,
        channel TEXT NOT NULL CHECK (channel IN ('chat', 'social')),
        business_name TEXT NOT NULL,
        phone_number TEXT,
        phone_number_id TEXT,
        business_account_id TEXT NOT NULL,
        account_key TEXT NOT NULL,
        connected_at BIGINT NOT NULL,
        UNIQUE (partner_id, client_ref),
        UNIQUE (channel, account_key)
      );
      CREATE TABLE onboarding_sessions (
        id TEXT PRIMARY KEY,
        partner_id TEXT NOT NULL,
        channel TEXT NOT NULL,
        client_ref TEXT NOT NULL,
        token_hash TEXT NOT NULL,
        created_at BIGINT NOT NULL,
        expires_at BIGINT NOT NULL,
        used_at BIGINT,
        key_id TEXT NOT NULL
      );
      CREATE TABLE usage_monthly (
        partner_id TEXT NOT NULL,
        period TEXT NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('inbound', 'outbound', 'outbound_template')),
        count BIGINT NOT NULL,
        PRIMARY KEY (partner_id, period, kind)
      );
      CREATE TABLE messages (
        id TEXT PRIMARY KEY,
        partner_id TEXT NOT NULL,
        client_ref TEXT NOT NULL,
        channel TEXT NOT NULL CHECK (channel IN ('chat', 'social')),
        recipient TEXT NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('free_form', 'template')),
        type TEXT NOT NULL,
        key_mode TEXT NOT NULL CHECK (key_mode IN ('test', 'live')),
        status TEXT NOT NULL CHECK (status IN ('sent', 'delivered', 'read', 'failed')),
        created_at BIGINT NOT NULL,
        updated_at BIGINT NOT NULL
      );
      CREATE TABLE message_status_history (
        seq BIGSERIAL PRIMARY KEY,
        message_id TEXT NOT NULL REFERENCES messages (id),
        status TEXT NOT NULL,
        at BIGINT NOT NULL,
        error TEXT
      );
      CREATE INDEX message_status_history_message ON message_status_history (message_id, seq);
      CREATE TABLE provider_media (
        id TEXT PRIMARY KEY,
        account_key TEXT NOT NULL,
        direction TEXT NOT NULL CHECK (direction IN ('upload', 'inbound')),
        kind TEXT NOT NULL,
        mime_type TEXT NOT NULL,
        size BIGINT NOT NULL,
        sha256 TEXT NOT NULL,
        filename TEXT,
        path TEXT NOT NULL,
        created_at BIGINT NOT NULL,
        expires_at BIGINT NOT NULL
      );
      CREATE INDEX provider_media_expiry ON provider_media (expires_at);
      CREATE TABLE service_window (
        partner_id TEXT NOT NULL,
        client_ref TEXT NOT NULL,
        contact TEXT NOT NULL,
        last_inbound_at BIGINT NOT NULL,
        PRIMARY KEY (partner_id, client_ref, contact)
      );
      CREATE TABLE partner_settings (
        partner_id TEXT NOT NULL,
        name TEXT NOT NULL,
        value TEXT NOT NULL,
        PRIMARY KEY (partner_id, name)
      );
      CREATE TABLE test_recipients (
        partner_id TEXT NOT NULL,
        client_ref TEXT NOT NULL,
        recipient TEXT NOT NULL,
        registered_at BIGINT NOT NULL,
        PRIMARY KEY (partner_id, client_ref, recipient)
      );
      CREATE TABLE templates (
        seq BIGSERIAL PRIMARY KEY,
        id TEXT NOT NULL UNIQUE,
        partner_id TEXT NOT NULL,
        client_ref TEXT NOT NULL,
        name TEXT NOT NULL,
        language TEXT NOT NULL,
        category TEXT NOT NULL,
        status TEXT NOT NULL,
        rejected_reason TEXT,
        template_type TEXT NOT NULL,
        components TEXT NOT NULL,
        created_at BIGINT NOT NULL,
        updated_at BIGINT NOT NULL
      );
      CREATE INDEX templates_by_name ON templates (partner_id, client_ref, name);
      CREATE TABLE template_mirror_sync (
        partner_id TEXT NOT NULL,
        client_ref TEXT NOT NULL,
        synced_at BIGINT NOT NULL,
        PRIMARY KEY (partner_id, client_ref)
      );
      CREATE TABLE template_edits (template_id TEXT NOT NULL, edited_at BIGINT NOT NULL, from_status TEXT NOT NULL);
      CREATE INDEX template_edits_by_template ON template_edits (template_id, edited_at);
      CREATE TABLE template_name_blocks (
        partner_id TEXT NOT NULL,
        client_ref TEXT NOT NULL,
        name TEXT NOT NULL,
        deleted_at BIGINT NOT NULL,
        PRIMARY KEY (partner_id, client_ref, name)
      );
      CREATE TABLE template_name_reservations (
        partner_id TEXT NOT NULL,
        client_ref TEXT NOT NULL,
        name TEXT NOT NULL,
        language TEXT NOT NULL,
        expires_at BIGINT NOT NULL,
        PRIMARY KEY (partner_id, client_ref, name, language)
      );
      CREATE TABLE sim_provider_templates (
        seq BIGSERIAL PRIMARY KEY,
        id TEXT NOT NULL UNIQUE,
        account TEXT NOT NULL,
        name TEXT NOT NULL,
        language TEXT NOT NULL,
        category TEXT NOT NULL,
        status TEXT NOT NULL,
        reason TEXT,
        components TEXT NOT NULL,
        created_at BIGINT NOT NULL,
        updated_at BIGINT NOT NULL,
        plan TEXT NOT NULL,
        next_move_at BIGINT
      );
      CREATE TABLE sim_provider_media (
        handle TEXT PRIMARY KEY,
        account TEXT NOT NULL,
        format TEXT NOT NULL,
        mime_type TEXT NOT NULL,
        size BIGINT NOT NULL,
        sha256 TEXT NOT NULL,
        created_at BIGINT NOT NULL
      );
      CREATE TABLE sim_provider_settings (name TEXT PRIMARY KEY, value TEXT NOT NULL);
      CREATE TABLE webhook_config (
        partner_id TEXT PRIMARY KEY,
        url TEXT,
        events TEXT NOT NULL,
        secret TEXT NOT NULL,
        updated_at BIGINT NOT NULL
      );
      CREATE TABLE webhook_events (
        seq BIGSERIAL PRIMARY KEY,
        event_id TEXT NOT NULL UNIQUE,
        partner_id TEXT NOT NULL,
        event TEXT NOT NULL,
        client_ref TEXT NOT NULL,
        body TEXT NOT NULL,
        created_at BIGINT NOT NULL
      );
      CREATE TABLE webhook_deliveries (
        seq BIGSERIAL PRIMARY KEY,
        id TEXT NOT NULL UNIQUE,
        partner_id TEXT NOT NULL,
        event_id TEXT NOT NULL REFERENCES webhook_events (event_id),
        url TEXT NOT NULL,
        state TEXT NOT NULL CHECK (state IN ('pending', 'succeeded', 'failed')),
        trigger TEXT NOT NULL,
        attempts INTEGER NOT NULL,
        next_attempt_at BIGINT,
        created_at BIGINT NOT NULL,
        updated_at BIGINT NOT NULL,
        lease_owner TEXT,
        lease_until BIGINT
      );
      CREATE INDEX webhook_deliveries_due ON webhook_deliveries (state, next_attempt_at);
      CREATE INDEX webhook_deliveries_by_partner ON webhook_deliveries (partner_id, seq);
      CREATE TABLE webhook_attempts (
        delivery_id TEXT NOT NULL REFERENCES webhook_deliveries (id),
        number INTEGER NOT NULL,
        started_at BIGINT NOT NULL,
        duration_ms INTEGER NOT NULL,
        status_code INTEGER,
        error TEXT,
        succeeded INTEGER NOT NULL,
        PRIMARY KEY (delivery_id, number)
      );
      CREATE TABLE rate_limit_windows (
        key_id TEXT NOT NULL,
        window_start BIGINT NOT NULL,
        count INTEGER NOT NULL,
        PRIMARY KEY (key_id, window_start)
      );

      -- Keys and clients are cached in every instance's memory (store/sql/read-cache.ts): any change to them,
      -- whoever makes it (another instance, npm run keys), tells every listening instance to drop its cache.
      CREATE FUNCTION notify_cached_rows_changed() RETURNS trigger LANGUAGE plpgsql AS $body$
      BEGIN
        PERFORM pg_notify('partner_messaging_cache', TG_TABLE_NAME);
        RETURN NULL;
      END
      $body$;
      CREATE TRIGGER api_keys_changed AFTER INSERT OR UPDATE OR DELETE ON api_keys
        FOR EACH STATEMENT EXECUTE FUNCTION notify_cached_rows_changed();
      CREATE TRIGGER clients_changed AFTER INSERT OR UPDATE OR DELETE ON clients
        FOR EACH STATEMENT EXECUTE FUNCTION notify_cached_rows_changed();
    `,
  },
  {
    version: 601,
    name: 'sandbox faults, deliveries held back for an out-of-order fault',
    sql: `
      CREATE TABLE faults (
        seq BIGSERIAL PRIMARY KEY,
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
        created_at BIGINT NOT NULL
      );
      CREATE INDEX faults_by_key ON faults (key_id, seq);
      CREATE INDEX faults_by_partner ON faults (partner_id, seq);
      ALTER TABLE webhook_deliveries ADD COLUMN overtakes TEXT;
      -- Who has faults is cached by every instance (store/sql/faults.ts): a fault added or removed anywhere
      -- drops the caches. Taking a turn (an UPDATE) does not: a used-up fault only costs its key a lookup.
      CREATE TRIGGER faults_changed AFTER INSERT OR DELETE ON faults
        FOR EACH STATEMENT EXECUTE FUNCTION notify_cached_rows_changed();
    `,
  },
  {
    version: 602,
    name: 'every table the instances cache reads of notifies its changes: service windows, templates and their mirror sync, usage',
    sql: `
      -- What a send, GET /templates and GET /usage read is cached too (store/sql/held-in-memory.ts).
      CREATE TRIGGER service_window_changed AFTER INSERT OR UPDATE OR DELETE ON service_window
        FOR EACH STATEMENT EXECUTE FUNCTION notify_cached_rows_changed();
      CREATE TRIGGER templates_changed AFTER INSERT OR UPDATE OR DELETE ON templates
        FOR EACH STATEMENT EXECUTE FUNCTION notify_cached_rows_changed();
      CREATE TRIGGER template_mirror_sync_changed AFTER INSERT OR UPDATE OR DELETE ON template_mirror_sync
        FOR EACH STATEMENT EXECUTE FUNCTION notify_cached_rows_changed();
      CREATE TRIGGER usage_monthly_changed AFTER INSERT OR UPDATE OR DELETE ON usage_monthly
        FOR EACH STATEMENT EXECUTE FUNCTION notify_cached_rows_changed();
    `,
  },
  {
    version: 603,
    name: 'a fault taken, held or let go notifies like one added or removed',
    sql: `
      -- Who has faults (store/sql/faults.ts) changes when a fault's last turn is taken or it holds or lets go
      -- of a delivery (UPDATEs): every change of the table tells the other instances, as for every cached table.
      DROP TRIGGER faults_changed ON faults;
      CREATE TRIGGER faults_changed AFTER INSERT OR UPDATE OR DELETE ON faults
        FOR EACH STATEMENT EXECUTE FUNCTION notify_cached_rows_changed();
    `,
  },
  ...OPERATIONS_MIGRATIONS,
  ...PARTNER_SANDBOX_MIGRATIONS,
];

/** The channel the triggers above notify on. */
export const CACHE_CHANNEL = 'partner_messaging_cache';
