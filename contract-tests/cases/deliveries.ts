// The implementation's own webhook deliveries, held to section 6 by the run's receiver: its retries on the
// schedule (the receiver fails or holds chosen first attempts: deliveries/retry-probe.ts), the same event_id
// on every attempt, the signature over the exact bytes, the timestamp's form, the client and channel each
// event names, and events only about what the run's answers tie them to (openapi.yaml's x-webhook-links).
// Duplicates, reordering and unknown fields are allowed and never judged. These cases run last: they judge
// what the whole run received, and cause a delivery themselves (webhook_test_trigger) when none came.
import { allAtPointer, atJsonPointer, contract } from '../../spec';
import { follow, linksOf } from '../sequences/links';
import { contentOf, IMMEDIATE_MS, type Probed, type RetryProbe, type Window } from '../deliveries/retry-probe';
import { carriesAll, knownClients, linkedSubjects, subjectsOf, thisRunsDeliveries } from '../deliveries/ledger';
import { FixtureUnavailable } from '../fixtures-file';
import { Broken, deliveryOccurrences, Inconclusive, WEBHOOK_DELIVERIES, type Case, type CaseContext } from '../harness';
import type { ReceivedDelivery } from '../webhook-listener';

const listener = (ctx: CaseContext) => ctx.fx.webhooks!;

/** The answers that tie an event kind to what they returned, with the link that does. */
const tiesOf = (event: string) =>
  contract().operations.flatMap((op) =>
    Object.entries(op.responses).flatMap(([status, r]) => r.webhookLinks.filter((w) => w.event === event).map((link) => ({ op, status, link }))),
  );

/**
 * Whether a subject the run was not answered is one of this partner's, looked up through a read link of the
 * answer that ties such events (the event's fields standing in for that answer); undefined when no such link
 * exists.
 */
async function foundForPartner(ctx: CaseContext, event: string, d: ReceivedDelivery, subject: string): Promise<{ found: boolean; seen: string } | undefined> {
  for (const { op, status, link } of tiesOf(event)) {
    const stand: { request: Record<string, unknown>; response: Record<string, unknown> } = { request: {}, response: {} };
    for (const [pointer, expression] of Object.entries({ ...link.identifiedBy, ...link.carries })) {
      const m = /^\$(request|response)\.body#\/([^/]+)$/.exec(expression);
      if (m) stand[m[1] as 'request' | 'response'][m[2]!] = pointer.includes('*') ? subject : atJsonPointer(d.body, pointer);
    }
    const from = { operationId: op.operationId, status: Number(status), context: { request: { body: stand.request }, response: { body: stand.response } } };
    const read = linksOf(from).find((l) => l.kind === 'read');
    if (!read) continue;
    const e = await follow(ctx, from, read.link, read.target);
    return { found: e.status >= 200 && e.status < 300, seen: `${read.target.operationId} (${read.link.name}) answered ${e.status}` };
  }
  return undefined;
}

/** Whether the event is the first of its subject's life (`firstEvent`: the values a subject starts with, beside it in the payload). */
function startsLife(event: string, d: ReceivedDelivery, idPointer: string, subject: string): boolean {
  const first = tiesOf(event).map((t) => t.link.firstEvent).find((f) => Object.keys(f).length);
  if (!first) return false;
  const index = allAtPointer(d.body, idPointer).indexOf(subject);
  return Object.entries(first).every(([pointer, value]) => allAtPointer(d.body, pointer)[index] === value);
}

/**
 * An event kind tied to answers: each event is about what the run was answered, and says of it what the
 * answer did. A subject the run was not answered may be this partner's from before the run: it is a finding
 * when the partner does not have it (a read link of the tying answer says 404), or, where no read link
 * exists, when the event starts the subject's life (`firstEvent`: a message's `sent`), which no earlier
 * exchange can explain.
 */
