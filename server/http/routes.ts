import type { RequestHandler } from 'express';
import type { Domain } from '../domain';
import { badRequest } from '../domain/shared/errors';
import { clientsHandlers } from './clients';
import { operationHandlers } from './contract-router';
import { mediaHandlers } from './media';
import { messagesHandlers } from './messages';
import { spooledUploadOf } from './multipart-upload';
import { onboardingHandlers } from './onboarding';
import { statusHandlers } from './status';
import { templatesHandlers } from './templates';
import { usageHandlers } from './usage';
import { authenticatedKey, type ReferenceBinding } from './types';
import type { Handlers } from '../../generated/server';

export interface RouterDeps {
  domain: Domain;
  /** Base of links the server hands out (hosted session URLs). */
  publicBaseUrl: () => string;
}

/** Every operation's handler, one module per tag of the contract (a missing one fails the type-check). */
export function referenceHandlers({ domain, publicBaseUrl }: RouterDeps): Handlers<ReferenceBinding> {
  return {
    ...statusHandlers(),
    ...clientsHandlers(domain),
    ...onboardingHandlers(domain, publicBaseUrl),
    ...usageHandlers(domain),
    ...messagesHandlers(domain),
    ...mediaHandlers(domain),
    ...templatesHandlers(domain),
  };
}

/**
 * The API's operations, by operation id, each as one Express handler (the edge has already routed the
 * request: it is handed straight to its operation, behind authentication, rate limiting and validation).
 */
export function apiHandlers(deps: RouterDeps): Map<string, RequestHandler> {
  return operationHandlers(referenceHandlers(deps), {
    key: (_req, res) => authenticatedKey(res),
    file: (_req, res, part) => {
      const file = spooledUploadOf(res);
      if (!file) throw badRequest('The request is invalid.', { details: { [part]: ['is required'] } });
      return file;
    },
  });
}
