import type { Store } from '../repositories';
import { SqlClientRepository } from './clients';
import type { SqlConnection } from './connection';
import { SqlKeyRepository } from './keys';
import { sqlMessagingStore } from './messaging';
import { SqlPartnerRepository } from './partners';
import { SqlSessionRepository } from './sessions';
import { SqlTemplateRepository } from './templates';
import { SqlRateLimitRepository, SqlUsageRepository } from './usage';
import { SqlWebhookRepository } from './webhooks';

/** The service's repositories over an open, migrated connection; closing the store closes it. */
export function sqlStore(db: SqlConnection): Store {
  return {
    kind: db.dialect,
    partners: new SqlPartnerRepository(db),
    keys: new SqlKeyRepository(db),
    clients: new SqlClientRepository(db),
    sessions: new SqlSessionRepository(db),
    usage: new SqlUsageRepository(db),
    templates: new SqlTemplateRepository(db),
    webhooks: new SqlWebhookRepository(db),
    rateLimits: new SqlRateLimitRepository(db),
    ...sqlMessagingStore(db),
    transaction: (fn) => db.transaction(fn),
    close: () => db.close(),
  };
}
