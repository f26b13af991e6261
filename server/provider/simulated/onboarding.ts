import { createHash } from 'node:crypto';
import { ProviderError, type ConnectedAccount, type HostedAuthorization, type OnboardingProvider } from '../channel-provider';
import type { SimulatorState } from './state';

/**
 * The onboarding side of the simulated provider, deterministic. Its documented triggers:
 *
 * Code exchange (`POST /clients/signup`):
 * - a code starting with `invalid` is refused (`invalid_code`), as is a code already exchanged (by any
 *   instance on the same data);
 * - a code starting with `unavailable` makes the provider unreachable (`unavailable`);
 * - a code of the form `num-<digits>-<anything>` is bound to the number `<digits>` (so two codes
 *   `num-4915112345678-a` and `num-4915112345678-b` connect the same number); any other code is bound to a
 *   number derived from its hash.
 *
 * Hosted page:
 * - `chat`: the number must be 8–15 digits; the number `15550000400` is refused (`rejected`),
 *   `15550000502` makes the provider unreachable;
 * - `social`: the handle must be 1–30 letters, digits, `.` or `_`; the handle `rejected` is refused,
 *   `unavailable` makes the provider unreachable.
 *
 * Ids are derived from the number or handle, so the same account always gets the same ids.
 */
export class SimulatedOnboarding implements OnboardingProvider {
  static readonly REJECTED_NUMBER = '15550000400';
  static readonly UNAVAILABLE_NUMBER = '15550000502';
  static readonly REJECTED_HANDLE = 'rejected';
  static readonly UNAVAILABLE_HANDLE = 'unavailable';

  constructor(private readonly state: SimulatorState) {}

  async exchangeSignupCode(authCode: string): Promise<ConnectedAccount> {
    if (authCode.startsWith('unavailable')) throw unavailable();
    if (authCode.startsWith('invalid') || !(await this.state.once(`exchanged_code:${authCode}`))) {
      throw new ProviderError('invalid_code', 'The auth_code is invalid, expired or already used.', 'OAuthException');
    }
    const bound = /^num-(\d{8,15})-/.exec(authCode)?.[1];
    const digits = bound ?? `1555${digitsOf(`code:${authCode}`, 7)}`;
    return chatAccount(digits, `Business ${digits.slice(-4)}`);
  }

  async authorizeHostedConnection(request: HostedAuthorization): Promise<ConnectedAccount> {
    if (request.channel === 'chat') {
      const digits = (request.phone_number ?? '').replace(/[\s+()-]/g, '');
      if (!/^\d{8,15}$/.test(digits)) {
        throw new ProviderError('rejected', 'Enter the number in international format, 8 to 15 digits.', 'invalid_number');
      }
      if (digits === SimulatedOnboarding.UNAVAILABLE_NUMBER) throw unavailable();
      if (digits === SimulatedOnboarding.REJECTED_NUMBER) {
        throw new ProviderError('rejected', 'The provider declined to connect this number.', 'number_not_eligible');
      }
      return chatAccount(digits, request.business_name);
    }
    const handle = (request.username ?? '').trim().replace(/^@/, '').toLowerCase();
    if (!/^[a-z0-9._]{1,30}$/.test(handle)) {
      throw new ProviderError('rejected', 'Enter the account handle: 1 to 30 letters, digits, "." or "_".', 'invalid_handle');
    }
    if (handle === SimulatedOnboarding.UNAVAILABLE_HANDLE) throw unavailable();
    if (handle === SimulatedOnboarding.REJECTED_HANDLE) {
      throw new ProviderError('rejected', 'The provider declined to connect this account.', 'account_not_eligible');
    }
    return {
      channel: 'social',
      business_name: request.business_name,
      business_account_id: `178${digitsOf(`social:${handle}`, 14)}`,
      username: handle,
    };
  }
}

function chatAccount(digits: string, businessName: string): ConnectedAccount {
  return {
    channel: 'chat',
    business_name: businessName,
    phone_number: `+${digits}`,
    phone_number_id: `10${digitsOf(`number:${digits}`, 13)}`,
    business_account_id: `10${digitsOf(`waba:${digits}`, 13)}`,
  };
}

function unavailable(): ProviderError {
  return new ProviderError('unavailable', 'The channel provider did not answer.');
}

/** `count` decimal digits derived from the SHA-256 of `seed`. */
function digitsOf(seed: string, count: number): string {
  const hex = createHash('sha256').update(seed).digest('hex');
  return BigInt(`0x${hex}`).toString().slice(0, count).padStart(count, '0');
}
