// Stateful sequences driven by the contract's links, with checks named after Schemathesis's: a resource an
// operation creates is found through every link of its answer (ensure_resource_availability), an edit is
// read back as sent, and a deleted resource is neither readable, listable nor usable (use_after_free). The
// seed (the creating request, and what a valid request of each linked operation carries besides its
// references) comes from sequences/seeds.ts; which operations are called, with which references, and what
// each is to the resource, come from the links alone.
import { atJsonPointer, contract, isExpression, type Link, type Operation } from '../../spec';
import { Broken, type CaseContext, type Exchange, type Occurrence } from '../harness';
import { answered, canFollow, filledFrom, follow, itemsOf, kindOf, linksOf, type Answered, type LinkKind } from './links';
import type { Seed } from './seeds';

interface Linked {
  link: Link;
  target: Operation;
  kind: LinkKind;
}

interface Created {
  answer: Answered;
  json: unknown;
  links: Linked[];
  /** The answer's fields its read links identify it by (`/id`, `/name`, …). */
  identity: string[];
}

const excerpt = (value: unknown) => JSON.stringify(value ?? null).slice(0, 300);
const via = (l: Linked) => `${l.target.operationId} (${l.link.name})`;
const got = (e: Exchange) => `answered ${e.status}${e.errorCode ? ` ${e.errorCode}` : ''}: ${excerpt(e.json)}`;
const isSuccess = (e: Exchange) => e.status >= 200 && e.status < 300;

/** The fields of the created answer its read links take their references from. */
function identityOf(links: Linked[]): string[] {
  const pointers = new Set<string>();
  for (const l of links.filter((x) => x.kind === 'read')) {
    for (const value of Object.values(l.link.parameters)) {
      const m = isExpression(value) ? /^\$response\.body#(\/.+)$/.exec(value) : null;
      if (m) pointers.add(m[1]!);
    }
  }
  return [...pointers];
}

/** Whether a JSON value is the created resource: the same value at every identifying field it holds. */
const isThe = (created: Created, value: unknown) =>
  created.identity.every((p) => atJsonPointer(created.json, p) === undefined || atJsonPointer(value, p) === atJsonPointer(created.json, p));

/** Occurrences gathered along a sequence; a rule broken in one step does not stop the others. */
class Findings {
  readonly list: Occurrence[] = [];
  add(rule: string, where: string, example: string): void {
    this.list.push({ rule, where, example });
  }
  /** Fails the case with everything found. */
  settle(): void {
    if (this.list.length) throw new Broken(this.list);
  }
}

async function create(ctx: CaseContext, seed: Seed): Promise<Created> {
  const { exchange, requestBody } = await seed.create(ctx);
  if (!isSuccess(exchange)) throw new Broken(`the sequence's ${seed.operationId} answers its documented success`, got(exchange), seed.operationId);
  const answer = await knownLater(ctx, answered(exchange, requestBody));
  const links = linksOf(answer);
  return { answer, json: answer.context.response.body, links, identity: identityOf(links) };
}

/**
 * An answer that left null a field some of its links take (a template's `id`, "string or null" in section 2)
 * is completed from a read of the resource through a link it can follow (by name): the value is known later.
 * The read is the availability check's own first request, so nothing is asked twice for long.
 */
async function knownLater(ctx: CaseContext, answer: Answered): Promise<Answered> {
  const links = linksOf(answer);
  if (links.every((l) => canFollow(answer, l.link))) return answer;
  for (const l of links.filter((x) => x.kind === 'read' && canFollow(answer, x.link))) {
    const e = await follow(ctx, answer, l.link, l.target);
    if (isSuccess(e)) return filledFrom(answer, e);
  }
  return answer;
}

/** The links of these kinds the created answer gives every value (one that still lacks a value known later is not followed). */
const ofKind = (created: Created, ...kinds: LinkKind[]) => created.links.filter((l) => kinds.includes(l.kind) && canFollow(created.answer, l.link));

