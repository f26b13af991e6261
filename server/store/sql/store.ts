import type { ApiKey, ClientRecord, FaultTargets } from '../records';
import type { Store } from '../repositories';
import { SqlClientRepository } from './clients';
import type { SqlConnection } from './connection';
import { SqlFaultRepository } from './faults';
import { SqlKeyRepository } from './keys';
import { sqlMessagingStore } from './messaging';
import { SqlPartnerRepository } from './partners';
import { ReadCache } from './read-cache';
import { SqlSessionRepository } from './sessions';
import { SqlTemplateRepository } from './templates';
import { SqlRateLimitRepository, SqlUsageRepository } from './usage';
import { SqlWebhookRepository } from './webhooks';

interface Caches {
  keys: ReadCache<ApiKey>;
  clients: ReadCache<ClientRecord>;
  faultTargets: ReadCache<FaultTargets>;
}

/**
 * The service's repositories over an open, migrated connection; closing the store closes it. A transaction
 * hands `fn` the same repositories over the transaction's connection, sharing the store's caches.
 */
export function sqlStore(db: SqlConnection, caches?: Caches): Store {
  const shared = caches ?? {
    keys: new ReadCache<ApiKey>(() => db.changeVersion()),
    clients: new ReadCache<ClientRecord>(() => db.changeVersion()),
    faultTargets: new ReadCache<FaultTargets>(() => db.changeVersion()),
  };
  return {
    kind: db.dialect,
    partners: new SqlPartnerRepository(db),
    keys: new SqlKeyRepository(db, shared.keys),
    clients: new SqlClientRepository(db, shared.clients),
    sessions: new SqlSessionRepository(db),
    usage: new SqlUsageRepository(db),
    templates: new SqlTemplateRepository(db),
    webhooks: new SqlWebhookRepository(db),
    rateLimits: new SqlRateLimitRepository(db),
    faults: new SqlFaultRepository(db, shared.faultTargets),
    ...sqlMessagingStore(db),
    transaction: (fn) => db.transaction((tx) => fn(sqlStore(tx, shared))),
    close: () => db.close(),
  };
}
