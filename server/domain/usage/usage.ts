import type { KeyMode, PartnerId, UsageKind } from '../../store/records';
import type { Store } from '../../store/repositories';
import type { Clock } from '../shared/clock';

/** The counted messages of one UTC month (`YYYY-MM`), by kind. */
export interface MonthUsage {
  period: string;
  counts: Record<UsageKind, number>;
}

/** The current month and the closed months before it, newest first. */
export interface UsageReport {
  current: MonthUsage;
  history: MonthUsage[];
}

/** Closed months reported before the current one. */
export const USAGE_HISTORY_MONTHS = 12;

/** A message that may count toward usage. */
export interface UsageEvent {
  kind: UsageKind;
  /** `test` for simulated traffic (test keys); end users' inbound messages are `live`. */
  traffic: KeyMode;
  dryRun: boolean;
  at: Date;
}

/** The one rule of what counts: live traffic that was not a dry run. */
export function isCountable(event: Pick<UsageEvent, 'traffic' | 'dryRun'>): boolean {
  return event.traffic === 'live' && !event.dryRun;
}

/** `YYYY-MM` of the UTC month of `at`, shifted by `monthsBack` months. */
export function periodOf(at: Date, monthsBack = 0): string {
  const d = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() - monthsBack, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** Monthly message usage, per partner. */
export class Usage {
  constructor(
    private readonly store: Pick<Store, 'usage'>,
    private readonly clock: Clock,
  ) {}

  /** Records one message; returns whether it counted: test-key and dry-run traffic never does. */
  async record(partnerId: PartnerId, event: UsageEvent): Promise<boolean> {
    if (!isCountable(event)) return false;
    await this.store.usage.increment(partnerId, periodOf(event.at), event.kind, 1);
    return true;
  }

  /** The current UTC month and the twelve closed months before it, newest first, zero-filled. */
  async report(partnerId: PartnerId): Promise<UsageReport> {
    const now = this.clock();
    const periods = Array.from({ length: USAGE_HISTORY_MONTHS + 1 }, (_, back) => periodOf(now, back));
    const counts = await this.store.usage.between(partnerId, periods[periods.length - 1]!, periods[0]!);
    const [current, ...history] = periods.map((period): MonthUsage => {
      const of = (kind: UsageKind) => counts.find((c) => c.period === period && c.kind === kind)?.count ?? 0;
      return { period, counts: { inbound: of('inbound'), outbound: of('outbound'), outbound_template: of('outbound_template') } };
    });
    return { current: current!, history };
  }
}
