import type { Store } from '../repositories';
import { SqlClientRepository } from './clients';
import type { SqlConnection } from './connection';
import { SqlFaultRepository } from './faults';
import { heldInMemory, type HeldInMemory } from './held-in-memory';
import { SqlKeyRepository } from './keys';
import { sqlMessagingStore } from './messaging';
import { SqlPartnerRepository } from './partners';
import { SqlSessionRepository } from './sessions';
import { SqlTemplateRepository } from './templates';
import { SqlUsageRepository } from './usage';
import { SqlWebhookRepository } from './webhooks';

/**
 * The service's repositories over an open, migrated connection; closing the store closes it. What they hold
 * in memory is held-in-memory.ts's decision. A transaction hands `fn` the same repositories over the
 * transaction's connection, sharing the store's memory.
 */
export function sqlStore(db: SqlConnection, memory: HeldInMemory = heldInMemory(db)): Store {
  return {
    kind: db.dialect,
    partners: new SqlPartnerRepository(db),
    keys: new SqlKeyRepository(db, memory),
    clients: new SqlClientRepository(db, memory),
    sessions: new SqlSessionRepository(db),
    usage: new SqlUsageRepository(db, memory),
    templates: new SqlTemplateRepository(db, memory),
    webhooks: new SqlWebhookRepository(db),
    rateLimits: memory.rateLimits,
    faults: new SqlFaultRepository(db, memory),
    ...sqlMessagingStore(db, memory),
    transaction: async (fn) => {
      const { memory: inTransaction, ended } = memory.forTransaction();
      try {
        return await db.transaction((tx) => fn(sqlStore(tx, inTransaction)));
      } finally {
        ended();
      }
    },
    close: async () => {
      await memory.kept();
      await db.close();
    },
  };
}
