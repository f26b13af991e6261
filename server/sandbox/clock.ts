// The partner's clock in the sandbox: its time shown, moved forward (and what then comes due run), or put
// back to the server's. Every rule reads the partner's time through domain/shared/partner-time.ts.
import { badRequest } from '../domain/shared/errors';
import { MAX_CLOCK_OFFSET_MS, type PartnerTime } from '../domain/shared/partner-time';
import type { PartnerId } from '../store/records';
import type { Schemas } from './operation-types';

const UNIT_MS: Record<string, number> = { d: 86_400_000, h: 3_600_000, m: 60_000, s: 1000 };

/** A Duration of the sandbox contract (`25h`, `31d`, `1d12h`) in milliseconds. */
export function durationMs(duration: string): number {
  let total = 0;
  for (const [, amount, unit] of duration.matchAll(/([0-9]+)([dhms])/g)) total += Number(amount) * UNIT_MS[unit!]!;
  return total;
}

export class SandboxClock {
  constructor(
    private readonly time: PartnerTime,
    /** Runs what is due in the partner's time now (simulated reviews, webhook attempts). */
    private readonly dueOf: (partnerId: PartnerId) => Promise<void>,
  ) {}

  async show(partner: PartnerId): Promise<Schemas['Clock']> {
    const offsetMs = await this.time.offsetOf(partner);
    const server = this.time.server();
    return { partner_id: partner, now: new Date(server.getTime() + offsetMs).toISOString(), offset_seconds: Math.floor(offsetMs / 1000), server_now: server.toISOString() };
  }

  /** Moves the partner's time forward by `by`; what is due in its new time runs before the answer. */
  async advance(partner: PartnerId, by: string): Promise<Schemas['Clock']> {
    const offsetMs = (await this.time.offsetOf(partner)) + durationMs(by);
    if (offsetMs > MAX_CLOCK_OFFSET_MS) {
      throw badRequest(`The clock goes at most ${MAX_CLOCK_OFFSET_MS / UNIT_MS.d!} days ahead of the server's; reset it first.`, { details: { by: ['takes the clock past 3650 days ahead'] } });
    }
    await this.time.set(partner, offsetMs);
    await this.dueOf(partner);
    return this.show(partner);
  }

  async reset(partner: PartnerId): Promise<Schemas['Clock']> {
    await this.time.set(partner, 0);
    return this.show(partner);
  }
}
