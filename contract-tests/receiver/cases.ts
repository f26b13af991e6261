// What the receiver check sends and what it expects back, as one table. Signatures come from the one
// signing implementation (client/webhooks.ts); bodies from bodies.ts; payloads from openapi.yaml's examples.
import { randomUUID } from 'node:crypto';
import { SIGNATURE_HEADER, signWebhookBody } from '../../client/webhooks';
import { formatMs } from '../../mock/webhooks';
import { canonicalBytes, nonCanonicalBytes, reserialised, withUnknownFields } from './bodies';
import { asNewEvent, assertValidEvent, eventSample, eventSamples, type Payload } from './events';

/** `event`: every example of the contract; `refuse`: what must get 401; `accept`: what must get a 2xx although it looks unusual. */
export type CaseGroup = 'event' | 'refuse' | 'accept';

export interface Delivery {
  body: Buffer;
  /** The X-Service-Signature value, or null for none. */
  signature: string | null;
}

export interface Expectation {
  /** As printed: `2xx`, `401`, `400 or 401`. */
  label: string;
  holds(status: number): boolean;
}

export interface ReceiverCase {
  group: CaseGroup;
  name: string;
  expect: Expectation;
  /** Sent in order, one after the other; each answer must meet the expectation. */
  deliveries: Delivery[];
  /** What a failure says about the receiver. */
  defect: string;
}

const ACKNOWLEDGED: Expectation = { label: '2xx', holds: (status) => status >= 200 && status < 300 };
/** Section 6 rule 1: "reject mismatches with 401". */
const SIGNATURE_REFUSED: Expectation = { label: '401', holds: (status) => status === 401 };
/** Nothing to verify and nothing to parse: the webhook responses of openapi.yaml allow the 401, and 400 is a malformed request. */
const EMPTY_REFUSED: Expectation = { label: '400 or 401', holds: (status) => status === 400 || status === 401 };

export interface CaseOptions {
  secret: string;
  /** The acknowledgement time limit of the run (5 s unless a stricter one was asked for). */
  limitMs: number;
  now?: () => Date;
  /** A message id no earlier run used, for the out-of-order statuses. */
  newMessageId?: () => string;
}

