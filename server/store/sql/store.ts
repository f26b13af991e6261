import type { CachedReadCounts } from '../diagnostics';
import type { Store } from '../repositories';
import { SqlClientRepository } from './clients';
import type { SqlConnection } from './connection';
import { SqlFaultRepository } from './faults';
import { heldInMemory, type HeldInMemory } from './held-in-memory';
import { SqlKeyRepository } from './keys';
import { sqlMessagingStore } from './messaging';
import { SqlPartnerClockRepository } from './partner-clocks';
import { SqlPartnerRepository } from './partners';
import { SqlPortalTokenRepository } from './portal-tokens';
import { SqlRequestLogRepository } from './request-log';
import { SqlRetentionRepository } from './retention';
import { SqlSessionRepository } from './sessions';
import { SqlTemplateRepository } from './templates';
import { SqlUsageRepository } from './usage';
import { SqlWebhookRepository } from './webhooks';

export interface SqlStoreOptions {
  /** How often SQLite's rate-limit counts are written (kept-windows.ts). */
  rateLimitSaveMs?: number;
  /** Wraps the database's connection before anything is built on it (store/open.ts). */
  wrap?: (connection: SqlConnection) => SqlConnection;
}

/**
 * The service's repositories over an open, migrated connection, and the connection everything else on the
 * same data must use (the simulated provider's state): its statements drop what the store holds in memory
 * (held-in-memory.ts). Closing the store closes the connection.
 */
export function sqlStore(db: SqlConnection, options: SqlStoreOptions = {}): { store: Store; connection: SqlConnection; cachedReads: () => CachedReadCounts[] } {
  const { memory, connection } = heldInMemory(options.wrap ? options.wrap(db) : db, options);
  return { store: repositoriesOver(connection, memory), connection, cachedReads: memory.counts };
}

/**
 * The repositories over `db`. A transaction hands `fn` the same repositories over the transaction's
 * connection, with every cached read reading through it.
 */
function repositoriesOver(db: SqlConnection, memory: HeldInMemory): Store {
  return {
    kind: db.dialect,
    partners: new SqlPartnerRepository(db),
    portalTokens: new SqlPortalTokenRepository(db),
    requestLog: new SqlRequestLogRepository(db),
    partnerClocks: new SqlPartnerClockRepository(db, memory),
    keys: new SqlKeyRepository(db, memory),
    clients: new SqlClientRepository(db, memory),
    sessions: new SqlSessionRepository(db),
    usage: new SqlUsageRepository(db, memory),
    templates: new SqlTemplateRepository(db, memory),
    webhooks: new SqlWebhookRepository(db),
    rateLimits: memory.rateLimits,
    faults: new SqlFaultRepository(db, memory),
    retention: new SqlRetentionRepository(db),
    ...sqlMessagingStore(db, memory),
    transaction: (fn) => db.transaction((tx) => fn(repositoriesOver(tx, memory.inTransaction))),
    close: async () => {
      await memory.kept();
      await db.close();
    },
  };
}
