// The delivery worker, in the manner of svix's (server/svix-server/src/worker.rs): claim a due delivery,
// make one attempt on the webhook wire (client/webhook-wire.ts: the stored bytes signed with the partner's
// secret, a 2xx within 5 s), record its outcome and, when it failed, when the next attempt is due on the
// retry schedule. Pending deliveries live in the store with their next attempt time, so a restart resumes
// them. With several instances on one database, each due attempt is claimed by one instance under a lease;
// the attempts of an instance that dies are taken over by the others once its leases run out.
import { WEBHOOK_TIMEOUT_MS, keepAliveAgents, sendWebhookAttempt, signWebhookBody, webhookRetryDelay, type WebhookAttemptOutcome } from '../../client/webhooks';
import type { Clock } from '../domain/shared/clock';
import type { WebhookReceivers } from '../domain/webhooks/receivers';
import type { Delivery } from '../store/records';
import type { Store, WebhookRepository } from '../store/repositories';

export interface DeliveryWorkerDeps {
  repo: WebhookRepository;
  /** The store's transaction: an attempt's outcome and its log entry are written together. */
  transaction: Store['transaction'];
  receivers: WebhookReceivers;
  /** The time an attempt's times are in: the partner's, within `within`. */
  clock: Clock;
  /**
   * The server's time, which leases and what is due are read in: a delivery is due once its next attempt
   * has come in its partner's time (the store adds each partner's clock offset). Default `clock`.
   */
  serverClock?: Clock;
  /** Runs an attempt in its partner's time (default: as it is). */
  within?: <T>(partnerId: string, work: () => Promise<T>) => Promise<T>;
  /** This instance's name on the leases it takes (unique among the instances sharing the data). */
  instance: string;
  /**
   * How long a claimed attempt is this instance's alone; past it another instance takes it over (this one
   * died). Longer than an attempt can last (the 5 s receiver timeout).
   */
  leaseMs: number;
  onError?: (error: unknown) => void;
  /** Told of each attempt whose outcome this instance recorded (the metrics). */
  attempted?: (outcome: 'delivered' | 'retried' | 'failed') => void;
}

/** Attempts under way at once, at most; more due attempts wait for a free slot, never for a whole batch. */
export const MAX_CONCURRENT_ATTEMPTS = 32;

/** What an attempt came to, as the log records it. */
type AttemptResult = Pick<WebhookAttemptOutcome, 'status' | 'delivered' | 'error' | 'durationMs'>;

/**
 * Attempts are independent: each due attempt starts as soon as a slot is free, so a receiver that hangs for
 * its 5 s holds one slot and delays no other delivery (an immediate retry leaves at once).
 */
export class DeliveryWorker {
  /** Connections to receivers, reused across attempts; closed once the worker is closed and idle. */
  private readonly agents = keepAliveAgents();
  /** Attempts under way in this instance (started, not yet recorded). */
  private underWay = 0;
  /** A claim is being made: a second runDue meanwhile only asks for another round after it. */
  private claiming = false;
  private claimAgain = false;
  private idleWaiters: Array<() => void> = [];
  private closed = false;

  constructor(private readonly deps: DeliveryWorkerDeps) {
    if (deps.leaseMs <= WEBHOOK_TIMEOUT_MS) throw new Error(`The delivery lease (${deps.leaseMs} ms) must be longer than an attempt (${WEBHOOK_TIMEOUT_MS} ms).`);
  }

  /**
   * Claims the attempts due now, as far as slots are free, and starts them; an attempt that ends claims
   * the next due ones. Resolves once the claimed attempts have started (not ended).
   */
  async runDue(): Promise<void> {
    if (this.closed) return;
    if (this.claiming) {
      this.claimAgain = true;
      return;
    }
    this.claiming = true;
    try {
      do {
        this.claimAgain = false;
        const free = MAX_CONCURRENT_ATTEMPTS - this.underWay;
        if (free <= 0) break;
        const now = (this.deps.serverClock ?? this.deps.clock)();
        const claimed = await this.deps.repo.claimDue(now, { owner: this.deps.instance, until: new Date(now.getTime() + this.deps.leaseMs) }, free);
        for (const delivery of claimed) this.start(delivery);
      } while (this.claimAgain && !this.closed);
    } catch (error) {
      this.deps.onError?.(error);
    } finally {
      this.claiming = false;
      if (this.underWay === 0) this.settle();
    }
  }

