import type { Router } from 'express';
import type { Domain } from '../domain';
import { partnerOf, sendJson } from './types';

/** Tag Usage: the key's partner's monthly message usage. */
export function usageRoutes(router: Router, domain: Domain): void {
  router.get('/usage', async (_req, res) => sendJson(res, 'getUsage', 200, await domain.usage.report(partnerOf(res))));
}
