import { Router, type Request, type RequestHandler } from 'express';
import * as OpenApiValidator from 'express-openapi-validator';
import { timingSafeEqual, createHash } from 'node:crypto';
import { join } from 'node:path';
import type { WebhookEventKind } from '../store/records';
import { jsonBody } from '../http/json-body';
import type { Sandbox } from './service';
import { RESOURCE_ROOT } from '../../spec';

export const SANDBOX_SPEC_PATH = join(RESOURCE_ROOT, 'server', 'sandbox', 'openapi.yaml');

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

const q = (req: Request, name: string): string | undefined => {
  const v = (req.query as Record<string, unknown>)[name];
  if (typeof v === 'number') return String(v);
  return typeof v === 'string' && v !== '' ? v : undefined;
};

/** /sandbox: the portal stand-in and the operator's partner accounts, validated against server/sandbox/openapi.yaml, behind the admin token. */
export function sandboxRouter(sandbox: Sandbox, token: string): Router {
  const router = Router();
  router.use(adminToken(token));
  router.use(jsonBody('20mb'));
  router.use(
    OpenApiValidator.middleware({
      apiSpec: SANDBOX_SPEC_PATH,
      // Checked by server/contracts.test.ts, not again at every start.
      validateApiSpec: false,
      validateRequests: true,
      validateResponses: false,
      validateSecurity: false,
      ignoreUndocumented: false,
    }) as RequestHandler[],
  );
  // Every route but the partner accounts' acts for one partner: `?partner=<id>`, the default partner when absent.
  const partner = (req: Request) => sandbox.partner(q(req, 'partner'));
  router.get('/partners', async (_req, res) => void res.json(await sandbox.listPartners()));
  router.post('/partners', async (req, res) => void res.status(201).json(await sandbox.createPartner(req.body)));
  router.get('/keys', async (req, res) => void res.json(await sandbox.listKeys(await partner(req))));
  router.post('/keys', async (req, res) => void res.status(201).json(await sandbox.createKey(await partner(req), req.body)));
  router.post('/keys/:key/rotate', async (req, res) => void res.json(await sandbox.rotateKey(await partner(req), req.params.key!)));
  router.post('/keys/:key/revoke', async (req, res) => void res.json(await sandbox.revokeKey(await partner(req), req.params.key!)));
  router.post('/clients', async (req, res) => void res.status(201).json(await sandbox.connectClient(await partner(req), req.body)));
  router.get('/webhook', async (req, res) => void res.json(await sandbox.webhookConfig(await partner(req))));
  router.put('/webhook', async (req, res) => void res.json(await sandbox.setWebhook(await partner(req), req.body)));
  router.post('/webhook/test', async (req, res) => void res.status(202).json(await sandbox.fireTest(await partner(req), req.body ?? {})));
  router.post('/webhook/samples/:event', async (req, res) =>
    void res
      .status(202)
      .json(await sandbox.fireSample(await partner(req), req.params.event as WebhookEventKind, (req.body as { client_ref?: string } | undefined)?.client_ref)),
  );
  router.get('/webhook/deliveries', async (req, res) =>
    void res.json(
      await sandbox.deliveries(await partner(req), {
        event_id: q(req, 'event_id'),
        event: q(req, 'event'),
        state: q(req, 'state') as 'pending' | 'succeeded' | 'failed' | undefined,
        limit: q(req, 'limit') ? Number(q(req, 'limit')) : undefined,
      }),
    ),
  );
  router.get('/webhook/deliveries/:delivery_id', async (req, res) => void res.json(await sandbox.delivery(await partner(req), req.params.delivery_id!)));
  router.post('/webhook/redeliver', async (req, res) => void res.status(202).json(await sandbox.redeliver(await partner(req), req.body.ref)));
  router.post('/inbound', async (req, res) => void res.status(202).json(await sandbox.inbound(await partner(req), req.body)));
  router.post('/templates/review', async (req, res) => void res.json(await sandbox.decideReview(await partner(req), req.body)));
  router.put('/provider', async (req, res) => void res.json(await sandbox.setProvider(req.body)));
  router.post('/messages/:message_id/status', async (req, res) =>
    void res.json(await sandbox.advanceMessage(await partner(req), req.params.message_id!, req.body)),
  );
  router.post('/test-recipients', async (req, res) => void res.json(await sandbox.registerTestRecipient(await partner(req), req.body)));
  router.put('/trial', async (req, res) => void res.json(await sandbox.setTrial(await partner(req), req.body)));
  router.post('/signup-codes', (_req, res) => void res.status(201).json(sandbox.issueSignupCode()));
  router.post('/examples', async (req, res) => void res.json(await sandbox.examples(await partner(req))));
  // The file's URLs are the ones this request reached the sandbox at.
  router.post('/contract-fixtures', async (req, res) =>
    void res.status(201).json(await sandbox.contractFixtures(await partner(req), { origin: `${req.protocol}://${req.get('host')}`, adminToken: token })),
  );
  router.post('/tick', async (_req, res) => void res.json(await sandbox.tick()));
  return router;
}
