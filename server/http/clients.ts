import type { Domain } from '../domain';
import { clientPageShape, clientShape } from './shapes';
import type { ReferenceHandlers } from './types';

/** Tag Clients: read the key's partner's clients. `limit`/`offset` bounds and defaults come from the validator. */
export function clientsHandlers(domain: Domain): ReferenceHandlers<'Clients'> {
  return {
    listClients: async ({ key, query }) => {
      const [limit, offset] = [Number(query.limit), Number(query.offset)];
      return { status: 200, body: clientPageShape(await domain.clients.page(key.partnerId, limit, offset), limit, offset) };
    },
    getClient: async ({ key, path }) => ({ status: 200, body: clientShape(await domain.clients.get(key.partnerId, path.client_ref)) }),
  };
}
