import type { Router } from 'express';
import { toApiClient } from '../domain/clients';
import type { Domain } from '../domain';
import { partnerOf, sendJson } from './types';

/** Tag Clients: read the key's partner's clients. `limit`/`offset` bounds and defaults come from the validator. */
export function clientsRoutes(router: Router, domain: Domain): void {
  router.get('/clients', async (req, res) => {
    const limit = Number(req.query.limit);
    const offset = Number(req.query.offset);
    sendJson(res, 'listClients', 200, await domain.clients.page(partnerOf(res), limit, offset));
  });
  router.get('/clients/:client_ref', async (req, res) => {
    sendJson(res, 'getClient', 200, toApiClient(await domain.clients.get(partnerOf(res), req.params.client_ref!)));
  });
}
