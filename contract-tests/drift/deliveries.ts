// Drifts of an implementation's own webhook deliveries (section 6), made by the relay between the reference
// server and the run's receiver: no retry after a failed attempt, retries without waiting, a new event_id on
// each attempt, no 5 s timeout, signatures in the wrong form, timestamps without milliseconds, events naming
// the wrong client or channel or a message no send returned. And what the specification allows and no case
// may flag: deliveries late, duplicates, reordering, a field that changes from one attempt to the next.
import { createHash, randomUUID } from 'node:crypto';
import { RETRY_CASES, WEBHOOK_CLIENT_CASE, deliveryCases } from '../cases/deliveries';
import { TRANSIT_MS } from '../deliveries/retry-probe';
import { SIGNATURE_HEADER } from '../../client/webhooks';
import { counted, resigned, type Delivery } from './proxy';
import type { RefDrift, RefVariation } from './refs';

const caseNamed = (start: string) => deliveryCases.find((c) => c.name.startsWith(start))!.name;
const SIGNATURE_CASE = caseNamed('webhook deliveries are signed');
const TIMESTAMP_CASE = caseNamed('webhook timestamps');
const CLIENT_CASE = WEBHOOK_CLIENT_CASE;
const eventCase = (event: string) => deliveryCases.find((c) => c.operation === event)!.name;
const TEMPLATE_STATUS_ARRIVES = "a created template's review result arrives as a signed template.status event";

const eventOf = (d: Delivery) => (JSON.parse(d.raw.toString('utf8')) as { event?: string; event_id?: string }).event;
const eventIdOf = (d: Delivery) => (JSON.parse(d.raw.toString('utf8')) as { event_id?: string }).event_id;
const newEventId = () => `evt_${randomUUID().replace(/-/g, '')}`;
const withSignature = (d: Delivery, signature: string): Delivery => ({ raw: d.raw, headers: { ...d.headers, [SIGNATURE_HEADER.toLowerCase()]: signature } });
/** A 204 after `ms`; unref'd, so a race it lost does not hold the process open. */
const sleep = (ms: number) => new Promise<number>((r) => setTimeout(() => r(204), ms).unref());
const isSuccess = (status: number) => status >= 200 && status < 300;
/** A delivery of an event the service never raised, signed as it signs. */
const forged = (sign: (raw: Buffer) => string, payload: Record<string, unknown>): Delivery => {
  const raw = Buffer.from(JSON.stringify(payload));
  return { headers: { 'content-type': 'application/json', [SIGNATURE_HEADER.toLowerCase()]: sign(raw) }, raw };
};

