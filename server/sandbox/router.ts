import { Router, type RequestHandler } from 'express';
import * as OpenApiValidator from 'express-openapi-validator';
import { join } from 'node:path';
import { RESOURCE_ROOT } from '../../spec';
import { mountHandlers } from '../http/contract-router';
import { jsonBody } from '../http/json-body';
import { OPERATIONS } from './generated/server';
import { sandboxHandlers } from './handlers';
import type { PortalTokens } from '../domain/access/portal-tokens';
import { accessOf, adminOnlyOperations, bearerOf, refusePortalTokens, sandboxAuthentication } from './access';
import type { Sandbox } from './service';

/** The sandbox's contract (openapi.yaml beside this file) with what it names of the public one copied in (`npm run generate`). */
export const SANDBOX_SPEC_PATH = join(RESOURCE_ROOT, 'server', 'sandbox', 'generated', 'openapi.json');

/**
 * /sandbox: the portal stand-in and the operator's partner accounts, behind the admin token or a partner's
 * portal token (access.ts), mounted as the public API is, from its own contract (server/sandbox/openapi.yaml):
 * requests and responses validated against it, one route per operation of its generated table (handlers.ts).
 * A portal token is refused the operations on every partner before anything else is read.
 */
export function sandboxRouter(sandbox: Sandbox, token: string, portalTokens: PortalTokens): Router {
  const router = Router();
  router.use(sandboxAuthentication(token, portalTokens));
  for (const id of adminOnlyOperations(SANDBOX_SPEC_PATH)) router[OPERATIONS[id].method](OPERATIONS[id].expressPath, refusePortalTokens);
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
    { key: (req, res) => ({ origin: `${req.protocol}://${req.get('host')}`, token: bearerOf(req)!, access: accessOf(res) }), file: () => undefined },
    OPERATIONS,
  );
  return router;
}
