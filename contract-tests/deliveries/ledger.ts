// What the run knows about the deliveries it should get, from what the implementation answered it: the
// clients of its partner and their channels, and the subjects its answers tie webhook events to through
// openapi.yaml's `x-webhook-links` (a send's message_id for `message.status`, a created template's id for
// `template.status`), with what such an event must then say about them.
import { allAtPointer, atJsonPointer, contract, evaluate } from '../../spec';
import type { CaseContext, Exchange } from '../harness';
import { answered } from '../sequences/links';
import type { ReceivedDelivery } from '../webhook-listener';

/** The clients the run knows, with their channels: the fixtures', and every client an answer described. */
export function knownClients(ctx: CaseContext): Map<string, string> {
  const known = new Map<string, string>();
  if (ctx.fx.chatClientRef) known.set(ctx.fx.chatClientRef, 'chat');
  if (ctx.fx.socialClientRef) known.set(ctx.fx.socialClientRef, 'social');
  const visit = (v: unknown) => {
    if (Array.isArray(v)) v.forEach(visit);
    else if (v && typeof v === 'object') {
      const o = v as Record<string, unknown>;
      if (typeof o.client_ref === 'string' && (o.channel === 'chat' || o.channel === 'social')) known.set(o.client_ref, o.channel);
      Object.values(o).forEach(visit);
    }
  };
  for (const e of ctx.run.exchanges) if (e.status >= 200 && e.status < 300 && ['getClient', 'listClients', 'completeClientSignup'].includes(e.operation ?? '')) visit(e.json);
  return known;
}

export interface Subject {
  /** The operations whose answers name it. */
  from: string;
  /** What an event about it must carry: payload pointer → value. */
  carries: Record<string, unknown>;
}

/**
 * The subjects the run's answers tie an event to: the value at the link's `identifiedBy` pointer → what it must
 * carry; and those an answer left without that value (a template's `id` is "string or null": the provider
 * assigns it later), known by what they carry alone.
 */
export function linkedSubjects(exchanges: Exchange[], event: string): { pointer: string | undefined; subjects: Map<string, Subject>; unidentified: Subject[] } {
  const subjects = new Map<string, Subject>();
  const unidentified: Subject[] = [];
  let pointer: string | undefined;
  for (const e of exchanges) {
    const links = contract().byId(e.operation ?? '')?.responses[String(e.status)]?.webhookLinks.filter((l) => l.event === event) ?? [];
    for (const link of links) {
      const context = answered(e).context;
      const [[at, expression]] = Object.entries(link.identifiedBy) as [[string, string]];
      pointer = at;
      const value = evaluate(expression, context);
      const subject = { from: e.operation!, carries: Object.fromEntries(Object.entries(link.carries).map(([p, x]) => [p, evaluate(x, context)])) };
      if (typeof value === 'string') subjects.set(value, subject);
      else if (value === null) unidentified.push(subject);
    }
  }
  return { pointer, subjects, unidentified };
}

/** Whether a delivery carries everything an answer said of a subject. */
export const carriesAll = (d: ReceivedDelivery, s: Subject): boolean => Object.entries(s.carries).every(([at, expected]) => atJsonPointer(d.body, at) === expected);

/** The subjects a delivery is about, at a link's `identifiedBy` pointer. */
export const subjectsOf = (d: ReceivedDelivery, pointer: string): string[] => allAtPointer(d.body, pointer).filter((v): v is string => typeof v === 'string');

/**
 * The implementation's clock when the run began (its first answer's Date header, a second of rounding
 * allowed): an event stamped before it is left over from an earlier run, not about this one.
 */
export function runBegan(ctx: CaseContext): number {
  const date = ctx.run.exchanges[0]?.headers.get('date');
  const at = date ? Date.parse(date) : Number.NaN;
  return Number.isNaN(at) ? Number.NEGATIVE_INFINITY : at - 2_000;
}

/** The deliveries the run received that are about this run: well signed, and stamped since it began. */
export function thisRunsDeliveries(ctx: CaseContext): ReceivedDelivery[] {
  const began = runBegan(ctx);
  return ctx.fx.webhooks!.deliveries.filter((d) => d.signed && d.body !== undefined && !(Date.parse(String(d.body.timestamp)) < began));
}
