import { Router } from 'express';
import type { Domain } from '../domain';
import { sendJson } from './types';

/** Tag Usage: monthly message usage. */
export function usageRouter(domain: Domain): Router {
  const router = Router();
  router.get('/usage', (_req, res) => sendJson(res, 'getUsage', 200, domain.usage.report()));
  return router;
}
