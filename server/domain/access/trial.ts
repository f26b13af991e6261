import type { ApiKey, PartnerId } from '../../store/records';
import type { PartnerSettingsRepository } from '../../store/repositories';
import { DAY_MS, type Clock } from '../shared/clock';
import { DomainError, badRequest } from '../shared/errors';

/** A partner's trial: when it ends and how many days of grace follow. No end means a plan is active. */
export interface TrialState {
  /** null: a plan is active and live sending is never gated. */
  endsAt: Date | null;
  graceDays: number;
}

const SETTING = 'trial';
/**
 * A key may carry a trial of its own (set in the sandbox): it answers as a key of another partner account, so
 * the gate can be checked on one server without pausing every other key's live sends.
 */
const keySetting = (keyId: string) => `trial:key:${keyId}`;
export const DEFAULT_GRACE_DAYS = 7;

/**
 * The trial gate (section 5, rule 4): once trial and grace have ended, live sends fail with
 * 402 `trial_expired`; test-key and dry-run sends remain available.
 */
export class Trial {
  constructor(
    private readonly settings: PartnerSettingsRepository,
    private readonly clock: Clock,
  ) {}

  /** The trial of the key's account: its own when it has one, else its partner's. */
  async state(partnerId: PartnerId, keyId?: string): Promise<TrialState> {
    const raw = (keyId === undefined ? undefined : await this.settings.get(partnerId, keySetting(keyId))) ?? (await this.settings.get(partnerId, SETTING));
    if (!raw) return { endsAt: null, graceDays: DEFAULT_GRACE_DAYS };
    const parsed = JSON.parse(raw) as { ends_at: number | null; grace_days: number };
    return { endsAt: parsed.ends_at === null ? null : new Date(parsed.ends_at), graceDays: parsed.grace_days };
  }

  /**
   * The sandbox sets the trial state (`endsAt: null` = plan active; grace defaults to DEFAULT_GRACE_DAYS): the
   * partner's, or one of its keys' when `keyId` is given.
   */
  async set(partnerId: PartnerId, change: { endsAt: Date | null; graceDays?: number; keyId?: string }): Promise<TrialState> {
    const state: TrialState = { endsAt: change.endsAt, graceDays: change.graceDays ?? DEFAULT_GRACE_DAYS };
    if (!Number.isInteger(state.graceDays) || state.graceDays < 0) throw badRequest('graceDays must be a whole number of days, 0 or more.');
    const setting = change.keyId === undefined ? SETTING : keySetting(change.keyId);
    await this.settings.set(partnerId, setting, JSON.stringify({ ends_at: state.endsAt?.getTime() ?? null, grace_days: state.graceDays }));
    return state;
  }

  /** When live sending stops (trial end plus grace), or null when it never does. */
  async sendingEndsAt(partnerId: PartnerId, keyId?: string): Promise<Date | null> {
    const { endsAt, graceDays } = await this.state(partnerId, keyId);
    return endsAt === null ? null : new Date(endsAt.getTime() + graceDays * DAY_MS);
  }

  /** Throws `trial_expired` for a live delivery after trial and grace. */
  async assertLiveSendAllowed(key: Pick<ApiKey, 'id' | 'mode' | 'partnerId'>, dryRun: boolean): Promise<void> {
    if (key.mode !== 'live' || dryRun) return;
    const end = await this.sendingEndsAt(key.partnerId, key.id);
    if (end !== null && this.clock().getTime() >= end.getTime()) {
      throw new DomainError(
        'trial_expired',
        'Your trial and grace period have ended; live sending is paused until a plan is active. Test and dry-run sends remain available.',
      );
    }
  }
}
