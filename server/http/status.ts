import type { Router } from 'express';
import { sendJson } from './types';

/** Tag Status: the public health probe. */
export function statusRoutes(router: Router): void {
  router.get('/status', (_req, res) => sendJson(res, 'getStatus', 200, { status: 'ok', version: 'v1' }));
}
