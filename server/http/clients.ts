import { toApiClient } from '../domain/clients';
import type { Domain } from '../domain';
import type { ReferenceHandlers } from './types';

/** Tag Clients: read connected clients. `limit`/`offset` bounds and defaults come from the validator. */
export function clientsHandlers(domain: Domain): ReferenceHandlers<'Clients'> {
  return {
    listClients: ({ query }) => ({ status: 200, body: domain.clients.page(Number(query.limit), Number(query.offset)) }),
    getClient: ({ path }) => ({ status: 200, body: toApiClient(domain.clients.get(path.client_ref)) }),
  };
}
