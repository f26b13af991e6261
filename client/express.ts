// Express receiver helpers for signed webhook deliveries. Verification runs over the exact raw bytes of the
// request (express.raw), never over re-serialized JSON, using the shared verifyWebhookSignature (constant
// time); a missing or wrong X-Service-Signature is answered with 401, which the service retries on its
// schedule and finally keeps in the delivery logs.
import express, { type ErrorRequestHandler, type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { SIGNATURE_HEADER } from '../generated/constants';
import type { WebhookEvent } from './types';
import { createWebhookDispatcher, type WebhookDispatchOptions, type WebhookHandlers } from './webhook-dispatch';
import { verifyWebhookSignature } from './webhook-signature';

export type { WebhookEvent, WebhookEventName, WebhookPayload } from './types';
export type { WebhookHandlers, WebhookDispatchOptions } from './webhook-dispatch';

export interface WebhookVerifierOptions {
  /**
   * The signing secret from the partner portal. Give several while you rotate it: a delivery signed with any
   * of them is accepted.
   */
  secret: string | readonly string[];
  /** Largest body accepted by the raw parser (express.raw `limit`); default 1mb. */
  limit?: string | number;
}

/** Where the verified, parsed event is left for the next handler: `res.locals.webhookEvent`. */
export interface WebhookLocals {
  webhookEvent: WebhookEvent;
  /** The exact bytes that were verified. */
  webhookRawBody: Buffer;
}

function secretsOf(options: WebhookVerifierOptions): readonly string[] {
  const secrets = typeof options.secret === 'string' ? [options.secret] : options.secret;
  if (secrets.length === 0 || secrets.some((secret) => typeof secret !== 'string' || secret.length === 0)) {
    throw new TypeError('webhook verifier: secret must be a non-empty string (or a list of them)');
  }
  return secrets;
}

function reject(res: Response, status: number, code: string, message: string): void {
  res.status(status).json({ error: { code, message } });
}

/**
 * The verification step alone, for a route that already runs `express.raw()` before it. `req.body` must be
 * the raw Buffer; a parsed body (express.json ran first) is a receiver misconfiguration and answers 500, so
 * the service retries the delivery once the receiver is fixed.
 */
export function verifyWebhookRequest(options: WebhookVerifierOptions): RequestHandler {
  const secrets = secretsOf(options);
  return (req: Request, res: Response, next: NextFunction): void => {
    const raw: unknown = req.body;
    if (!Buffer.isBuffer(raw)) {
      reject(
        res,
        500,
        'receiver_misconfigured',
        'The webhook route must read the raw body: mount express.raw() (not express.json()) before the verifier.',
      );
      return;
    }
    const header = req.get(SIGNATURE_HEADER);
    if (!secrets.some((secret) => verifyWebhookSignature(raw, header, secret))) {
      reject(res, 401, 'unauthorized', `Missing or invalid ${SIGNATURE_HEADER}.`);
      return;
    }
    let event: WebhookEvent;
    try {
      event = JSON.parse(raw.toString('utf8')) as WebhookEvent;
    } catch {
      reject(res, 400, 'bad_request', 'The signed body is not JSON.');
      return;
    }
    const locals = res.locals as Partial<WebhookLocals>;
    locals.webhookEvent = event;
    locals.webhookRawBody = raw;
    next();
  };
}

/**
 * The whole receiver front: `express.raw()` for any content type, then the verification. Mount it on the
 * webhook route only (a global express.json() would consume the body first):
 *
 * ```ts
 * import express from 'express';
 * import { webhookVerifier, type WebhookLocals } from '@partner-messaging/client/express';
 *
 * const app = express();
 * app.post('/webhooks', webhookVerifier({ secret: process.env.WEBHOOK_SECRET! }), (_req, res) => {
 *   const { webhookEvent } = res.locals as WebhookLocals;
 *   console.log(webhookEvent.event, webhookEvent.event_id);
 *   res.sendStatus(204);
 * });
 * ```
 *
 * `webhookReceiver` (below) adds typed handlers per event kind on top of it.
 */
export function webhookVerifier(options: WebhookVerifierOptions): RequestHandler {
  // one handler, not an array: Express's types then infer the parameters of the route handler after it
  const readRaw = express.raw({ type: () => true, limit: options.limit ?? '1mb' });
  const verify = verifyWebhookRequest(options);
  return (req, res, next) => {
    readRaw(req, res, (error?: unknown) => {
      if (error) next(error);
      else verify(req, res, next);
    });
  };
}

export interface WebhookReceiverOptions extends WebhookVerifierOptions, WebhookDispatchOptions {
  /** The handlers, by event kind. Keep them fast (store or enqueue, then return): the service waits at most 5 s. */
  on: WebhookHandlers;
}

/**
 * The whole Express receiver: raw body, signature check (401 when it fails), the handler of the event's
 * kind, then `200`. A handler that throws answers `500`, so the service retries the delivery on its schedule.
 *
 * ```ts
 * import express from 'express';
 * import { webhookReceiver } from '@partner-messaging/client/express';
 *
 * const app = express();
 * app.post('/webhooks', webhookReceiver({
 *   secret: process.env.WEBHOOK_SECRET!,
 *   on: {
 *     'message.status': (event) => console.log(event.statuses[0]?.status),
 *     'template.status': (event) => console.log(event.template.name, event.template.status),
 *   },
 * }));
 * ```
 */
export function webhookReceiver(options: WebhookReceiverOptions): Array<RequestHandler | ErrorRequestHandler> {
  const dispatch = createWebhookDispatcher(options.on, options);
  const handle: RequestHandler = (_req: Request, res: Response, next: NextFunction) => {
    const { webhookEvent } = res.locals as WebhookLocals;
    dispatch(webhookEvent).then(() => res.sendStatus(200), next);
  };
  const failed: ErrorRequestHandler = (_error: unknown, _req: Request, res: Response, _next: NextFunction) => {
    res.status(500).json({ error: { code: 'handler_failed', message: 'The webhook handler failed; the delivery will be retried.' } });
  };
  return [webhookVerifier(options), handle, failed];
}
