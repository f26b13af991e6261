import type { Store } from '../repositories';
import { SqliteClientRepository } from './clients';
import { openDatabase } from './database';
import { SqliteKeyRepository } from './keys';
import { sqliteMessagingStore } from './messaging';
import { SqliteSessionRepository } from './sessions';
import { SqliteUsageRepository } from './usage';
import { SqliteSimulatedTemplateState } from './sim-provider-templates';
import { SqliteTemplateRepository } from './templates';
import { SqliteWebhookRepository } from './webhooks';

/** The SQLite store: `file` is a path (created and migrated at open) or `:memory:`. */
export function openSqliteStore(file: string): Store {
  const db = openDatabase(file);
  return {
    keys: new SqliteKeyRepository(db),
    clients: new SqliteClientRepository(db),
    sessions: new SqliteSessionRepository(db),
    usage: new SqliteUsageRepository(db),
    templates: new SqliteTemplateRepository(db),
    webhooks: new SqliteWebhookRepository(db),
    providerTemplates: new SqliteSimulatedTemplateState(db),
    ...sqliteMessagingStore(db),
    transaction: <T>(fn: () => T): T => db.transaction(fn)(),
    close: () => db.close(),
  };
}
