import { ProviderError } from '../provider/channel-provider';
import { MediaNotFoundError, MissingCredentialsError } from '../provider/messaging';
import { DomainError, conflict, notFound, upstreamUnavailable } from './errors';

/**
 * What a messaging provider failure means for the partner. Sends and uploads: a refusal is
 * 422 `provider_rejected` carrying the provider's own code and message; no answer is 502.
 */
export function fromSendFailure(error: unknown, what: 'message' | 'upload'): unknown {
  if (!(error instanceof ProviderError)) return error;
  if (error.reason === 'unavailable') return upstreamUnavailable('The channel provider could not be reached; retry with backoff.');
  return new DomainError('unprocessable', `The provider rejected the ${what}: ${error.message}.`, {
    code: 'provider_rejected',
    details: { provider_code: error.providerCode ?? 'unknown', provider_message: error.message },
  });
}

/**
 * Downloads (GET /media/{media_id}): an unknown id is 404 `media_not_found`, missing credentials 409,
 * a provider that cannot be reached or refuses 502.
 */
export function fromDownloadFailure(error: unknown, clientRef: string, mediaId: string): unknown {
  if (error instanceof MediaNotFoundError) {
    return notFound(
      `The provider does not know media ${mediaId} for client ${clientRef} (inbound media is kept 30 days).`,
      'media_not_found',
    );
  }
  if (error instanceof MissingCredentialsError) return conflict(`Client ${clientRef} has no channel credentials on file; reconnect it.`);
  if (error instanceof ProviderError) {
    return upstreamUnavailable(
      error.reason === 'unavailable' ? 'The channel provider could not be reached; retry with backoff.' : `The provider refused the download: ${error.message}.`,
    );
  }
  return error;
}