export function receiverCases(o: CaseOptions): ReceiverCase[] {
  const now = o.now ?? (() => new Date());
  const sign = (body: Buffer) => signWebhookBody(body, o.secret);
  const newEvent: NewEvent = (event, payload, at = now()) => {
    const fresh = asNewEvent(payload, at);
    assertValidEvent(event, fresh);
    return fresh;
  };
  const signed = (body: Buffer): Delivery => ({ body, signature: sign(body) });
  const sample = (event: string, example: string) => newEvent(event, eventSample(event, example).payload);
  const within = formatMs(o.limitMs);
  const digest = (body: Buffer) => sign(body).slice('sha256='.length);

  const events: ReceiverCase[] = eventSamples().map(({ event, example, payload }) => ({
    group: 'event',
    name: `${event} (${example}) is acknowledged with a 2xx within ${within}`,
    expect: ACKNOWLEDGED,
    deliveries: [signed(canonicalBytes(newEvent(event, payload)))],
    defect: `every event kind must be acknowledged with a 2xx within ${within}, also a kind the receiver does not handle`,
  }));

  const received = () => canonicalBytes(sample('message.received', 'chat_text'));
  const refusals: ReceiverCase[] = [
    {
      group: 'refuse',
      name: 'a signature made with another secret is refused with 401',
      expect: SIGNATURE_REFUSED,
      deliveries: [((body) => ({ body, signature: signWebhookBody(body, `not-${o.secret}`) }))(received())],
      defect: 'it acknowledges a delivery that was not signed with its signing secret',
    },
    {
      group: 'refuse',
      name: 'a signature over the re-serialised body instead of the bytes sent is refused with 401',
      expect: SIGNATURE_REFUSED,
      deliveries: [((body) => ({ body, signature: sign(reserialised(body)) }))(nonCanonicalBytes(sample('message.reaction', 'chat_react')))],
      defect: 'it verifies JSON.stringify(JSON.parse(body)) instead of the raw bytes received',
    },
    {
      group: 'refuse',
      name: `a delivery without ${SIGNATURE_HEADER} is refused with 401`,
      expect: SIGNATURE_REFUSED,
      deliveries: [{ body: received(), signature: null }],
      defect: 'it acknowledges unsigned deliveries',
    },
    {
      group: 'refuse',
      name: 'a signature with another scheme prefix (sha1=) is refused with 401',
      expect: SIGNATURE_REFUSED,
      deliveries: [((body) => ({ body, signature: `sha1=${digest(body)}` }))(received())],
      defect: 'it does not check the sha256= scheme prefix',
    },
    {
      group: 'refuse',
      name: 'a truncated signature is refused with 401',
      expect: SIGNATURE_REFUSED,
      deliveries: [((body) => ({ body, signature: `sha256=${digest(body).slice(0, 32)}` }))(received())],
      defect: 'it does not compare the whole signature (a prefix comparison, or unequal lengths that throw)',
    },
    {
      group: 'refuse',
      name: 'an empty body is refused with 400 or 401',
      expect: EMPTY_REFUSED,
      deliveries: [signed(Buffer.alloc(0))],
      defect: 'it acknowledges an empty body as if it were an event',
    },
  ];

  const duplicate = signed(canonicalBytes(sample('message.received', 'chat_text')));
  const acceptances: ReceiverCase[] = [
    {
      group: 'accept',
      name: 'a correctly signed body in non-canonical JSON (key order, whitespace, escaped unicode) is acknowledged',
      expect: ACKNOWLEDGED,
      deliveries: [signed(nonCanonicalBytes(sample('message.reaction', 'chat_react')))],
      defect: 'it verifies a re-serialisation of the parsed body instead of the raw bytes received',
    },
    {
      group: 'accept',
      name: 'a payload with unknown fields is acknowledged',
      expect: ACKNOWLEDGED,
      deliveries: [signed(canonicalBytes(newEvent('message.received', withUnknownFields(sample('message.received', 'chat_text')))))],
      defect: 'it refuses fields it does not know; the contract adds fields within /v1 and receivers ignore them',
    },
    {
      group: 'accept',
      name: 'a duplicate delivery (same event_id, same bytes) is acknowledged each time',
      expect: ACKNOWLEDGED,
      deliveries: [duplicate, duplicate],
      defect: 'deliveries can arrive more than once; a duplicate must be acknowledged too (dedupe on event_id)',
    },
    {
      group: 'accept',
      name: 'message statuses out of order (read, then delivered, then sent) are each acknowledged',
      expect: ACKNOWLEDGED,
      deliveries: statusesOutOfOrder(o.newMessageId?.() ?? `wamid.receiver-check-${randomUUID()}`, now(), newEvent).map((p) => signed(canonicalBytes(p))),
      defect: 'statuses can arrive out of order; keep the furthest and acknowledge every delivery',
    },
  ];
  return [...events, ...refusals, ...acceptances];
}

/** A new event (event_id, timestamp) built from a payload, checked against its schema. */
type NewEvent = (event: string, payload: Payload, at?: Date) => Payload;

/** Three message.status events of one message that happened sent → delivered → read, delivered in reverse. */
function statusesOutOfOrder(messageId: string, now: Date, newEvent: NewEvent): Payload[] {
  const base = eventSample('message.status', 'delivered').payload;
  const [first] = base.statuses as Payload[];
  const happened = (['sent', 'delivered', 'read'] as const).map((status, i) => {
    const at = new Date(now.getTime() - (3 - i) * 1000);
    return newEvent('message.status', { ...base, statuses: [{ ...first, id: messageId, status, timestamp: at.toISOString() }] }, at);
  });
  return happened.reverse();
}
