// The webhook trigger's view of the contract: the nine events, the first example of each, a payload held
// against its event's schema, and how an attempt is reported. Signing, sending, the retry schedule and the
// event ids are the webhook wire's (client/webhook-wire.ts), the same the service sends with.
import type { NumberedWebhookAttempt } from '../client/webhooks';
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

export function describeAttempt(a: NumberedWebhookAttempt, total: number, next: number | null): string {
  const outcome = a.status !== null ? `HTTP ${a.status}` : a.error;
  const then = a.delivered ? 'delivered' : next === null ? 'giving up: the delivery stays in the delivery logs' : `retrying in ${formatMs(next)}`;
  return `attempt ${a.number}/${total}: ${outcome} in ${a.durationMs} ms → ${then}`;
}

export function formatMs(ms: number): string {
  if (ms % 60_000 === 0 && ms >= 60_000) return `${ms / 60_000} min`;
  if (ms % 1000 === 0 && ms >= 1000) return `${ms / 1000} s`;
  return `${ms} ms`;
}
