import type { Router } from 'express';
import { toApiClient } from '../domain/clients';
import type { Domain } from '../domain';
import { sendJson } from './types';

/** Tag Clients: read connected clients. `limit`/`offset` bounds and defaults come from the validator. */
export function clientsRoutes(router: Router, domain: Domain): void {
  router.get('/clients', (req, res) => {
    const limit = Number(req.query.limit);
    const offset = Number(req.query.offset);
    sendJson(res, 'listClients', 200, domain.clients.page(limit, offset));
  });
  router.get('/clients/:client_ref', (req, res) => {
    sendJson(res, 'getClient', 200, toApiClient(domain.clients.get(req.params.client_ref!)));
  });
}
