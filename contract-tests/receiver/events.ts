// The event kinds and example payloads the receiver check sends, read from the `webhooks:` of openapi.yaml.
// This is the check's only use of the contract reader; every payload it builds is held against the
// event's schema before it is sent.
import { stampWebhookEvent } from '../../client/webhooks';
import { payloadViolations } from '../../mock/webhooks';
import { contract } from '../../spec';

export type Payload = Record<string, unknown>;

export interface EventSample {
  event: string;
  /** The example's name in openapi.yaml. */
  example: string;
  payload: Payload;
}

/** Every example of every webhook event, in document order. */
export function eventSamples(): EventSample[] {
  return contract().webhooks.flatMap(({ event, examples }) =>
    Object.entries(examples).map(([example, payload]) => ({ event, example, payload: payload as Payload })),
  );
}

export function eventSample(event: string, example: string): EventSample {
  const sample = eventSamples().find((s) => s.event === event && s.example === example);
  if (!sample) throw new Error(`openapi.yaml has no example ${example} of webhook ${event}`);
  return sample;
}

/** The payload as a new event: a new event_id and timestamp, so no delivery of the check is a duplicate by accident. */
export const asNewEvent = (payload: Payload, now?: Date): Payload => stampWebhookEvent(payload, now);

/** Throws when a payload the check built breaks its event's schema: the check only sends what the service may send. */
export function assertValidEvent(event: string, payload: unknown): void {
  const violations = payloadViolations(event, payload);
  if (violations.length) throw new Error(`receiver check: its ${event} payload breaks openapi.yaml:\n  ${violations.join('\n  ')}`);
}