function eventLinkCase(event: string): Case {
  const ties = tiesOf(event);
  const link = ties[0]!.link;
  const pointer = Object.keys(link.identifiedBy)[0]!;
  const sources = [...new Set(ties.map((t) => t.op.operationId))];
  return {
    operation: event,
    name: `${event} is only about what ${sources.join(' or ')} answered the run (${pointer}), and carries ${Object.keys(link.carries).join(', ')} as they said`,
    needs: ['webhooks'],
    fixtures: ['webhooks'],
    run: async (ctx: CaseContext) => {
      await received(ctx);
      const { subjects, unidentified } = linkedSubjects(ctx.run.exchanges, event);
      const problems: { rule: string; example: string }[] = [];
      for (const d of thisRunsDeliveries(ctx).filter((x) => x.event === event)) {
        for (const subject of subjectsOf(d, pointer)) {
          // Answered without its id, a subject is known by all the answer said of it.
          const known = subjects.get(subject) ?? unidentified.find((s) => carriesAll(d, s));
          if (known) {
            for (const [at, expected] of Object.entries(known.carries)) {
              const actual = atJsonPointer(d.body, at);
              if (actual !== expected) problems.push({ rule: `${event} carries ${at} as ${known.from} said (section 6, ties), field ${at}`, example: `${at} ${JSON.stringify(actual)} for ${subject}, ${JSON.stringify(expected)} expected` });
            }
            continue;
          }
          const lookedUp = await foundForPartner(ctx, event, d, subject);
          if (lookedUp && !lookedUp.found) problems.push({ rule: `${event} is only about what this partner has (section 6, ties), field ${pointer}`, example: `${pointer} ${subject}: ${lookedUp.seen}` });
          else if (!lookedUp && startsLife(event, d, pointer, subject)) {
            problems.push({ rule: `${event} is only about what the run's answers returned (section 6, ties), field ${pointer}`, example: `${pointer} ${subject} was never answered to the run` });
          }
        }
      }
      if (problems.length) throw new Broken(problems.map((p) => ({ ...p, where: event })));
    },
  };
}
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** Waits for what the probe needs (a failing or a slow event); causes deliveries with the trigger when none came. */
async function probed<K extends 'failing' | 'slow'>(ctx: CaseContext, which: K): Promise<NonNullable<RetryProbe[K]>> {
  const l = listener(ctx);
  const chosen = () => l.retries[which];
  // The probe chooses events raised after the receiver was set up: fire one now and then until it has one.
  const deadline = Date.now() + l.timeoutMs;
  while (!chosen() && Date.now() < deadline) {
    if (!ctx.fx.webhookTestTrigger) {
      throw new FixtureUnavailable('webhookTestTrigger', 'no delivery arrived early enough in the run to observe the retries, and without webhook_test_trigger the run cannot cause one');
    }
    await ctx.fx.webhookTestTrigger();
    await l.until(() => chosen() !== undefined, Math.min(deadline, Date.now() + 1_500));
  }
  const p = chosen();
  if (!p) throw new Inconclusive('no well-signed delivery arrived for the receiver to fail: the retries could not be observed');
  return p as NonNullable<RetryProbe[K]>;
}

/**
 * Arrivals in a window that are the probed event under another event_id: the same payload and timestamp (two
 * portal tests alike in all else were raised at different times).
 */
const renamed = (ctx: CaseContext, p: Probed, w: Window): ReceivedDelivery[] =>
  listener(ctx).deliveries.filter(
    (d) => d.at >= w.from && d.at <= w.to && d.body && d.body.event_id !== p.first.eventId && Date.parse(String(d.body.timestamp)) === p.first.stamped && contentOf(d.body) === p.first.content,
  );

const SAME_ID = 'every attempt of one event carries its event_id (section 6 rule 2), field event_id';

/** Fails the case when the retry due in a window did not come, naming a retry that came under a new event_id. */
function missed(ctx: CaseContext, p: Probed, rule: string, w: Window, since: number): never {
  const other = renamed(ctx, p, w);
  if (other.length) throw new Broken(SAME_ID, `the retry of ${p.first.eventId} came ${seconds(other[0]!.at - since)} later as ${other[0]!.body!.event_id}`, WEBHOOK_DELIVERIES);
  const seen = p.arrivals.map((a) => `+${seconds(a.at - p.first.at)}`).join(', ');
  throw new Broken(rule, `no attempt of ${p.first.eventId} arrived ${seconds(w.from - since)}–${seconds(w.to - since)} after the failure (its attempts arrived at ${seen})`, WEBHOOK_DELIVERIES);
}

const STEP_RULES = [
  `a delivery answered 500 is retried at once (within ${IMMEDIATE_MS / 1000} s; section 6 rule 2)`,
  'a delivery failed twice is retried about 10 s after its second attempt (section 6 rule 2)',
  'a delivery failed three times is retried about 60 s after its third attempt (section 6 rule 2)',
];

/** Holds the steps of the failing event up to `last`, waiting for each retry until its window closes. */
async function scheduleHolds(ctx: CaseContext, last: number): Promise<void> {
  const failing = await probed(ctx, 'failing');
  for (let k = 1; k <= last; k++) {
    const step = failing.steps[k - 1];
    if (!step) throw new Broken(STEP_RULES[k - 1]!, `not observed: the receiver could not fail attempt ${k} of ${failing.first.eventId}`, WEBHOOK_DELIVERIES);
    await listener(ctx).until(() => step.retry !== undefined, step.window.to + 250);
    if (!step.retry) missed(ctx, failing, STEP_RULES[k - 1]!, step.window, step.failedAt);
  }
}

