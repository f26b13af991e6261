import { ProviderError } from '../provider/channel-provider';
import { DomainError, badRequest, upstreamUnavailable } from './errors';

/** What a provider failure means for the partner: a refused code or account is their input (400). */
export function fromProviderError(error: unknown): unknown {
  if (!(error instanceof ProviderError)) return error;
  switch (error.reason) {
    case 'invalid_code':
      return badRequest(error.message);
    case 'rejected':
      return new DomainError('bad_request', error.message, error.providerCode ? { details: { provider_code: error.providerCode } } : {});
    case 'unavailable':
      return upstreamUnavailable('The channel provider could not be reached; retry later.');
  }
}
