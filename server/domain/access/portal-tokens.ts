import { timingSafeEqual } from 'node:crypto';
import type { PartnerId } from '../../store/records';
import type { Store } from '../../store/repositories';
import type { Clock } from '../shared/clock';
import type { IdGenerator } from '../shared/ids';
import { hashKey } from './keys';

/** What every portal token starts with: a bearer value of another form is never looked up as one. */
export const PORTAL_TOKEN_PREFIX = 'ptk_';
const PORTAL_TOKEN_PATTERN = /^ptk_[A-Za-z0-9_-]{32,64}$/;

/**
 * Partners' portal tokens: each partner's own access to the sandbox. A partner has one at a time, kept as a
 * hash like a key; a new one retires the one before at once. The token is returned once, when issued.
 */
export class PortalTokens {
  constructor(
    private readonly store: Pick<Store, 'portalTokens'>,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
  ) {}

  async issue(partnerId: PartnerId): Promise<{ token: string; issuedAt: Date }> {
    const token = `${PORTAL_TOKEN_PREFIX}${this.ids.secret(32)}`;
    const issuedAt = this.clock();
    await this.store.portalTokens.put({ partnerId, hash: hashKey(token), issuedAt });
    return { token, issuedAt };
  }

  /** The partner whose current portal token `plain` is; undefined for any other value. Compared in constant time. */
  async partnerOf(plain: string): Promise<PartnerId | undefined> {
    if (!PORTAL_TOKEN_PATTERN.test(plain)) return undefined;
    const hash = hashKey(plain);
    const found = await this.store.portalTokens.findByHash(hash);
    if (!found || !timingSafeEqual(Buffer.from(found.hash, 'hex'), Buffer.from(hash, 'hex'))) return undefined;
    return found.partnerId;
  }
}