const deliveryCase = (name: string, run: (ctx: CaseContext) => Promise<void>): Case => ({ operation: WEBHOOK_DELIVERIES, name, needs: ['webhooks'], fixtures: ['webhooks'], run });

/** The deliveries to judge, causing one with the trigger when the run received none. */
async function received(ctx: CaseContext): Promise<ReceivedDelivery[]> {
  if (!listener(ctx).deliveries.length && ctx.fx.webhookTestTrigger) {
    await ctx.fx.webhookTestTrigger();
    await listener(ctx).until(() => listener(ctx).deliveries.length > 0, Date.now() + listener(ctx).timeoutMs);
  }
  if (!listener(ctx).deliveries.length) throw new Inconclusive('the run received no webhook delivery to judge');
  return listener(ctx).deliveries;
}

/** The occurrences of the deliveries' problems that match. */
function problemsLike(deliveries: ReceivedDelivery[], match: RegExp): void {
  const occurrences = deliveries.flatMap(deliveryOccurrences).filter((o) => match.test(o.rule));
  if (occurrences.length) throw new Broken(occurrences);
}

const CLIENT_RULE = 'a webhook names a client of this partner (section 6 rule 4)';
const CHANNEL_RULE = "a webhook names its client's channel, whatever the event (section 6 rule 4)";
export const WEBHOOK_CLIENT_CASE = "a webhook names a client of this partner and that client's channel, webhook.test as every other event (a portal sample naming no client of the partner aside)";

export const RETRY_CASES = {
  immediate: 'a delivery answered 500 is retried at once, under the same event_id',
  schedule: 'a delivery failed again is retried on the schedule: about 10 s after its second attempt (and 60 s after its third with --webhook-retries full)',
  slow: 'an attempt the receiver does not answer within 5 s is retried, under the same event_id',
} as const;

export const deliveryCases: Case[] = [
  deliveryCase(RETRY_CASES.immediate, (ctx) => scheduleHolds(ctx, 1)),
  deliveryCase(RETRY_CASES.schedule, (ctx) => scheduleHolds(ctx, listener(ctx).retries.failuresWanted)),
  deliveryCase(RETRY_CASES.slow, async (ctx) => {
    await probed(ctx, 'failing');
    const slow = await probed(ctx, 'slow');
    await listener(ctx).until(() => slow.retry !== undefined, slow.window.to + 250);
    if (!slow.retry) missed(ctx, slow, 'an attempt the receiver does not answer within 5 s is retried (section 6 rule 2)', slow.window, slow.first.at);
  }),
  deliveryCase('webhook deliveries are signed over their exact bytes: sha256= and the lowercase hex HMAC-SHA256 with the signing secret', async (ctx) =>
    problemsLike(await received(ctx), /X-Service-Signature/),
  ),
  deliveryCase('webhook timestamps are ISO 8601 UTC with milliseconds', async (ctx) => problemsLike(await received(ctx), /\/timestamp/)),
  deliveryCase(WEBHOOK_CLIENT_CASE, async (ctx) => {
    await received(ctx);
    const clients = knownClients(ctx);
    const problems = new Map<string, string>();
    for (const d of thisRunsDeliveries(ctx)) {
      const ref = String(d.body!.client_ref);
      if (!clients.has(ref)) {
        await ctx.raw('GET', `/clients/${encodeURIComponent(ref)}`);
        const e = ctx.last();
        if (e.status === 200) clients.set(ref, String((e.json as { channel?: unknown })?.channel));
        // A portal sample may name a placeholder, no client at all; any other event names one of the partner's.
        else if (d.event !== 'webhook.test') problems.set(`${CLIENT_RULE}, field client_ref`, `${d.event} names ${ref}: GET /clients/${ref} answered ${e.status}`);
      }
      if (clients.has(ref) && d.body!.channel !== clients.get(ref)) problems.set(`${CHANNEL_RULE}, field channel`, `${d.event} about ${ref} (${clients.get(ref)}) says channel ${d.body!.channel}`);
    }
    if (problems.size) throw new Broken([...problems].map(([rule, example]) => ({ rule, example, where: WEBHOOK_DELIVERIES })));
  }),
  // One case per event kind the contract ties to answers (x-webhook-links).
  ...[...new Set(contract().operations.flatMap((op) => Object.values(op.responses).flatMap((r) => r.webhookLinks.map((w) => w.event))))].map(eventLinkCase),
];
