// Webhook delivery (section 6): events are stamped, serialized once and persisted; each delivery sends
// the exact stored bytes signed with its partner's secret (the shared signWebhookBody), waits at most 5 s
// for a 2xx, and is retried on the contract's schedule. Every attempt is logged; pending deliveries live in
// the store with their next attempt time, so a restart resumes them. With several instances on one
// database, each due attempt is claimed by one instance under a lease; the attempts of an instance that
// dies are taken over by the others once its leases run out.
import { performance } from 'node:perf_hooks';
import { signWebhookBody } from '../../client/webhooks';
import { SIGNATURE_HEADER, WEBHOOK_EVENTS, WEBHOOK_MAX_ATTEMPTS, WEBHOOK_RETRY_DELAYS_MS, WEBHOOK_TIMEOUT_MS } from '../../generated/constants';
import type { Clock } from '../domain/shared/clock';
import { badRequest, notFound } from '../domain/shared/errors';
import type { EventPublisher, NewWebhookEvent, WebhookPayload } from '../domain/shared/events';
import type { IdGenerator } from '../domain/shared/ids';
import type { Delivery, DeliveryAttempt, PartnerId, StoredEvent, WebhookConfig, WebhookEventKind } from '../store/records';
import type { Store, WebhookRepository } from '../store/repositories';

/**
 * When the attempt after `failedAttempts` failures is due, or null when none is left: the contract
 * (info, Webhooks rule 2) retries a failed first attempt immediately, then after 10 s, 60 s and 5 minutes;
 * `WEBHOOK_RETRY_DELAYS_MS[n - 1]` is the wait after the n-th failed attempt.
 */
export function nextAttemptAt(failedAttempts: number, failedAt: Date): Date | null {
  if (failedAttempts >= WEBHOOK_MAX_ATTEMPTS) return null;
  return new Date(failedAt.getTime() + WEBHOOK_RETRY_DELAYS_MS[failedAttempts - 1]!);
}

/** Sends one signed body; resolves to the outcome, never rejects. */
export type WebhookTransport = (
  url: string,
  body: string,
  headers: Record<string, string>,
  timeoutMs: number,
) => Promise<{ statusCode: number | null; error: string | null }>;