/** Follows every delete link, unjudged: a sequence leaves nothing behind. */
async function cleanUp(ctx: CaseContext, created: Created): Promise<void> {
  for (const l of ofKind(created, 'delete')) await follow(ctx, created.answer, l.link, l.target);
}

/**
 * resource availability after create (Schemathesis's ensure_resource_availability): what the seed creates is
 * found through each read link, listed by each list link and, once the seed says it is ready, usable through
 * each use link.
 */
export async function resourceAvailability(ctx: CaseContext, seed: Seed): Promise<void> {
  const created = await create(ctx, seed);
  const found = new Findings();
  try {
    for (const l of ofKind(created, 'read')) {
      const e = await follow(ctx, created.answer, l.link, l.target);
      if (!isSuccess(e)) found.add(`resource availability after create: ${via(l)} finds what ${seed.operationId} created`, l.target.operationId, got(e));
      else if (!isThe(created, e.json)) found.add(`resource availability after create: ${via(l)} answers the resource ${seed.operationId} created`, l.target.operationId, excerpt(e.json));
    }
    for (const l of ofKind(created, 'list')) {
      const e = await follow(ctx, created.answer, l.link, l.target);
      if (!isSuccess(e) || !(itemsOf(e.json) ?? []).some((item) => isThe(created, item))) {
        found.add(`resource availability after create: ${via(l)} lists what ${seed.operationId} created`, l.target.operationId, got(e));
      }
    }
    const uses = ofKind(created, 'use');
    if (uses.length) {
      await seed.ready?.(ctx, created.json);
      for (const l of uses) {
        const e = await follow(ctx, created.answer, l.link, l.target, seed.content[l.target.operationId]?.(ctx));
        if (!isSuccess(e)) found.add(`resource availability after create: ${via(l)} accepts what ${seed.operationId} created`, l.target.operationId, got(e));
      }
    }
  } finally {
    await cleanUp(ctx, created);
  }
  found.settle();
}

/** Every string inside a JSON value. */
function stringsIn(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) stringsIn(v, out);
  return out;
}

/** What an edit changed, as `[field, value]`: top-level fields compared as they are, nested text by its strings. */
function changesOf(before: Record<string, unknown>, after: Record<string, unknown>): { top: [string, unknown][]; texts: string[] } {
  const top: [string, unknown][] = [];
  const texts: string[] = [];
  for (const [k, v] of Object.entries(after)) {
    if (JSON.stringify(before[k]) === JSON.stringify(v)) continue;
    if (v !== null && typeof v === 'object') texts.push(...stringsIn(v).filter((s) => !stringsIn(before[k]).includes(s)));
    else top.push([k, v]);
  }
  return { top, texts };
}

/** Whether an answer shows the edit: each changed top-level field as sent, each changed text somewhere in it. */
function showsEdit(answer: unknown, changes: ReturnType<typeof changesOf>): string | undefined {
  const record = answer as Record<string, unknown> | undefined;
  const wrong = changes.top.filter(([k, v]) => record?.[k] !== undefined && record[k] !== v).map(([k, v]) => `${k} ${excerpt(record?.[k])} instead of ${excerpt(v)}`);
  const strings = stringsIn(answer);
  const missing = changes.texts.filter((t) => !strings.includes(t)).map((t) => `"${t.slice(0, 60)}" missing`);
  const problems = [...wrong, ...missing];
  return problems.length ? problems.join('; ') : undefined;
}

/**
 * an edit is read back as sent: once the seed says the resource can be edited, each update link's answer
 * and each read and list link after it show what the edit changed.
 */