export const DELIVERY_DRIFTS: RefDrift[] = [
  {
    name: 'a failed delivery is never retried (the service takes any answer as delivered)',
    caughtBy: [RETRY_CASES.immediate, RETRY_CASES.schedule],
    behaviour: () => ({ relay: async (d, forward) => (await forward(d), 204) }),
  },
  {
    name: 'retries come all at once, without the 10 s wait',
    caughtBy: [RETRY_CASES.schedule],
    behaviour: () => ({
      relay: async (d, forward) => {
        for (let attempt = 1; attempt <= 5; attempt++) if (isSuccess(await forward(d))) break;
        return 204;
      },
    }),
  },
  {
    name: 'every attempt of an event carries a new event_id',
    caughtBy: [RETRY_CASES.immediate, RETRY_CASES.schedule],
    behaviour: () => {
      const seen = new Set<string>();
      return {
        webhook: (d, sign) => {
          const id = eventIdOf(d)!;
          if (!seen.has(id)) return seen.add(id), d;
          return resigned(d, sign, (e) => ({ ...e, event_id: newEventId() }));
        },
      };
    },
  },
  {
    name: 'a receiver slower than 5 s is waited for, not retried (no timeout)',
    caughtBy: [RETRY_CASES.slow],
    // The service sees a success after 4 s, whatever the receiver does.
    behaviour: () => ({ relay: (d, forward) => Promise.race([forward(d), sleep(4_000)]) }),
  },
  {
    name: 'the signature is in upper-case hex',
    caughtBy: [SIGNATURE_CASE],
    behaviour: () => ({ webhook: (d, sign) => withSignature(d, `sha256=${sign(d.raw).slice('sha256='.length).toUpperCase()}`) }),
  },
  {
    name: 'the signature is a plain SHA-256 of the body, without the signing secret',
    caughtBy: [SIGNATURE_CASE],
    behaviour: () => ({ webhook: (d) => withSignature(d, `sha256=${createHash('sha256').update(d.raw).digest('hex')}`) }),
  },
  {
    name: 'timestamps lack milliseconds',
    caughtBy: [TIMESTAMP_CASE],
    behaviour: () => ({ webhook: (d, sign) => resigned(d, sign, (e) => ({ ...e, timestamp: String(e.timestamp).replace(/\.\d{3}Z$/, 'Z') })) }),
  },
  {
    name: "template.status names another of the partner's clients than the template's",
    caughtBy: [TEMPLATE_STATUS_ARRIVES, CLIENT_CASE, eventCase('template.status')],
    behaviour: (refs) => ({ webhook: (d, sign) => (eventOf(d) === 'template.status' ? resigned(d, sign, (e) => ({ ...e, client_ref: refs.socialClientRef })) : d) }),
  },
  {
    name: 'template.status arrives about a template the partner does not have',
    caughtBy: [eventCase('template.status')],
    behaviour: (refs) => ({
      // Sent ahead of each delivery: a review result about a template id the partner never had.
      relay: async (d, forward, sign) => {
        const template = { id: `99${Date.now()}`, name: 'never_created', language: 'en_US', status: 'APPROVED', reason: null };
        await forward(forged(sign, { event: 'template.status', event_id: newEventId(), channel: 'chat', client_ref: refs.chatClientRef, timestamp: new Date().toISOString(), template }));
        return forward(d);
      },
    }),
  },
  {
    name: 'webhook.test says channel social for a chat client',
    caughtBy: [CLIENT_CASE],
    behaviour: () => ({ webhook: (d, sign) => (eventOf(d) === 'webhook.test' ? resigned(d, sign, (e) => ({ ...e, channel: 'social' })) : d) }),
  },
  {
    name: 'template.status says channel social for a chat client',
    caughtBy: [TEMPLATE_STATUS_ARRIVES, CLIENT_CASE],
    behaviour: () => ({ webhook: (d, sign) => (eventOf(d) === 'template.status' ? resigned(d, sign, (e) => ({ ...e, channel: 'social' })) : d) }),
  },
  {
    name: 'message.status reports a message sent that no send of the run returned',
    caughtBy: [eventCase('message.status')],
    behaviour: (refs) => ({
      // Sent ahead of each delivery: a message sent now, by no send of this run.
      relay: async (d, forward, sign) => {
        const timestamp = new Date().toISOString();
        const statuses = [{ id: `wamid.never-sent-${randomUUID()}`, status: 'sent', recipient_id: '4915112345678', timestamp }];
        await forward(forged(sign, { event: 'message.status', event_id: newEventId(), channel: 'chat', client_ref: refs.chatClientRef, timestamp, statuses }));
        return forward(d);
      },
    }),
  },
];

export const DELIVERY_ALLOWED: RefVariation[] = [
  {
    name: 'every webhook delivery arrives late: 1 to 4 s in transit (its answer reaches the service that much later)',
    behaviour: () => {
      const c = counted();
      let n = 0;
      return {
        // Spread over 1–4 s, the same on every run: the schedule checks may count none of it as a wrong schedule.
        relay: async (d, forward) => {
          await sleep(1_000 + ((n++ * 1_237) % (TRANSIT_MS - 1_000 + 1)));
          c.add();
          return forward(d);
        },
        applications: c.applications,
      };
    },
  },
  {
    name: 'every webhook delivery arrives twice',
    behaviour: () => {
      const c = counted();
      return {
        relay: async (d, forward) => {
          const status = await forward(d);
          await forward(d);
          c.add();
          return status;
        },
        applications: c.applications,
      };
    },
  },
  {
    name: 'webhook deliveries arrive out of order (one held until the next overtakes it)',
    behaviour: () => {
      const c = counted();
      let held: (() => void) | undefined;
      return {
        relay: async (d, forward) => {
          if (held) {
            // This one overtakes the delivery held before it.
            const release = held;
            held = undefined;
            const status = await forward(d);
            release();
            c.add();
            return status;
          }
          await new Promise<void>((resolve) => {
            const timer = setTimeout(() => ((held = undefined), resolve()), 300);
            held = () => (clearTimeout(timer), resolve());
          });
          return forward(d);
        },
        applications: c.applications,
      };
    },
  },
  {
    name: 'webhook payloads carry a field that changes on every attempt',
    behaviour: () => {
      const attempts = new Map<string, number>();
      return {
        webhook: (d, sign) => {
          const id = eventIdOf(d)!;
          attempts.set(id, (attempts.get(id) ?? 0) + 1);
          return resigned(d, sign, (e) => ({ ...e, x_delivery_attempt: attempts.get(id), x_sent_at: new Date().toISOString() }));
        },
      };
    },
  },
];