export const fetchTransport: WebhookTransport = async (url, body, headers, timeoutMs) => {
  try {
    const response = await fetch(url, {
      method: 'POST',
      body,
      headers,
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    await response.arrayBuffer().catch(() => undefined);
    return { statusCode: response.status, error: null };
  } catch (error) {
    const e = error as { name?: string; message?: string; cause?: { code?: string; message?: string } };
    if (e.name === 'TimeoutError' || e.name === 'AbortError') return { statusCode: null, error: `timeout after ${timeoutMs} ms` };
    return { statusCode: null, error: e.cause?.code ?? e.cause?.message ?? e.message ?? String(error) };
  }
};

export interface DeliveryLogEntry {
  delivery: Delivery;
  event: WebhookEventKind;
  client_ref: string;
  attempts: DeliveryAttempt[];
}

export interface WebhookDeliveryDeps {
  repo: WebhookRepository;
  /** The store's transaction: an attempt's outcome and its log entry are written together. */
  transaction: Store['transaction'];
  clock: Clock;
  ids: IdGenerator;
  /** This instance's name on the leases it takes (unique among the instances sharing the data). */
  instance: string;
  /**
   * How long a claimed attempt is this instance's alone; past it another instance takes it over (this one
   * died). Longer than an attempt can last (the 5 s receiver timeout).
   */
  leaseMs: number;
  transport?: WebhookTransport;
  timeoutMs?: number;
  onError?: (error: unknown) => void;
}

/** Attempts under way at once, at most; more due attempts wait for a free slot, never for a whole batch. */
export const MAX_CONCURRENT_ATTEMPTS = 32;

/**
 * The EventPublisher of the domain, and the delivery queue behind it. Attempts are independent: each due
 * attempt starts as soon as a slot is free, so a receiver that hangs for its 5 s holds one slot and delays
 * no other delivery (an immediate retry leaves at once).
 */
export class WebhookDelivery implements EventPublisher {
  private readonly transport: WebhookTransport;
  private readonly timeoutMs: number;
  /** Attempts under way in this instance (started, not yet recorded). */
  private underWay = 0;
  /** A claim is being made: a second runDue meanwhile only asks for another round after it. */
  private claiming = false;
  private claimAgain = false;
  private idleWaiters: Array<() => void> = [];
  private closed = false;

  constructor(private readonly deps: WebhookDeliveryDeps) {
    this.transport = deps.transport ?? fetchTransport;
    this.timeoutMs = deps.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
    if (deps.leaseMs <= this.timeoutMs) throw new Error(`The delivery lease (${deps.leaseMs} ms) must be longer than an attempt (${this.timeoutMs} ms).`);
  }

  /** A partner's receiver configuration, created with a fresh signing secret on first use. */
  async config(partnerId: PartnerId): Promise<WebhookConfig> {
    const existing = await this.deps.repo.config(partnerId);
    if (existing) return existing;
    const created: WebhookConfig = { url: null, events: [], secret: this.newSecret(), updated_at: this.deps.clock() };
    await this.deps.repo.saveConfig(partnerId, created);
    return created;
  }

  /** Sandbox: set the receiver URL, the selected kinds (empty = all) and/or the secret (`rotate` issues a new one). */
  async configure(partnerId: PartnerId, change: { url?: string | null; events?: string[]; secret?: string; rotateSecret?: boolean }): Promise<WebhookConfig> {
    const current = await this.config(partnerId);
    if (change.url !== undefined && change.url !== null && !/^https?:\/\/[^\s]+$/.test(change.url)) {
      throw badRequest(`The receiver URL must be an http(s) URL, got "${change.url}".`, { details: { url: ['must be an http(s) URL'] } });
    }
    if (change.events !== undefined) {
      const unknown = change.events.filter((e) => !(WEBHOOK_EVENTS as readonly string[]).includes(e));
      if (unknown.length > 0) {
        throw badRequest(`Unknown event kind(s): ${unknown.join(', ')}.`, { details: { events: [`known: ${WEBHOOK_EVENTS.join(', ')}`] } });
      }
    }
    if (change.secret !== undefined && change.secret.length < 16) {
      throw badRequest('The signing secret must be at least 16 characters.', { details: { secret: ['at least 16 characters'] } });
    }
    const next: WebhookConfig = {
      url: change.url === undefined ? current.url : change.url,
      events: change.events === undefined ? current.events : [...new Set(change.events as WebhookEventKind[])],
      secret: change.rotateSecret ? this.newSecret() : (change.secret ?? current.secret),
      updated_at: this.deps.clock(),
    };
    await this.deps.repo.saveConfig(partnerId, next);
    return next;
  }

  /**
   * Stamps `event_id` and `timestamp`, serializes the payload once, persists it and, when the partner has a
   * receiver set and the kind selected, queues a delivery due now. Returns the stamped payload.
   */
  async publish(partnerId: PartnerId, event: NewWebhookEvent): Promise<WebhookPayload> {
    const now = this.deps.clock();
    const { event: kind, client_ref: clientRef } = event;
    const payload = { event_id: this.deps.ids.id('evt'), timestamp: now.toISOString(), ...event } as WebhookPayload;
    const stored: StoredEvent = {
      event_id: payload.event_id,
      partner_id: partnerId,
      event: kind,
      client_ref: clientRef,
      body: JSON.stringify(payload),
      created_at: now,
    };
    await this.deps.repo.insertEvent(stored);
    const config = await this.config(partnerId);
    if (config.url !== null && (config.events.length === 0 || config.events.includes(kind))) {
      await this.queue(stored, config.url, 'automatic');
    }
    return payload;
  }

  /** Manual redelivery of a partner's event (by event id or delivery id) to its current receiver URL. */
  async redeliver(partnerId: PartnerId, ref: string): Promise<Delivery> {
    const event = (await this.deps.repo.findEvent(partnerId, ref)) ?? (await this.eventOfDelivery(partnerId, ref));
    if (!event) throw notFound(`No event or delivery ${ref}.`);
    const url = (await this.config(partnerId)).url;
    if (url === null) throw badRequest('No receiver URL is configured; set one first.');
    return this.queue(event, url, 'manual');
  }

  /** A partner's delivery logs, newest first, each with every attempt. */
  async logs(partnerId: PartnerId, filter: { eventId?: string; event?: string; state?: Delivery['state']; limit?: number } = {}): Promise<DeliveryLogEntry[]> {
    const deliveries = await this.deps.repo.listDeliveries(partnerId, { ...filter, limit: filter.limit ?? 50 });
    return Promise.all(deliveries.map((delivery) => this.logEntry(delivery)));
  }

  async logOf(partnerId: PartnerId, deliveryId: string): Promise<DeliveryLogEntry> {
    const delivery = await this.deps.repo.findDelivery(partnerId, deliveryId);
    if (!delivery) throw notFound(`No delivery ${deliveryId}.`);
    return this.logEntry(delivery);
  }

  /** The exact bytes stored for a partner's event. */
  async bodyOf(partnerId: PartnerId, eventId: string): Promise<string> {
    const event = await this.deps.repo.findEvent(partnerId, eventId);
    if (!event) throw notFound(`No event ${eventId}.`);
    return event.body;
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
        const now = this.deps.clock();
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

  nextDueAt(): Promise<Date | undefined> {
    return this.deps.repo.nextDueAt();
  }

  close(): void {
    this.closed = true;
  }

  private start(delivery: Delivery): void {
    this.underWay += 1;
    this.attempt(delivery)
      .catch((error: unknown) => this.deps.onError?.(error))
      .finally(() => {
        this.underWay -= 1;
        void this.runDue();
        if (this.underWay === 0 && !this.claiming) this.settle();
      });
  }

  private settle(): void {
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const resolve of waiters) resolve();
  }

  private async queue(event: StoredEvent, url: string, trigger: Delivery['trigger']): Promise<Delivery> {
    const now = this.deps.clock();
    const delivery: Delivery = {
      id: this.deps.ids.id('dlv'),
      partner_id: event.partner_id,
      event_id: event.event_id,
      url,
      state: 'pending',
      trigger,
      attempts: 0,
      next_attempt_at: now,
      created_at: now,
      updated_at: now,
    };
    await this.deps.repo.insertDelivery(delivery);
    void this.runDue();
    return delivery;
  }

  private async attempt(delivery: Delivery): Promise<void> {
    const event = await this.deps.repo.findEvent(delivery.partner_id, delivery.event_id);
    const number = delivery.attempts + 1;
    const startedAt = this.deps.clock();
    let outcome: { statusCode: number | null; error: string | null };
    const t0 = performance.now();
    if (!event) {
      outcome = { statusCode: null, error: 'event missing from the store' };
    } else {
      const secret = (await this.config(delivery.partner_id)).secret;
      outcome = await this.transport(
        delivery.url,
        event.body,
        {
          'Content-Type': 'application/json',
          'User-Agent': 'partner-messaging-webhooks/1.6.0',
          [SIGNATURE_HEADER]: signWebhookBody(event.body, secret),
        },
        this.timeoutMs,
      );
    }
    const durationMs = Math.round(performance.now() - t0);
    const succeeded = outcome.statusCode !== null && outcome.statusCode >= 200 && outcome.statusCode < 300;
    const finishedAt = this.deps.clock();
    const next = succeeded ? null : nextAttemptAt(number, finishedAt);
    const outcomeOf: Delivery = {
      ...delivery,
      attempts: number,
      state: succeeded ? 'succeeded' : next === null ? 'failed' : 'pending',
      next_attempt_at: next,
      updated_at: finishedAt,
    };
    // Recorded only while this instance still holds the lease: one that lost it (it took longer than the
    // lease) leaves the delivery to the instance that took it over.
    await this.deps.transaction(async (tx) => {
      if (!(await tx.webhooks.completeAttempt(outcomeOf, this.deps.instance))) return;
      await tx.webhooks.insertAttempt({
        delivery_id: delivery.id,
        number,
        started_at: startedAt,
        duration_ms: durationMs,
        status_code: outcome.statusCode,
        error: succeeded ? null : (outcome.error ?? `non-2xx answer ${outcome.statusCode}`),
        succeeded,
      });
    });
  }

  private async logEntry(delivery: Delivery): Promise<DeliveryLogEntry> {
    const event = await this.deps.repo.findEvent(delivery.partner_id, delivery.event_id);
    return {
      delivery,
      event: event?.event ?? 'webhook.test',
      client_ref: event?.client_ref ?? '',
      attempts: await this.deps.repo.attemptsOf(delivery.id),
    };
  }

  private async eventOfDelivery(partnerId: PartnerId, deliveryId: string): Promise<StoredEvent | undefined> {
    const delivery = await this.deps.repo.findDelivery(partnerId, deliveryId);
    return delivery && this.deps.repo.findEvent(partnerId, delivery.event_id);
  }

  private newSecret(): string {
    return `whsec_${this.deps.ids.secret(24)}`;
  }
}
