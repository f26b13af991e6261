import type { Domain } from '../domain';
import type { Channel } from '../store/records';
import { SESSION_TTL_SECONDS } from '../domain/onboarding/sessions';
import { clientShape } from './shapes';
import type { ReferenceHandler, ReferenceHandlers } from './types';

/** URL of the hosted page of a session (outside /v1: it is an HTML page for a person). */
export function sessionUrl(publicBaseUrl: string, sessionId: string, token: string): string {
  return `${publicBaseUrl}/connect/${encodeURIComponent(sessionId)}?token=${encodeURIComponent(token)}`;
}

/** Tag Onboarding: hosted sessions for both channels and the code-exchange signup. */
export function onboardingHandlers(domain: Domain, publicBaseUrl: () => string): ReferenceHandlers<'Onboarding'> {
  const createSession =
    (channel: Channel): ReferenceHandler<'createEmbeddedSignupSession' | 'createSocialConnectSession'> =>
    async ({ key, body }) => {
      const { session, token } = await domain.sessions.create(key.partnerId, channel, body.client_ref, key.id);
      return {
        status: 201,
        body: { session_id: session.id, url: sessionUrl(publicBaseUrl(), session.id, token), expires_in: SESSION_TTL_SECONDS as 600 },
      };
    };

  return {
    createEmbeddedSignupSession: createSession('chat'),
    createSocialConnectSession: createSession('social'),
    completeClientSignup: async ({ key, body }) => ({ status: 201, body: clientShape(await domain.signup.complete(key.partnerId, body.client_ref, body.auth_code)) }),
  };
}
