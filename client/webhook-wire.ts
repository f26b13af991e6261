// The webhook wire: how one event travels to a receiver (section 6 of the specification, `x-webhook-delivery`
// of the contract), written once for everything that sends one: the reference server's delivery worker, the
// mock's trigger, the receiver check, and a partner testing their own receiver. The event id format and the
// stamp; one attempt (the exact bytes, signed, with the service's User-Agent, a 2xx within the time limit)
// and what its outcome means; the retry schedule; and a delivery that follows the schedule in this process.
import { randomBytes } from 'node:crypto';
import { Agent as HttpAgent, request as httpRequest, type ClientRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { API_VERSION, SIGNATURE_HEADER, WEBHOOK_RETRY_DELAYS_MS, WEBHOOK_TIMEOUT_MS } from '../generated/constants';
import { failureCause, isClosedUnderfoot, isConnectionFailure } from './request-failure';
import { signWebhookBody } from './webhook-signature';

/** The `User-Agent` of every delivery: the product and the API version of the contract the sender was built from. */
export const WEBHOOK_USER_AGENT = `partner-messaging-webhooks/${API_VERSION}`;

/**
 * The `User-Agent` of a sender standing in for the service (a trigger, a check): the service's product token,
 * so a receiver treats it alike, with the sender named in a comment (RFC 9110, section 10.1.5).
 */
export const webhookUserAgent = (sender: string) => `${WEBHOOK_USER_AGENT} (${sender})`;

/** Crockford's base32, the alphabet of ULIDs: no I, L, O or U. */
const ULID_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * A new event id: `evt_` and a ULID, as in the contract's examples: 26 characters of Crockford's base32, the
 * first 10 the time in milliseconds, the other 16 eighty random bits. Ids of different milliseconds sort by
 * time. The contract asks only `^evt_[0-9A-Za-z]{10,64}$`; receivers dedupe on the id, never parse it.
 */
export function newWebhookEventId(at: Date = new Date()): string {
  let time = at.getTime();
  let head = '';
  for (let i = 0; i < 10; i += 1) {
    head = ULID_ALPHABET[time % 32]! + head;
    time = Math.floor(time / 32);
  }
  let tail = '';
  let bits = 0;
  let value = 0;
  for (const byte of randomBytes(10)) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      tail += ULID_ALPHABET[(value >> bits) & 31]!;
    }
    value &= (1 << bits) - 1;
  }
  return `evt_${head}${tail}`;
}

/** What the sender sets on every payload when the event happens. */
export interface WebhookStamp {
  event_id: string;
  timestamp: string;
}

/**
 * `event` as a new event: a new `event_id` and the time it happened, leading the payload. A stamp it already
 * carries is replaced, so a receiver that dedupes on `event_id` takes a resent example for a new event.
 */
export function stampWebhookEvent<Event extends object>(event: Event, at: Date = new Date()): Event & WebhookStamp {
  const stamp: WebhookStamp = { event_id: newWebhookEventId(at), timestamp: at.toISOString() };
  return Object.assign({ ...stamp }, event, stamp);
}

/** Connections reused from one attempt to the next, for a sender of many deliveries. */
export interface WebhookAgents {
  http: HttpAgent;
  https: HttpsAgent;
}

/**
 * Keep-alive connections for `sendWebhookAttempt`; `destroy` them when done sending. A receiver may close an
 * idle connection just as an attempt goes out on it: the attempt then goes again on a new connection.
 */
export function keepAliveAgents(): WebhookAgents & { destroy(): void } {
  const http = new HttpAgent({ keepAlive: true });
  const https = new HttpsAgent({ keepAlive: true });
  return { http, https, destroy: () => (http.destroy(), https.destroy()) };
}

export interface WebhookAttempt {
  url: string;
  /** The exact bytes to send: they are what is signed. */
  body: Buffer | string;
  /** The X-Service-Signature value (`signWebhookBody(body, secret)`), or null to send none. */
  signature: string | null;
  /** How long the receiver has to answer in full; the contract's 5 s unless given. */
  timeoutMs?: number;
  /** `WEBHOOK_USER_AGENT` unless given. */
  userAgent?: string;
  /** Connections to reuse; without them the attempt opens a connection of its own, closed after it. */
  agents?: WebhookAgents;
}

/**
 * Why an attempt has no HTTP status: no connection could be opened (nothing listens at the URL, unknown host,
 * not an http(s) URL), no complete answer within the time limit, or the connection broke (reset, closed, not HTTP).
 */
export type WebhookAttemptFailure = 'no-connection' | 'timeout' | 'broken';

export interface WebhookAttemptOutcome {
  /** The HTTP status, or null when the receiver did not answer. */
  status: number | null;
  /** Acknowledged (a 2xx); anything else is retried on the schedule. */
  delivered: boolean;
  failure?: WebhookAttemptFailure;
  /** Why it was not delivered, in a few words: `non-2xx answer 500`, `timeout after 5000 ms`, `ECONNREFUSED`. */
  error?: string;
  /** Epoch milliseconds when the request started. */
  startedAt: number;
  /** Until the whole answer was read. */
  durationMs: number;
}

/** Only a 2xx acknowledges a delivery; a redirect is not followed and counts as a failed attempt. */
export const acknowledges = (status: number | null): boolean => status !== null && status >= 200 && status < 300;

