import { toApiClient } from '../domain/onboarding/clients';
import type { Domain } from '../domain';
import type { ReferenceHandlers } from './types';

/** Tag Clients: read the key's partner's clients. `limit`/`offset` bounds and defaults come from the validator. */
export function clientsHandlers(domain: Domain): ReferenceHandlers<'Clients'> {
  return {
    listClients: async ({ key, query }) => ({ status: 200, body: await domain.clients.page(key.partnerId, Number(query.limit), Number(query.offset)) }),
    getClient: async ({ key, path }) => ({ status: 200, body: toApiClient(await domain.clients.get(key.partnerId, path.client_ref)) }),
  };
}
