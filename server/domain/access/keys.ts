import { hash, timingSafeEqual } from 'node:crypto';
import type { ApiKey, KeyMode, PartnerId } from '../../store/records';
import type { Store } from '../../store/repositories';
import { DAY_MS, type Clock } from '../shared/clock';
import { badRequest, notFound, unauthorized } from '../shared/errors';
import type { IdGenerator } from '../shared/ids';
import { isAddressAllowed, isValidAllowlistEntry } from './ip-allowlist';
import { SCOPES, isScope, type Scope } from './scopes';

export interface NewKeyOptions {
  mode: KeyMode;
  scopes: readonly string[] | 'all';
  expiresAt?: Date | null;
  allowedIps?: readonly string[];
  name?: string | null;
}

/** Plain keys are `ik_test_` / `ik_live_` followed by 32 base64url characters. */
export const KEY_PATTERN = /^ik_(test|live)_[A-Za-z0-9_-]{32}$/;
/** Anything that looks like a key, wherever it appears (used to refuse keys in query strings). */
export const KEY_LIKE = /ik_(test|live)_/;
/** Length of the identifying prefix kept in clear (`ik_test_AbCd`). */
export const DISPLAY_PREFIX_LENGTH = 12;

export const EXPIRY_PRESETS = { '30d': 30 * DAY_MS, '90d': 90 * DAY_MS, '1y': 365 * DAY_MS } as const;

export function hashKey(plain: string): string {
  return hash('sha256', plain, 'hex');
}

/** `never`, `30d`, `90d`, `1y` or an ISO 8601 timestamp in the future. */
export function parseExpiry(text: string, now: Date): Date | null {
  if (text === 'never') return null;
  const preset = EXPIRY_PRESETS[text as keyof typeof EXPIRY_PRESETS];
  if (preset !== undefined) return new Date(now.getTime() + preset);
  const at = /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:\d{2})?)?$/.test(text) ? new Date(text) : new Date(NaN);
  if (Number.isNaN(at.getTime())) throw badRequest(`Expiry "${text}" is not never, 30d, 90d, 1y or an ISO timestamp.`);
  if (at.getTime() <= now.getTime()) throw badRequest(`Expiry ${at.toISOString()} is in the past.`);
  return at;
}

export function describeKey(key: Pick<ApiKey, 'prefix'>): string {
  return `${key.prefix}…`;
}

export function isKeyActive(key: ApiKey, now: Date): boolean {
  return key.revokedAt === null && (key.expiresAt === null || key.expiresAt.getTime() > now.getTime());
}

/**
 * Key lifecycle of section 5: creation (shown once), authentication, rotation, revocation. Every key
 * belongs to one partner and is managed through that partner; authentication finds it by the key alone.
 */
export class ApiKeys {
  constructor(
    private readonly store: Pick<Store, 'keys' | 'partnerSettings' | 'transaction'>,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
    /** The time of a key's partner (its sandbox clock may be ahead): a key expires in its partner's time. */
    private readonly partnerNow: (partnerId: PartnerId) => Promise<Date> = async () => clock(),
  ) {}

  /** Creates a key; the plain key is returned here and never again. */
  create(partnerId: PartnerId, opts: NewKeyOptions): Promise<{ key: ApiKey; plain: string }> {
    return this.createIn(this.store.keys, partnerId, opts);
  }

  private async createIn(keys: Store['keys'], partnerId: PartnerId, opts: NewKeyOptions): Promise<{ key: ApiKey; plain: string }> {
    const scopes = opts.scopes === 'all' ? [...SCOPES] : normalizeScopes(opts.scopes);
    const allowedIps = [...(opts.allowedIps ?? [])];
    const invalid = allowedIps.filter((entry) => !isValidAllowlistEntry(entry));
    if (invalid.length > 0) throw badRequest(`Not an IP address or CIDR range: ${invalid.join(', ')}.`);
    const now = this.clock();
    if (opts.expiresAt && opts.expiresAt.getTime() <= now.getTime()) throw badRequest('The expiry is in the past.');
    const plain = `ik_${opts.mode}_${this.ids.secret(24)}`;
    const key: ApiKey = {
      id: this.ids.id('key'),
      partnerId,
      name: opts.name ?? null,
      mode: opts.mode,
      scopes,
      hash: hashKey(plain),
      prefix: plain.slice(0, DISPLAY_PREFIX_LENGTH),
      allowedIps,
      expiresAt: opts.expiresAt ?? null,
      createdAt: now,
      revokedAt: null,
      replacedById: null,
    };
    await keys.insert(key);
    return { key, plain };
  }

