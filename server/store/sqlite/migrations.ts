import { MESSAGING_MIGRATIONS } from './messaging';
import { TEMPLATE_WEBHOOK_MIGRATIONS } from './migrations-templates-webhooks';

/**
 * Schema migrations, applied in order at start inside one transaction each; the applied versions are
 * kept in `schema_migrations`. Append new migrations (issues 4 and 5 add their tables); never edit one
 * that has shipped. Times are epoch milliseconds.
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
  ...TEMPLATE_WEBHOOK_MIGRATIONS,
  ...MESSAGING_MIGRATIONS,
];
