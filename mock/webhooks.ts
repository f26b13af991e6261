// Fires one signed webhook event the way the service does (section 6): the exact bytes sent are signed with
// signWebhookBody (client/webhooks.ts, the one signing implementation), a non-2xx answer or a timeout is
// retried on WEBHOOK_RETRY_DELAYS_MS, and every attempt is reported with its status and duration.
import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { signWebhookBody } from '../client/webhooks';
import { failureCause, isConnectionFailure } from '../contract-tests/reachability';
import { SIGNATURE_HEADER, WEBHOOK_RETRY_DELAYS_MS, WEBHOOK_TIMEOUT_MS } from '../generated/constants';
import { contract } from '../spec';

export const webhookEvents = (): string[] => contract().webhooks.map((w) => w.event);

/** The first example of the event's request body in openapi.yaml `webhooks:`. */
export function defaultPayload(event: string): unknown {
  const entry = contract().webhook(event);
  if (!entry) throw new Error(`unknown event ${event}; one of: ${webhookEvents().join(', ')}`);
  const first = Object.values(entry.examples)[0];
  if (first === undefined) throw new Error(`openapi.yaml has no example for webhook ${event}`);
  return first;
}

/** Violations of the event's schema in openapi.yaml (empty when the payload holds it). */
export function payloadViolations(event: string, payload: unknown): string[] {
  const pointer = contract().webhook(event)?.schemaPointer;
  if (!pointer) return [`unknown event ${event}`];
  return contract()
    .validators.errors(pointer, payload)
    .map((e) => `${e.instancePath || '/'} ${e.message}`);
}

/** A new event_id and timestamp, so receivers that dedupe on event_id treat the delivery as a new event. */
export function freshen(payload: Record<string, unknown>, now = new Date()): Record<string, unknown> {
  const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
  const id = [...randomBytes(26)].map((b) => alphabet[b % 32]).join('');
  return { ...payload, event_id: `evt_${id}`, timestamp: now.toISOString() };
}

export interface Attempt {
  attempt: number;
  /** Delay waited before this attempt, in ms. */
  delayMs: number;
  /** HTTP status, or null when the receiver did not answer (timeout or network error). */
  status: number | null;
  error?: string;
  durationMs: number;
  ok: boolean;
}

export interface FireOptions {
  url: string;
  secret: string;
  /** The exact bytes to send (they are what is signed). */
  body: Buffer;
  /** Waits before each retry after a failed attempt (default: the service's schedule). */
  retryDelaysMs?: readonly number[];
  timeoutMs?: number;
  sleep?: (ms: number) => Promise<void>;
  onAttempt?: (a: Attempt, next: number | undefined) => void;
}

export interface FireResult {
  delivered: boolean;
  attempts: Attempt[];
  signature: string;
}

const defaultSleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export interface DeliveryRequest {
  url: string;
  /** The exact bytes to send. */
  body: Buffer;
  /** The X-Service-Signature value, or null to send none. */
  signature: string | null;
  timeoutMs: number;
  userAgent: string;
}

export interface DeliveryAnswer {
  /** HTTP status, or null when the receiver did not answer (timeout or network error). */
  status: number | null;
  error?: string;
  /**
   * Why there is no status: no connection could be opened (nothing listens at the URL, unknown host), no
   * complete answer within the time limit, or the connection broke (reset, closed, not HTTP).
   */
  failure?: 'no-connection' | 'timeout' | 'broken';
  /** Epoch milliseconds when the request started. */
  startedAt: number;
  /** Until the whole answer was read. */
  durationMs: number;
}

/**
 * One POST of a webhook delivery, as the service makes it: a connection of its own (no keep-alive reuse
 * across deliveries), no redirect followed, the whole answer read within the time limit.
 */
export function deliverOnce(o: DeliveryRequest): Promise<DeliveryAnswer> {
  const startedAt = Date.now();
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const headers: Record<string, string | number> = { 'Content-Type': 'application/json', 'User-Agent': o.userAgent, 'Content-Length': o.body.length };
  if (o.signature !== null) headers[SIGNATURE_HEADER] = o.signature;
  const url = new URL(o.url);
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<DeliveryAnswer>((resolve) => {
    let settled = false;
    const settle = (answer: Omit<DeliveryAnswer, 'startedAt' | 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...answer, startedAt, durationMs: elapsed() });
    };
    const req = send(url, { method: 'POST', headers, agent: false }, (res) => {
      res.on('data', () => undefined);
      res.on('end', () => settle({ status: res.statusCode ?? null }));
      res.on('error', (e) => settle({ status: null, error: failureCause(e, o.timeoutMs), failure: 'broken' }));
    });
    const timer = setTimeout(() => {
      settle({ status: null, error: `timeout after ${o.timeoutMs} ms`, failure: 'timeout' });
      req.destroy();
    }, o.timeoutMs);
    req.on('error', (e) => settle({ status: null, error: failureCause(e, o.timeoutMs), failure: isConnectionFailure(e) ? 'no-connection' : 'broken' }));
    req.end(o.body);
  });
}

export async function fireWebhook(o: FireOptions): Promise<FireResult> {
  const retryDelays = o.retryDelaysMs ?? WEBHOOK_RETRY_DELAYS_MS;
  const timeoutMs = o.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  const sleep = o.sleep ?? defaultSleep;
  const signature = signWebhookBody(o.body, o.secret);
  const attempts: Attempt[] = [];
  for (let i = 0; i <= retryDelays.length; i++) {
    const delayMs = i === 0 ? 0 : retryDelays[i - 1]!;
    if (delayMs > 0) await sleep(delayMs);
    const { status, error, durationMs } = await deliverOnce({ url: o.url, body: o.body, signature, timeoutMs, userAgent: 'partner-messaging-webhook-trigger' });
    const attempt: Attempt = { attempt: i + 1, delayMs, status, error, durationMs, ok: status !== null && status >= 200 && status < 300 };
    attempts.push(attempt);
    const next = attempt.ok ? undefined : retryDelays[i];
    o.onAttempt?.(attempt, next);
    if (attempt.ok) return { delivered: true, attempts, signature };
  }
  return { delivered: false, attempts, signature };
}

export function describeAttempt(a: Attempt, total: number, next: number | undefined): string {
  const outcome = a.status !== null ? `HTTP ${a.status}` : a.error;
  const then = a.ok ? 'delivered' : next === undefined ? 'giving up: the delivery stays in the delivery logs' : `retrying in ${formatMs(next)}`;
  return `attempt ${a.attempt}/${total}: ${outcome} in ${a.durationMs} ms → ${then}`;
}

export function formatMs(ms: number): string {
  if (ms % 60_000 === 0 && ms >= 60_000) return `${ms / 60_000} min`;
  if (ms % 1000 === 0 && ms >= 1000) return `${ms / 1000} s`;
  return `${ms} ms`;
}
