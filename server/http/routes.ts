import type { Router } from 'express';
import type { Domain } from '../domain';
import { clientsRouter } from './clients';
import { mediaRouter } from './media';
import { messagesRouter } from './messages';
import { onboardingRouter } from './onboarding';
import { statusRouter } from './status';
import { templatesRouter } from './templates';
import { usageRouter } from './usage';

export interface RouterDeps {
  domain: Domain;
  /** Base of links the server hands out (hosted session URLs). */
  publicBaseUrl: () => string;
}

/**
 * The API routers, one per tag of the contract, mounted under /v1 behind authentication, rate limiting
 * and validation. Issue 4 adds Messages and Media, issue 5 Templates, here.
 */
export function apiRouters({ domain, publicBaseUrl }: RouterDeps): Router[] {
  return [statusRouter(), clientsRouter(domain), onboardingRouter(domain, publicBaseUrl), usageRouter(domain), messagesRouter(domain), mediaRouter(domain), templatesRouter(domain)];
}
