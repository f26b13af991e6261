import type { components } from '../../generated/openapi';

type Channel = components['schemas']['Channel'];

/** What the provider reports about an account once a person (or a code exchange) authorized it. */
export interface ConnectedAccount {
  channel: Channel;
  business_name: string;
  /** `chat`: display number, its provider id and the business account holding it. */
  phone_number?: string;
  phone_number_id?: string;
  /** `chat`: the business account; `social`: the professional account id. */
  business_account_id: string;
  /** `social`: the account's handle. */
  username?: string;
}

/** What the person entered on the hosted connection page. */
export interface HostedAuthorization {
  channel: Channel;
  business_name: string;
  /** `chat`: the number to connect, international digits. */
  phone_number?: string;
  /** `social`: the professional account handle. */
  username?: string;
}

/**
 * The channel provider as the service sees it. The domain talks to channels only through this
 * interface. Issue 4 adds sends and media, issue 5 templates, to the same interface.
 */
export interface ChannelProvider {
  /** Embedded-signup code exchange (`chat`). Rejects with ProviderError `invalid_code` or `unavailable`. */
  exchangeSignupCode(authCode: string): Promise<ConnectedAccount>;
  /** Authorization run by the hosted page. Rejects with ProviderError `rejected` or `unavailable`. */
  authorizeHostedConnection(request: HostedAuthorization): Promise<ConnectedAccount>;
}

export type ProviderErrorReason = 'invalid_code' | 'rejected' | 'unavailable';

/** A provider failure; the domain decides what it means for the partner. */
export class ProviderError extends Error {
  constructor(
    readonly reason: ProviderErrorReason,
    message: string,
    readonly providerCode?: string,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}
