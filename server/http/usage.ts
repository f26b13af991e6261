import type { Router } from 'express';
import type { Domain } from '../domain';
import { sendJson } from './types';

/** Tag Usage: monthly message usage. */
export function usageRoutes(router: Router, domain: Domain): void {
  router.get('/usage', (_req, res) => sendJson(res, 'getUsage', 200, domain.usage.report()));
}
