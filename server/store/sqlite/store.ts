import type { Store } from '../repositories';
import { SqliteClientRepository } from './clients';
import { openDatabase, type SqliteDatabase } from './database';
import { SqliteKeyRepository } from './keys';
import { sqliteMessagingStore } from './messaging';
import { SqliteSessionRepository } from './sessions';
import { SqliteTemplateRepository } from './templates';
import { SqliteUsageRepository } from './usage';
import { SqliteWebhookRepository } from './webhooks';

/** The service's repositories over an open database; closing the store closes it. */
export function sqliteStore(db: SqliteDatabase): Store {
  return {
    keys: new SqliteKeyRepository(db),
    clients: new SqliteClientRepository(db),
    sessions: new SqliteSessionRepository(db),
    usage: new SqliteUsageRepository(db),
    templates: new SqliteTemplateRepository(db),
    webhooks: new SqliteWebhookRepository(db),
    ...sqliteMessagingStore(db),
    transaction: <T>(fn: () => T): T => db.transaction(fn)(),
    close: () => db.close(),
  };
}

/** The SQLite store: `file` is a path (created and migrated at open) or `:memory:`. */
export function openSqliteStore(file: string): Store {
  return sqliteStore(openDatabase(file));
}
