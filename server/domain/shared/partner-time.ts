import { AsyncLocalStorage } from 'node:async_hooks';
import type { PartnerId } from '../../store/records';
import type { Store } from '../../store/repositories';
import { DAY_MS, type Clock } from './clock';

/** How far a partner's clock may be ahead of the server's. */
export const MAX_CLOCK_OFFSET_MS = 3650 * DAY_MS;

/**
 * Each partner's own time: the server's plus the partner's offset (its sandbox clock, advanced to test what
 * time does). `clock` is the one clock every rule reads; work done for a partner runs `within` it, so each rule
 * reads the partner's time without knowing it exists. Outside any partner's work it is the server's time.
 *
 * The partner is carried by AsyncLocalStorage only while its offset is not 0: a server whose partners never
 * advanced their clocks never enters one (on Node 20 an entered AsyncLocalStorage costs every promise).
 */
export class PartnerTime {
  private readonly context = new AsyncLocalStorage<{ partnerId: PartnerId; offsetMs: number }>();
  /** The offsets read last, for what must know a partner's time without waiting (the request log's times). */
  private readonly known = new Map<PartnerId, number>();

  constructor(
    /** The server's time. */
    readonly server: Clock,
    private readonly store: Pick<Store, 'partnerClocks'>,
  ) {}

  /** The time of the partner whose work is running, else the server's. */
  readonly clock: Clock = () => {
    const context = this.context.getStore();
    return context ? new Date(this.server().getTime() + context.offsetMs) : this.server();
  };

  async offsetOf(partnerId: PartnerId): Promise<number> {
    const offset = await this.store.partnerClocks.offsetOf(partnerId);
    if (offset === 0) this.known.delete(partnerId);
    else this.known.set(partnerId, offset);
    return offset;
  }

  /** The partner's time now. */
  async now(partnerId: PartnerId): Promise<Date> {
    return new Date(this.server().getTime() + (await this.offsetOf(partnerId)));
  }

  /** The partner's time now, by the offset read last for it. */
  nowKnown(partnerId: PartnerId): Date {
    return new Date(this.server().getTime() + (this.known.get(partnerId) ?? 0));
  }

  /** Runs `work` in the partner's time (and what it starts, awaited or not). */
  async within<T>(partnerId: PartnerId, work: () => T | Promise<T>): Promise<T> {
    const offsetMs = await this.offsetOf(partnerId);
    if (offsetMs === 0 && this.context.getStore() === undefined) return work();
    return this.context.run({ partnerId, offsetMs }, work);
  }

  /** Moves the partner's time to `offsetMs` ahead of the server's (0: the server's). */
  async set(partnerId: PartnerId, offsetMs: number): Promise<void> {
    await this.store.partnerClocks.set(partnerId, offsetMs);
    await this.offsetOf(partnerId);
  }

  /** The partners whose time is ahead of the server's. */
  ahead(): Promise<Array<{ partnerId: PartnerId; offsetMs: number }>> {
    return this.store.partnerClocks.ahead();
  }
}