export async function editReadBack(ctx: CaseContext, seed: Seed): Promise<void> {
  const created = await create(ctx, seed);
  const found = new Findings();
  try {
    await seed.ready?.(ctx, created.json);
    for (const l of ofKind(created, 'update')) {
      const before = created.answer.context.request.body as Record<string, unknown>;
      const edit = seed.content[l.target.operationId]?.(ctx, before) as Record<string, unknown> | undefined;
      if (!edit) throw new Error(`sequences/seeds.ts gives no edit for ${l.target.operationId}`);
      const changes = changesOf(before, edit);
      const e = await follow(ctx, created.answer, l.link, l.target, edit);
      if (!isSuccess(e)) {
        found.add(`an edit is read back as sent: ${via(l)} accepts an edit of what ${seed.operationId} created`, l.target.operationId, got(e));
        continue;
      }
      const shown = showsEdit(e.json, changes);
      if (shown) found.add(`an edit is read back as sent: ${via(l)} answers the edit`, l.target.operationId, shown);
      const edited = await knownLater(ctx, answered(e, edit));
      for (const r of linksOf(edited).filter((x) => (x.kind === 'read' || x.kind === 'list') && canFollow(edited, x.link))) {
        const read = await follow(ctx, edited, r.link, r.target);
        const item = r.kind === 'read' ? read.json : (itemsOf(read.json) ?? []).find((i) => isThe(created, i));
        const problem = !isSuccess(read) ? got(read) : item === undefined ? `not listed: ${excerpt(read.json)}` : showsEdit(item, changes);
        if (problem) found.add(`an edit is read back as sent: ${via(r)} shows the edit`, r.target.operationId, problem);
      }
    }
  } finally {
    await cleanUp(ctx, created);
  }
  found.settle();
}

/**
 * use after delete (Schemathesis's use_after_free): once a delete link succeeded, the deleted resource is
 * neither readable, listable, editable, deletable again nor usable: every link answers 404 and no list
 * carries it.
 */
export async function useAfterDelete(ctx: CaseContext, seed: Seed): Promise<void> {
  const created = await create(ctx, seed);
  const deletes = ofKind(created, 'delete');
  const found = new Findings();
  for (const l of deletes) {
    const e = await follow(ctx, created.answer, l.link, l.target);
    if (!isSuccess(e)) throw new Broken(`use after delete: ${via(l)} deletes what ${seed.operationId} created`, got(e), l.target.operationId);
  }
  for (const l of created.links.filter((x) => canFollow(created.answer, x.link))) {
    const e = await follow(ctx, created.answer, l.link, l.target, seed.content[l.target.operationId]?.(ctx, created.answer.context.request.body));
    if (l.kind === 'list') {
      if (!isSuccess(e) || (itemsOf(e.json) ?? []).some((item) => isThe(created, item))) {
        found.add(`use after delete: ${via(l)} no longer lists a deleted resource`, l.target.operationId, got(e));
      }
    } else if (e.status !== 404) {
      found.add(`use after delete: ${via(l)} answers 404 for a deleted resource`, l.target.operationId, got(e));
    }
  }
  found.settle();
}

/** What the links of an operation's answers do with what it made. */
export function linkKindsOf(operationId: string): Set<LinkKind> {
  const op = contract().byId(operationId)!;
  const targets = Object.values(op.responses).flatMap((r) => r.links.map((l) => contract().byId(l.operationId)));
  return new Set(targets.filter((t): t is Operation => t !== undefined).map(kindOf));
}

export type SequenceCheck = 'availability' | 'edit' | 'useAfterDelete';

/** The checks a seed's links allow: availability needs reads, lists or uses; an edit a read after it; deletion a delete. */
export function checksOf(seed: Seed): SequenceCheck[] {
  const kinds = linkKindsOf(seed.operationId);
  const checks: SequenceCheck[] = [];
  if (kinds.has('read') || kinds.has('list') || kinds.has('use')) checks.push('availability');
  if (kinds.has('update') && (kinds.has('read') || kinds.has('list'))) checks.push('edit');
  if (kinds.has('delete')) checks.push('useAfterDelete');
  return checks;
}