/**
 * One POST of a delivery, as the service makes it: no redirect followed, the whole answer read within the
 * time limit. Resolves to the outcome; never rejects.
 */
export function sendWebhookAttempt(attempt: WebhookAttempt): Promise<WebhookAttemptOutcome> {
  const timeoutMs = attempt.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  const body = typeof attempt.body === 'string' ? Buffer.from(attempt.body) : attempt.body;
  const headers: Record<string, string | number> = {
    'Content-Type': 'application/json',
    'User-Agent': attempt.userAgent ?? WEBHOOK_USER_AGENT,
    'Content-Length': body.length,
  };
  if (attempt.signature !== null) headers[SIGNATURE_HEADER] = attempt.signature;
  const startedAt = Date.now();
  const started = performance.now();
  return new Promise<WebhookAttemptOutcome>((resolve) => {
    let settled = false;
    let timer: NodeJS.Timeout | undefined;
    const settle = (status: number | null, failure?: { failure: WebhookAttemptFailure; error: string }) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      const delivered = acknowledges(status);
      const error = failure?.error ?? (delivered ? undefined : `non-2xx answer ${status}`);
      resolve({ status, delivered, failure: failure?.failure, error, startedAt, durationMs: Math.round(performance.now() - started) });
    };
    try {
      const url = new URL(attempt.url);
      const https = url.protocol === 'https:';
      const agent = attempt.agents ? (https ? attempt.agents.https : attempt.agents.http) : false;
      let sending: ClientRequest | undefined;
      timer = setTimeout(() => {
        settle(null, { failure: 'timeout', error: `timeout after ${timeoutMs} ms` });
        sending?.destroy();
      }, timeoutMs);
      const send = () => {
        let answered = false;
        const request = (https ? httpsRequest : httpRequest)(url, { method: 'POST', headers, agent }, (res) => {
          answered = true;
          res.on('data', () => undefined);
          res.on('end', () => settle(res.statusCode ?? null));
          res.on('error', (e) => settle(null, { failure: 'broken', error: failureCause(e, timeoutMs) }));
        });
        sending = request;
        request.on('error', (e) => {
          // The receiver closed a kept-alive connection as this attempt went out on it (its idle timeout and our
          // reuse crossed): nothing was answered, so it goes again on another connection, within the same time limit.
          if (request.reusedSocket && !answered && !settled && isClosedUnderfoot(e)) return send();
          settle(null, { failure: isConnectionFailure(e) ? 'no-connection' : 'broken', error: failureCause(e, timeoutMs) });
        });
        request.end(body);
      };
      send();
    } catch (e) {
      // not a URL, or not an http(s) one: nothing could be opened
      settle(null, { failure: 'no-connection', error: failureCause(e) });
    }
  });
}

/**
 * The wait after the `failedAttempts`-th failed attempt (1 or more) of a delivery before the next one, or null
 * when none is left. The contract's schedule retries a failed first attempt immediately, then after 10 s, 60 s
 * and 5 minutes: five attempts in all.
 */
export function webhookRetryDelay(failedAttempts: number, schedule: readonly number[] = WEBHOOK_RETRY_DELAYS_MS): number | null {
  return schedule[failedAttempts - 1] ?? null;
}

export interface WebhookDeliveryOptions {
  url: string;
  secret: string;
  /** The exact bytes to send: they are what is signed. */
  body: Buffer | string;
  /** The waits before each retry (the contract's schedule unless given). */
  schedule?: readonly number[];
  timeoutMs?: number;
  userAgent?: string;
  agents?: WebhookAgents;
  sleep?: (ms: number) => Promise<void>;
  /** After each attempt, with the wait before the next one (null: none follows). */
  onAttempt?: (attempt: NumberedWebhookAttempt, nextDelayMs: number | null) => void;
}

export interface NumberedWebhookAttempt extends WebhookAttemptOutcome {
  /** 1 for the first attempt. */
  number: number;
  /** How long was waited before it, in ms. */
  delayMs: number;
}

export interface WebhookDeliveryResult {
  delivered: boolean;
  attempts: NumberedWebhookAttempt[];
  /** The X-Service-Signature every attempt carried. */
  signature: string;
}

const sleepFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Delivers one signed body as the service does, in this process: attempts on the retry schedule until one is
 * acknowledged or none is left. For testing a receiver; the service itself keeps its schedule in its store.
 */
export async function deliverWebhook(options: WebhookDeliveryOptions): Promise<WebhookDeliveryResult> {
  const sleep = options.sleep ?? sleepFor;
  const signature = signWebhookBody(options.body, options.secret);
  const attempts: NumberedWebhookAttempt[] = [];
  for (let number = 1, delayMs = 0; ; number += 1) {
    if (delayMs > 0) await sleep(delayMs);
    const { url, body, timeoutMs, userAgent, agents } = options;
    const outcome = await sendWebhookAttempt({ url, body, signature, timeoutMs, userAgent, agents });
    const attempt = { ...outcome, number, delayMs };
    attempts.push(attempt);
    const next = attempt.delivered ? null : webhookRetryDelay(number, options.schedule);
    options.onAttempt?.(attempt, next);
    if (next === null) return { delivered: attempt.delivered, attempts, signature };
    delayMs = next;
  }
}
