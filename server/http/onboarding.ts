import type { RequestHandler, Router } from 'express';
import type { Domain } from '../domain';
import { toApiClient } from '../domain/clients';
import type { Channel } from '../store/records';
import { SESSION_TTL_SECONDS } from '../domain/sessions';
import { authenticatedKey, sendJson, type JsonBody } from './types';

/** URL of the hosted page of a session (outside /v1: it is an HTML page for a person). */
export function sessionUrl(publicBaseUrl: string, sessionId: string, token: string): string {
  return `${publicBaseUrl}/connect/${encodeURIComponent(sessionId)}?token=${encodeURIComponent(token)}`;
}

/** Tag Onboarding: hosted sessions for both channels and the code-exchange signup. */
export function onboardingRoutes(router: Router, domain: Domain, publicBaseUrl: () => string): void {
  const createSession =
    (channel: Channel, operation: 'createEmbeddedSignupSession' | 'createSocialConnectSession'): RequestHandler =>
    async (req, res) => {
      const body = req.body as JsonBody<typeof operation>;
      const key = authenticatedKey(res);
      const { session, token } = await domain.sessions.create(key.partnerId, channel, body.client_ref, key.id);
      sendJson(res, operation, 201, {
        session_id: session.id,
        url: sessionUrl(publicBaseUrl(), session.id, token),
        expires_in: SESSION_TTL_SECONDS as 600,
      });
    };

  router.post('/embedded-signup/sessions', createSession('chat', 'createEmbeddedSignupSession'));
  router.post('/social-connect/sessions', createSession('social', 'createSocialConnectSession'));
  router.post('/clients/signup', async (req, res) => {
    const body = req.body as JsonBody<'completeClientSignup'>;
    const client = await domain.signup.complete(authenticatedKey(res).partnerId, body.client_ref, body.auth_code);
    sendJson(res, 'completeClientSignup', 201, toApiClient(client));
  });
}