  /**
   * The first key of a partner that has none, or undefined when it has one: issued once, however many
   * instances start on the same data at the same time.
   */
  createFirst(partnerId: PartnerId, opts: NewKeyOptions): Promise<{ key: ApiKey; plain: string } | undefined> {
    return this.store.transaction(async (tx) => {
      if ((await tx.keys.count(partnerId)) > 0) return undefined;
      if (!(await tx.partnerSettings.setIfAbsent(partnerId, 'first_key_issued_at', this.clock().toISOString()))) return undefined;
      return this.createIn(tx.keys, partnerId, opts);
    });
  }

  /**
   * Resolves the key of a request: 401 for a malformed, unknown, revoked or expired key, or an address
   * outside its allowlist. Looked up by hash, then compared in constant time.
   */
  async authenticate(plain: string, remoteAddress: string | undefined): Promise<ApiKey> {
    if (!KEY_PATTERN.test(plain)) throw unauthorized('The API key is malformed.');
    const hash = hashKey(plain);
    const key = await this.store.keys.findByHash(hash);
    return this.admitted(key, hash, remoteAddress, key ? await this.partnerNow(key.partnerId) : this.clock());
  }

  /** The key found by the hash of a request's key, if it is that key and may be used now from `remoteAddress`. */
  private admitted(key: ApiKey | undefined, hash: string, remoteAddress: string | undefined, now: Date): ApiKey {
    if (!key || !timingSafeEqual(Buffer.from(key.hash, 'hex'), Buffer.from(hash, 'hex'))) {
      throw unauthorized('The API key is invalid.');
    }
    if (key.revokedAt !== null) throw unauthorized(`The API key ${describeKey(key)} has been revoked.`);
    if (key.expiresAt !== null && key.expiresAt.getTime() <= now.getTime()) {
      throw unauthorized(`The API key ${describeKey(key)} expired at ${key.expiresAt.toISOString()}.`);
    }
    if (!isAddressAllowed(key.allowedIps, remoteAddress)) {
      throw unauthorized(`The API key ${describeKey(key)} is not allowed from this address.`);
    }
    return key;
  }

  list(partnerId: PartnerId): Promise<ApiKey[]> {
    return this.store.keys.list(partnerId);
  }

  async hasAny(partnerId: PartnerId): Promise<boolean> {
    return (await this.store.keys.count(partnerId)) > 0;
  }

  /** Finds one key by id or display prefix (a prefix must match a single key). */
  async find(partnerId: PartnerId, idOrPrefix: string): Promise<ApiKey> {
    const byId = await this.store.keys.findById(partnerId, idOrPrefix);
    if (byId) return byId;
    const prefix = idOrPrefix.replace(/(…|\.\.\.)$/, '');
    // At least one character past `ik_test_` / `ik_live_`.
    const matches = prefix.length > 8 ? (await this.store.keys.list(partnerId)).filter((k) => k.prefix.startsWith(prefix)) : [];
    if (matches.length === 1) return matches[0]!;
    if (matches.length > 1) {
      throw badRequest(`"${idOrPrefix}" matches ${matches.length} keys; use the key id (${matches.map((k) => k.id).join(', ')}).`);
    }
    throw notFound(`No key with id or prefix "${idOrPrefix}".`);
  }

  /** Revokes at once: the next request with the key gets 401. */
  async revoke(partnerId: PartnerId, idOrPrefix: string): Promise<ApiKey> {
    const key = await this.find(partnerId, idOrPrefix);
    if (key.revokedAt !== null) return key;
    const revoked = { ...key, revokedAt: this.clock() };
    await this.store.keys.update(revoked);
    return revoked;
  }

  /**
   * Issues a replacement with the same mode, scopes, name and allowlist (and the same lifetime length,
   * counted from now, when the old key expires), then retires the old key immediately.
   */
  async rotate(partnerId: PartnerId, idOrPrefix: string): Promise<{ key: ApiKey; plain: string; retired: ApiKey }> {
    const old = await this.find(partnerId, idOrPrefix);
    const now = this.clock();
    if (!isKeyActive(old, now)) throw badRequest(`The key ${describeKey(old)} is revoked or expired; create a new one.`);
    const lifetime = old.expiresAt ? old.expiresAt.getTime() - old.createdAt.getTime() : null;
    return this.store.transaction(async (tx) => {
      const created = await this.createIn(tx.keys, partnerId, {
        mode: old.mode,
        scopes: old.scopes,
        allowedIps: old.allowedIps,
        name: old.name,
        expiresAt: lifetime === null ? null : new Date(now.getTime() + lifetime),
      });
      const retired = { ...old, revokedAt: now, replacedById: created.key.id };
      await tx.keys.update(retired);
      return { ...created, retired };
    });
  }
}

function normalizeScopes(scopes: readonly string[]): Scope[] {
  const unknown = scopes.filter((s) => !isScope(s));
  if (unknown.length > 0) throw badRequest(`Unknown scope(s): ${unknown.join(', ')}. Known: ${SCOPES.join(', ')}.`);
  if (scopes.length === 0) throw badRequest('A key needs at least one scope.');
  return [...new Set(scopes as Scope[])];
}
