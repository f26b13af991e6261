// The partner's API keys and trial in the sandbox: what the portal's key pages do, through the key rules.
import type { Domain } from '../domain';
import { parseExpiry } from '../domain/access/keys';
import type { PartnerId } from '../store/records';
import type { BodyOf, Schemas } from './operation-types';
import { keyShape } from './shapes';

export class SandboxKeys {
  constructor(private readonly domain: Domain) {}

  async list(partner: PartnerId): Promise<Schemas['KeyList']> {
    return { keys: (await this.domain.keys.list(partner)).map(keyShape) };
  }

  async create(partner: PartnerId, input: BodyOf<'sandboxCreateKey'>): Promise<Schemas['NewKey']> {
    const { key, plain } = await this.domain.keys.create(partner, {
      mode: input.mode,
      scopes: input.scopes ?? 'all',
      expiresAt: input.expires ? parseExpiry(input.expires, this.domain.clock()) : null,
      allowedIps: input.allow_ips,
      name: input.name ?? null,
    });
    return { key: plain, ...keyShape(key) };
  }

  async rotate(partner: PartnerId, ref: string): Promise<Schemas['RotatedKey']> {
    const { key, plain, retired } = await this.domain.keys.rotate(partner, ref);
    return { key: plain, ...keyShape(key), retired: keyShape(retired) };
  }

  async revoke(partner: PartnerId, ref: string): Promise<Schemas['Key']> {
    return keyShape(await this.domain.keys.revoke(partner, ref));
  }

  /** The partner's trial, or with `key` the trial of that one key's account. */
  async setTrial(partner: PartnerId, input: BodyOf<'sandboxSetTrial'>): Promise<Schemas['TrialState']> {
    const keyId = input.key === undefined ? undefined : (await this.domain.keys.find(partner, input.key)).id;
    const state = await this.domain.trial.set(partner, { endsAt: input.ends_at === null ? null : new Date(input.ends_at), graceDays: input.grace_days, keyId });
    return { ends_at: state.endsAt?.toISOString() ?? null, grace_days: state.graceDays, ...(keyId ? { key_id: keyId } : {}) };
  }
}
