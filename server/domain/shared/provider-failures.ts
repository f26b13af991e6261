// What a channel provider failure means for the partner, per kind of call: the section 7 status and code,
// with the provider's own code and message in `details` where the specification says the partner gets them.
import { MissingCredentialsError, ProviderError } from '../../provider/channel-provider';
import { DomainError, badRequest, conflict, upstreamUnavailable } from './errors';

const unreachable = () => upstreamUnavailable('The channel provider could not be reached; retry with backoff.');

/** Runs a provider call; a failure leaves as what `translate` makes of it. */
export async function callProvider<T>(call: () => Promise<T>, translate: (error: unknown) => unknown): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw translate(error);
  }
}

/** Onboarding (code exchange, hosted authorization): a refused code or account is the partner's input (400). */
export function onboardingFailure(error: unknown): unknown {
  if (!(error instanceof ProviderError)) return error;
  switch (error.reason) {
    case 'invalid_code':
      return badRequest(error.message);
    case 'rejected':
      return badRequest(error.message, error.providerCode ? { details: { provider_code: error.providerCode } } : {});
    case 'unavailable':
      return unreachable();
  }
}

/** Sends and send-media uploads: a refusal is 422 `provider_rejected` with the provider's code and message. */
export function sendFailure(what: 'message' | 'upload'): (error: unknown) => unknown {
  return (error) => {
    if (!(error instanceof ProviderError)) return error;
    if (error.reason === 'unavailable') return unreachable();
    return new DomainError('provider_rejected', `The provider rejected the ${what}: ${error.message}.`, {
      details: { provider_code: error.providerCode ?? 'unknown', provider_message: error.message },
    });
  };
}

/**
 * Downloads (GET /media/{media_id}): missing credentials 409, a provider that cannot be reached or refuses
 * 502. An id the provider does not hold for the client is the media scope rule's answer (media/media-scope.ts).
 */
export function downloadFailure(clientRef: string): (error: unknown) => unknown {
  return (error) => {
    if (error instanceof MissingCredentialsError) return conflict(`Client ${clientRef} has no channel credentials on file; reconnect it.`);
    if (!(error instanceof ProviderError)) return error;
    return error.reason === 'unavailable' ? unreachable() : upstreamUnavailable(`The provider refused the download: ${error.message}.`);
  };
}

/** Template calls: a refusal of the content (or of a deletion) is 400 with the provider's reason. */
export function templateFailure(what: 'submit' | 'delete'): (error: unknown) => unknown {
  return (error) => {
    if (!(error instanceof ProviderError)) return error;
    if (error.reason === 'unavailable') return unreachable();
    const details: Record<string, unknown> = { provider_message: error.message };
    if (error.providerCode) details.provider_code = error.providerCode;
    const message = what === 'delete' ? `The provider refused the deletion: ${error.message}` : `The provider refused the template: ${error.message}`;
    return badRequest(message, { details });
  };
}