  /** Resolves once no attempt of this instance is under way (attempts due meanwhile included). */
  idle(): Promise<void> {
    if (this.underWay === 0 && !this.claiming) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** When the next attempt of any instance is due. */
  nextDueAt(): Promise<Date | undefined> {
    return this.deps.repo.nextDueAt();
  }

  /**
   * Claims nothing more. Attempts under way are not awaited (a receiver may hang for its 5 s): what they
   * would record after the store closed is lost, and their deliveries are attempted again once their lease
   * runs out.
   */
  close(): void {
    this.closed = true;
    if (this.underWay === 0) this.agents.destroy();
  }

  private start(delivery: Delivery): void {
    this.underWay += 1;
    (this.deps.within ? this.deps.within(delivery.partner_id, () => this.attempt(delivery)) : this.attempt(delivery))
      .catch((error: unknown) => this.deps.onError?.(error))
      .finally(() => {
        this.underWay -= 1;
        if (this.closed && this.underWay === 0) this.agents.destroy();
        void this.runDue();
        if (this.underWay === 0 && !this.claiming) this.settle();
      });
  }

  private settle(): void {
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const resolve of waiters) resolve();
  }

  /** claim → attempt → record: one attempt of a claimed delivery. */
  private async attempt(delivery: Delivery): Promise<void> {
    const startedAt = this.deps.clock();
    const result = await this.send(delivery);
    await this.record(delivery, startedAt, result);
  }

  /** The stored bytes, signed with the partner's current secret, on the wire. */
  private async send(delivery: Delivery): Promise<AttemptResult> {
    const event = await this.deps.repo.findEvent(delivery.partner_id, delivery.event_id);
    if (!event) return { status: null, delivered: false, error: 'event missing from the store', durationMs: 0 };
    const secret = await this.deps.receivers.secretOf(delivery.partner_id);
    return sendWebhookAttempt({ url: delivery.url, body: event.body, signature: signWebhookBody(event.body, secret), agents: this.agents });
  }

  /**
   * The outcome on the delivery (succeeded, failed for good, or pending until the next attempt of the
   * schedule) and the attempt in its log, together; only while this instance still holds the lease: one
   * that lost it (the attempt took longer than the lease) leaves the delivery to the instance that took it over.
   * A first attempt of a delivery that overtakes a held one (an out-of-order fault) makes the held one due.
   */
  private async record(delivery: Delivery, startedAt: Date, result: AttemptResult): Promise<void> {
    const number = delivery.attempts + 1;
    const finishedAt = this.deps.clock();
    const retryDelay = result.delivered ? null : webhookRetryDelay(number);
    const outcome: Delivery = {
      ...delivery,
      attempts: number,
      state: result.delivered ? 'succeeded' : retryDelay === null ? 'failed' : 'pending',
      next_attempt_at: retryDelay === null ? null : new Date(finishedAt.getTime() + retryDelay),
      updated_at: finishedAt,
    };
    const recorded = await this.deps.transaction(async (tx) => {
      if (!(await tx.webhooks.completeAttempt(outcome, this.deps.instance))) return false;
      await tx.webhooks.insertAttempt({
        delivery_id: delivery.id,
        number,
        started_at: startedAt,
        duration_ms: result.durationMs,
        status_code: result.status,
        error: result.delivered ? null : (result.error ?? null),
        succeeded: result.delivered,
      });
      if (number === 1 && delivery.overtakes !== null) await tx.webhooks.releaseHeld(delivery.partner_id, delivery.overtakes, finishedAt);
      return true;
    });
    if (recorded) this.deps.attempted?.(result.delivered ? 'delivered' : outcome.state === 'pending' ? 'retried' : 'failed');
  }
}
