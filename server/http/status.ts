import { Router } from 'express';
import { sendJson } from './types';

/** Tag Status: the public health probe. */
export function statusRouter(): Router {
  const router = Router();
  router.get('/status', (_req, res) => sendJson(res, 'getStatus', 200, { status: 'ok', version: 'v1' }));
  return router;
}
