import { Router, type RequestHandler } from 'express';
import * as OpenApiValidator from 'express-openapi-validator';
import { timingSafeEqual, createHash } from 'node:crypto';
import { join } from 'node:path';
import { RESOURCE_ROOT } from '../../spec';
import { mountHandlers } from '../http/contract-router';
import { jsonBody } from '../http/json-body';
import { OPERATIONS } from './generated/server';
import { sandboxHandlers } from './handlers';
import type { Sandbox } from './service';

/** The sandbox's contract (openapi.yaml beside this file) with what it names of the public one copied in (`npm run generate`). */
export const SANDBOX_SPEC_PATH = join(RESOURCE_ROOT, 'server', 'sandbox', 'generated', 'openapi.json');

const digest = (s: string) => createHash('sha256').update(s).digest();

/** Bearer admin token, compared in constant time. */
function adminToken(token: string): RequestHandler {
  const expected = digest(token);
  return (req, res, next) => {
    const given = /^Bearer (.+)$/.exec(req.get('authorization') ?? '')?.[1];
    if (!given || !timingSafeEqual(digest(given), expected)) {
      res.status(401).json({ error: { code: 'unauthorized', message: 'The sandbox needs Authorization: Bearer <SANDBOX_ADMIN_TOKEN>.' } });
      return;
    }
    next();
  };
}

/**
 * /sandbox: the portal stand-in and the operator's partner accounts, behind the admin token, mounted as the
 * public API is, from its own contract (server/sandbox/openapi.yaml): requests and responses validated
 * against it, one route per operation of its generated table (handlers.ts).
 */
export function sandboxRouter(sandbox: Sandbox, token: string): Router {
  const router = Router();
  router.use(adminToken(token));
  router.use(jsonBody(20 * 1024 * 1024));
  router.use(
    OpenApiValidator.middleware({
      apiSpec: SANDBOX_SPEC_PATH,
      // Checked by server/contracts.test.ts, not again at every start.
      validateApiSpec: false,
      validateRequests: true,
      validateResponses: true,
      validateSecurity: false,
      ignoreUndocumented: false,
    }) as RequestHandler[],
  );
  mountHandlers(
    router,
    sandboxHandlers(sandbox),
    { key: (req) => ({ origin: `${req.protocol}://${req.get('host')}`, adminToken: token }), file: () => undefined },
    OPERATIONS,
  );
  return router;
}
