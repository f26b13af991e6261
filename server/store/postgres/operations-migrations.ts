/**
 * The PostgreSQL migrations for running the service for months (version 700 on): what the purge of
 * retention (server/operations/retention.ts) finds its rows by, and the claims that make one instance at a
 * time purge each kind. Kept apart from migrations.ts (the schema of the 6.0 data), as the SQLite list keeps
 * them; migrations.ts appends these. SQLite has the same versions in store/sqlite/operations-migrations.ts.
 */
export const OPERATIONS_MIGRATIONS: ReadonlyArray<{ version: number; name: string; sql: string }> = [
  {
    version: 700,
    name: 'retention: the purge finds old rows by index; one instance at a time purges each kind of record',
    sql: `
      CREATE INDEX messages_by_age ON messages (created_at);
      CREATE INDEX webhook_events_by_age ON webhook_events (created_at);
      CREATE INDEX webhook_deliveries_by_event ON webhook_deliveries (event_id);
      CREATE INDEX webhook_deliveries_finished ON webhook_deliveries (updated_at) WHERE state <> 'pending';
      CREATE INDEX onboarding_sessions_by_age ON onboarding_sessions (created_at);
      CREATE INDEX service_window_by_age ON service_window (last_inbound_at);
      CREATE INDEX sim_provider_media_by_age ON sim_provider_media (created_at);
      CREATE TABLE retention_claims (
        family TEXT PRIMARY KEY,
        owner TEXT,
        lease_until BIGINT,
        next_run_at BIGINT NOT NULL
      );
    `,
  },
];
