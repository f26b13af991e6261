import { Router } from 'express';
import type { Domain } from '../domain';
import { clientsRoutes } from './clients';
import { mediaRoutes } from './media';
import { messagesRoutes } from './messages';
import { onboardingRoutes } from './onboarding';
import { statusRoutes } from './status';
import { templatesRoutes } from './templates';
import { usageRoutes } from './usage';

export interface RouterDeps {
  domain: Domain;
  /** Base of links the server hands out (hosted session URLs). */
  publicBaseUrl: () => string;
}

/**
 * The API's routes, those of each tag of the contract, in one router mounted under /v1 behind
 * authentication, rate limiting and validation (one router, not one per tag: each router a request passes
 * through costs it a prefix match and a stack walk).
 */
export function apiRouter({ domain, publicBaseUrl }: RouterDeps): Router {
  const router = Router();
  statusRoutes(router);
  clientsRoutes(router, domain);
  onboardingRoutes(router, domain, publicBaseUrl);
  usageRoutes(router, domain);
  messagesRoutes(router, domain);
  mediaRoutes(router, domain);
  templatesRoutes(router, domain);
  return router;
}
