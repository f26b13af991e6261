// The headers of section 5 rule 9, held on every answer a run sees, not on a sample: `X-Request-Id` unique per
// answer, `X-RateLimit-Limit` one ceiling per key across every operation and never below `X-RateLimit-Remaining`,
// and `Retry-After` no longer than the window the headers imply: it counts down one second per second while the
// key stays refused (neither slower nor faster), and a key whose window started afresh before that wait was over
// was told to wait too long. (Their presence and form, a UUID and whole seconds, are openapi.yaml's headers, held
// by the response checker.) Keys are told apart by a fingerprint; no key is ever kept or shown.
import { createHash } from 'node:crypto';

export interface ObservedAnswer {
  /** `getUsage 200`, or `GET /path 404` outside the contract. */
  where: string;
  status: number;
  headers: Headers;
  /** The Authorization header the request carried, if any. */
  authorization: string | null;
  /** When the answer arrived (epoch ms). */
  at: number;
}

/** A header rule an answer broke (an occurrence of the harness). */
export interface HeaderFinding {
  rule: string;
  where: string;
  example: string;
}

export const HEADER_RULES = {
  requestId: 'X-Request-Id is unique per answer (section 5 rule 9)',
  oneCeiling: 'X-RateLimit-Limit is one ceiling per key across every operation (section 5 rule 9)',
  remainingBelowLimit: 'X-RateLimit-Remaining never exceeds X-RateLimit-Limit (section 5 rule 9)',
  retryCountsDown: 'Retry-After counts down with the clock while the key stays refused (no longer than the window the headers imply)',
  retryNotFaster: 'Retry-After counts down one second per second while the key stays refused, not faster (section 5 rule 9: wait at least this long)',
  retryWithinWindow: "Retry-After is no longer than the key's window: the window started afresh before the wait was over",
} as const;

/** `#3f9a1c2b`: tells keys apart without showing them. */
const fingerprint = (authorization: string) => `key #${createHash('sha256').update(authorization).digest('hex').slice(0, 8)}`;

const integer = (text: string | null) => (text !== null && /^\d+$/.test(text.trim()) ? Number(text) : undefined);

interface Refusal {
  at: number;
  retryAfter: number;
  where: string;
}

export class HeaderLedger {
  private readonly ids = new Map<string, string>();
  private readonly ceilings = new Map<string, { limit: number; where: string }>();
  /** The first 429 of the key's current refusal (with an exhausted window), and what the key had left before. */
  private readonly refusals = new Map<string, Refusal>();
  private readonly found: HeaderFinding[] = [];
  /** How many answers were held. */
  answers = 0;

  observe(a: ObservedAnswer): void {
    this.answers++;
    const id = a.headers.get('x-request-id');
    if (id !== null) {
      const first = this.ids.get(id);
      if (first !== undefined) this.found.push({ rule: HEADER_RULES.requestId, where: a.where, example: `${id} on ${first} and again on ${a.where}` });
      else this.ids.set(id, a.where);
    }
    const key = a.authorization && /^Bearer\s+\S+$/i.test(a.authorization) ? fingerprint(a.authorization) : undefined;
    const limit = integer(a.headers.get('x-ratelimit-limit'));
    const remaining = integer(a.headers.get('x-ratelimit-remaining'));
    if (limit !== undefined && remaining !== undefined && remaining > limit) {
      this.found.push({ rule: HEADER_RULES.remainingBelowLimit, where: a.where, example: `X-RateLimit-Limit ${limit}, X-RateLimit-Remaining ${remaining}` });
    }
    if (!key) return;
    if (limit !== undefined) {
      const ceiling = this.ceilings.get(key);
      if (!ceiling) this.ceilings.set(key, { limit, where: a.where });
      else if (ceiling.limit !== limit) this.found.push({ rule: HEADER_RULES.oneCeiling, where: a.where, example: `${key}: ${ceiling.limit} on ${ceiling.where}, ${limit} on ${a.where}` });
    }
    this.observeWindow(key, a, remaining);
  }

  /** Retry-After against the clock: successive refusals of a key count down, and its window does not restart before the wait is over. */
  private observeWindow(key: string, a: ObservedAnswer, remaining: number | undefined): void {
    const refusal = this.refusals.get(key);
    const elapsed = refusal ? Math.floor((a.at - refusal.at) / 1000) : 0;
    if (a.status === 429) {
      const retryAfter = integer(a.headers.get('retry-after'));
      // A 429 with requests left is the upstream throttle (section 5 rule 9): its wait says nothing of the key's window.
      if (retryAfter === undefined || (remaining !== undefined && remaining > 0)) return;
      if (!refusal) return void this.refusals.set(key, { at: a.at, retryAfter, where: a.where });
      // Rounding of either value to whole seconds: one second of slack; the other way, one more for the
      // answers' times in transit (a second boundary crossed between the service's clock and the run's).
      const slower = retryAfter > refusal.retryAfter - elapsed + 1;
      const faster = retryAfter < refusal.retryAfter - elapsed - 2;
      if (slower || faster) {
        this.found.push({
          rule: slower ? HEADER_RULES.retryCountsDown : HEADER_RULES.retryNotFaster,
          where: a.where,
          example: `${key}: Retry-After ${refusal.retryAfter} on ${refusal.where}, then ${retryAfter} ${elapsed} s later (${slower ? `at most ${refusal.retryAfter - elapsed + 1}` : `at least ${refusal.retryAfter - elapsed - 2}`})`,
        });
        this.refusals.set(key, { at: a.at, retryAfter, where: a.where });
      }
      return;
    }
    if (!refusal) return;
    this.refusals.delete(key);
    if (a.status < 400 && remaining !== undefined && remaining > 0 && elapsed + 1 < refusal.retryAfter) {
      this.found.push({
        rule: HEADER_RULES.retryWithinWindow,
        where: a.where,
        example: `${key}: Retry-After ${refusal.retryAfter} on ${refusal.where}, yet ${a.where} with ${remaining} left ${elapsed} s later`,
      });
    }
  }

  /** What the answers seen so far break. */
  occurrences(): HeaderFinding[] {
    return [...this.found];
  }
}
