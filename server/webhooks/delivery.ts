// Webhook delivery (section 6): events are stamped, serialized once and persisted; each delivery sends
// the exact stored bytes signed with the shared signWebhookBody, waits at most 5 s for a 2xx, and is
// retried on the contract's schedule. Every attempt is logged; pending deliveries live in the store with
// their next attempt time, so a restart resumes them.
import { performance } from 'node:perf_hooks';
import { signWebhookBody } from '../../client/webhooks';
import { SIGNATURE_HEADER, WEBHOOK_EVENTS, WEBHOOK_MAX_ATTEMPTS, WEBHOOK_RETRY_DELAYS_MS, WEBHOOK_TIMEOUT_MS } from '../../generated/constants';
import type { Clock } from '../domain/clock';
import { badRequest, notFound } from '../domain/errors';
import type { EventPublisher, NewWebhookEvent, WebhookPayload } from '../domain/events';
import type { IdGenerator } from '../domain/ids';
import type { Delivery, DeliveryAttempt, StoredEvent, WebhookConfig, WebhookEventKind } from '../store/records';
import type { WebhookRepository } from '../store/repositories';

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
  clock: Clock;
  ids: IdGenerator;
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
  /** Ids of the deliveries whose attempt is under way. */
  private readonly inFlight = new Set<string>();
  private idleWaiters: Array<() => void> = [];
  private closed = false;

  constructor(private readonly deps: WebhookDeliveryDeps) {
    this.transport = deps.transport ?? fetchTransport;
    this.timeoutMs = deps.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  }

  /** The receiver configuration, created with a fresh signing secret on first use. */
  config(): WebhookConfig {
    const existing = this.deps.repo.config();
    if (existing) return existing;
    const created: WebhookConfig = { url: null, events: [], secret: this.newSecret(), updated_at: this.deps.clock() };
    this.deps.repo.saveConfig(created);
    return created;
  }

  /** Sandbox: set the receiver URL, the selected kinds (empty = all) and/or the secret (`rotate` issues a new one). */
  configure(change: { url?: string | null; events?: string[]; secret?: string; rotateSecret?: boolean }): WebhookConfig {
    const current = this.config();
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
    this.deps.repo.saveConfig(next);
    return next;
  }

  /**
   * Stamps `event_id` and `timestamp`, serializes the payload once, persists it and, when a receiver is
   * set and the kind is selected, queues a delivery due now. Returns the stamped payload.
   */
  publish(event: NewWebhookEvent): WebhookPayload {
    const now = this.deps.clock();
    const { event: kind, client_ref: clientRef } = event;
    const payload = { event_id: this.deps.ids.id('evt'), timestamp: now.toISOString(), ...event } as WebhookPayload;
    const stored: StoredEvent = { event_id: payload.event_id, event: kind, client_ref: clientRef, body: JSON.stringify(payload), created_at: now };
    this.deps.repo.insertEvent(stored);
    const config = this.config();
    if (config.url !== null && (config.events.length === 0 || config.events.includes(kind))) {
      this.queue(stored, config.url, 'automatic');
    }
    return payload;
  }

  /** Manual redelivery of an event (by event id or delivery id) to the current receiver URL. */
  redeliver(ref: string): Delivery {
    const event = this.deps.repo.findEvent(ref) ?? this.eventOfDelivery(ref);
    if (!event) throw notFound(`No event or delivery ${ref}.`);
    const url = this.config().url;
    if (url === null) throw badRequest('No receiver URL is configured; set one first.');
    return this.queue(event, url, 'manual');
  }

  /** Delivery logs, newest first, each with every attempt. */
  logs(filter: { eventId?: string; event?: string; state?: Delivery['state']; limit?: number } = {}): DeliveryLogEntry[] {
    return this.deps.repo.listDeliveries({ ...filter, limit: filter.limit ?? 50 }).map((delivery) => this.logEntry(delivery));
  }

  logOf(deliveryId: string): DeliveryLogEntry {
    const delivery = this.deps.repo.findDelivery(deliveryId);
    if (!delivery) throw notFound(`No delivery ${deliveryId}.`);
    return this.logEntry(delivery);
  }

  /** The exact bytes stored for an event. */
  bodyOf(eventId: string): string {
    const event = this.deps.repo.findEvent(eventId);
    if (!event) throw notFound(`No event ${eventId}.`);
    return event.body;
  }

  /** Starts every attempt due now, as far as slots are free; attempts that end start the next due ones. */
  runDue(): void {
    if (this.closed) return;
    const free = MAX_CONCURRENT_ATTEMPTS - this.inFlight.size;
    if (free <= 0) return;
    let due: Delivery[];
    try {
      due = this.deps.repo.dueDeliveries(this.deps.clock()).filter((d) => !this.inFlight.has(d.id));
    } catch (error) {
      this.deps.onError?.(error);
      return;
    }
    for (const delivery of due.slice(0, free)) {
      this.inFlight.add(delivery.id);
      this.attempt(delivery)
        .catch((error: unknown) => this.deps.onError?.(error))
        .finally(() => {
          this.inFlight.delete(delivery.id);
          this.runDue();
          if (this.inFlight.size === 0) this.settle();
        });
    }
    if (this.inFlight.size === 0) this.settle();
  }

  /** Resolves once no attempt is under way (attempts due meanwhile included). */
  idle(): Promise<void> {
    if (this.inFlight.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private settle(): void {
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const resolve of waiters) resolve();
  }

  nextDueAt(): Date | undefined {
    return this.deps.repo.nextDueAt();
  }

  close(): void {
    this.closed = true;
  }

  private queue(event: StoredEvent, url: string, trigger: Delivery['trigger']): Delivery {
    const now = this.deps.clock();
    const delivery: Delivery = {
      id: this.deps.ids.id('dlv'),
      event_id: event.event_id,
      url,
      state: 'pending',
      trigger,
      attempts: 0,
      next_attempt_at: now,
      created_at: now,
      updated_at: now,
    };
    this.deps.repo.insertDelivery(delivery);
    this.runDue();
    return delivery;
  }

  private async attempt(delivery: Delivery): Promise<void> {
    const event = this.deps.repo.findEvent(delivery.event_id);
    const number = delivery.attempts + 1;
    const startedAt = this.deps.clock();
    let outcome: { statusCode: number | null; error: string | null };
    const t0 = performance.now();
    if (!event) {
      outcome = { statusCode: null, error: 'event missing from the store' };
    } else {
      const secret = this.config().secret;
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
    this.deps.repo.insertAttempt({
      delivery_id: delivery.id,
      number,
      started_at: startedAt,
      duration_ms: durationMs,
      status_code: outcome.statusCode,
      error: succeeded ? null : (outcome.error ?? `non-2xx answer ${outcome.statusCode}`),
      succeeded,
    });
    const next = succeeded ? null : nextAttemptAt(number, finishedAt);
    this.deps.repo.updateDelivery({
      ...delivery,
      attempts: number,
      state: succeeded ? 'succeeded' : next === null ? 'failed' : 'pending',
      next_attempt_at: next,
      updated_at: finishedAt,
    });
  }

  private logEntry(delivery: Delivery): DeliveryLogEntry {
    const event = this.deps.repo.findEvent(delivery.event_id);
    return {
      delivery,
      event: event?.event ?? 'webhook.test',
      client_ref: event?.client_ref ?? '',
      attempts: this.deps.repo.attemptsOf(delivery.id),
    };
  }

  private eventOfDelivery(deliveryId: string): StoredEvent | undefined {
    const delivery = this.deps.repo.findDelivery(deliveryId);
    return delivery && this.deps.repo.findEvent(delivery.event_id);
  }

  private newSecret(): string {
    return `whsec_${this.deps.ids.secret(24)}`;
  }
}
