// Faults on demand: what a partner's retry, timeout and webhook code must survive, set in the sandbox. A
// fault is set for one key's requests (answer 429 with Retry-After, 500 or 502 in place of the operation's
// answer, answer after a delay, close the connection without an answer), optionally for one operation, or
// for the partner's webhook deliveries (an event delivered twice, an event delivered after the next one);
// it takes the next N requests (or deliveries) or an evenly spread share of them. A fault answers only what
// the contract documents: a status is injected only into operations whose responses list it.
import { OPERATIONS, responseKeyOf, type OperationId } from '../../../generated/server';
import type { ApiKey, Fault, FaultKind, PartnerId } from '../../store/records';
import type { FaultRepository } from '../../store/repositories';
import type { Clock } from '../shared/clock';
import { DomainError, RateLimitedError, badRequest, upstreamUnavailable } from '../shared/errors';
import type { IdGenerator } from '../shared/ids';

/**
 * What each kind of the sandbox contract's `FaultKind` takes: a key's requests (answering with a status of its
 * own, or none: a delay, a dropped connection) or the partner's deliveries. A kind the contract gains must be
 * given its place here before the server compiles.
 */
const FAULT_TAKES: Readonly<Record<FaultKind, { requests: { status: number | null } } | 'deliveries'>> = {
  '429': { requests: { status: 429 } },
  '500': { requests: { status: 500 } },
  '502': { requests: { status: 502 } },
  delay: { requests: { status: null } },
  drop: { requests: { status: null } },
  duplicate_delivery: 'deliveries',
  out_of_order_delivery: 'deliveries',
};
const isDeliveryFault = (kind: FaultKind): boolean => FAULT_TAKES[kind] === 'deliveries';

/** How long a delivery an out-of-order fault holds back waits for the partner's next event, at most. */
const OUT_OF_ORDER_HOLD_MS = 60_000;

export interface NewFault {
  kind: FaultKind;
  /** The partner's key whose requests take it; request faults only. */
  key?: ApiKey;
  /** Only this operation's requests (an operationId of openapi.yaml). */
  operation?: string;
  /** The next N (1 when neither this nor `sharePercent` is given). */
  times?: number;
  /** This percentage of the matching requests, evenly spread, the first one included. */
  sharePercent?: number;
  /** `429` only (default 1). */
  retryAfterSeconds?: number;
  /** `delay` only, and required there. */
  delayMs?: number;
}

/** What a request of the key gets instead of its usual course. */
export type RequestFault = { kind: 'delay'; ms: number } | { kind: 'drop' } | { kind: 'answer'; error: DomainError };

/** How the publisher queues an event of the partner's: once or twice, held back, or overtaking a held one. */
export interface DeliveryPlan {
  copies: 1 | 2;
  /** Held back until this time unless the partner's next event releases it first. */
  heldUntil: Date | null;
  /** The held delivery this one overtakes (released once this one is attempted). */
  overtakes: string | null;
}

const AS_USUAL: DeliveryPlan = Object.freeze({ copies: 1, heldUntil: null, overtakes: null });

/** The status a request fault answers with, or null (a delay, a dropped connection). */
const answerStatusOf = (kind: FaultKind): number | null => {
  const takes = FAULT_TAKES[kind];
  return takes === 'deliveries' ? null : takes.requests.status;
};

/** The operations a key's request fault can reach: those needing a key that document its status. */
export function operationsTaking(kind: FaultKind, operation: string | null = null): OperationId[] {
  if (isDeliveryFault(kind)) return [];
  const status = answerStatusOf(kind);
  return (Object.keys(OPERATIONS) as OperationId[]).filter(
    (id) => OPERATIONS[id].secured && (operation === null || id === operation) && (status === null || responseKeyOf(OPERATIONS[id].responses, status) !== undefined),
  );
}

/**
 * The n-th matching request (from 1) is within a share of `percent` when the number of requests the share
 * gives the fault to grows with it: ceil(n·p) > ceil((n−1)·p). Evenly spread and exact (50 %: the 1st, 3rd,
 * 5th…), so a test run against a share is repeatable.
 */
function withinShare(n: number, percent: number): boolean {
  return Math.ceil((n * percent) / 100) > Math.ceil(((n - 1) * percent) / 100);
}

/** How many requests (or deliveries) took the fault so far. */
export function timesApplied(fault: Fault): number {
  return fault.times !== null ? fault.times - (fault.remaining ?? 0) : Math.ceil((fault.seen * (fault.sharePercent ?? 0)) / 100);
}

export class Faults {
  constructor(
    private readonly repo: FaultRepository,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
  ) {}

  /** Sets a fault for the partner's key (or its deliveries); refuses one the contract does not document. */
  async add(partnerId: PartnerId, input: NewFault): Promise<Fault> {
    assertFaultHasItsTarget(input);
    const key = input.key;
    const operation = input.operation ?? null;
    if (operation !== null) assertFaultReaches(input.kind, operation);
    if (input.times !== undefined && input.sharePercent !== undefined) {
      throw badRequest('A fault takes the next N requests (times) or a share of them (share_percent), not both.', {
        details: { times: ['not with share_percent'], share_percent: ['not with times'] },
      });
    }
    if (input.retryAfterSeconds !== undefined && input.kind !== '429') {
      throw badRequest('retry_after_seconds is the Retry-After of a 429 fault.', { details: { retry_after_seconds: ['only with kind 429'] } });
    }
    if ((input.delayMs !== undefined) !== (input.kind === 'delay')) {
      throw badRequest('A delay fault needs delay_ms, and only a delay fault takes it.', { details: { delay_ms: [input.kind === 'delay' ? 'is required' : 'only with kind delay'] } });
    }
    const times = input.sharePercent === undefined ? (input.times ?? 1) : null;
    const fault: Fault = {
      id: this.ids.id('flt'),
      partnerId,
      kind: input.kind,
      keyId: key?.id ?? null,
      operationId: operation,
      retryAfterSeconds: input.kind === '429' ? (input.retryAfterSeconds ?? 1) : null,
      delayMs: input.delayMs ?? null,
      times,
      remaining: times,
      sharePercent: input.sharePercent ?? null,
      seen: 0,
      heldDeliveryId: null,
      createdAt: this.clock(),
    };
    await this.repo.insert(fault);
    return fault;
  }

  list(partnerId: PartnerId): Promise<Fault[]> {
    return this.repo.list(partnerId);
  }

  async remove(partnerId: PartnerId, id: string): Promise<Fault> {
    const removed = await this.repo.remove(partnerId, id);
    if (!removed) throw new DomainError('not_found', `No fault ${id}.`);
    return removed;
  }

  /** Clears the partner's faults, or those of one of its keys; how many. */
  clear(partnerId: PartnerId, key?: ApiKey): Promise<number> {
    return this.repo.clear(partnerId, key?.id);
  }

  /**
   * The fault a request of the key to `operationId` takes, if any: the oldest of the key's faults that
   * reaches the operation and whose turn this request is. One request takes one fault at most.
   */
  async forRequest(keyId: string, operationId: string): Promise<RequestFault | undefined> {
    // Asked by every request of a key: who has faults is held in memory.
    if (!(await this.repo.targets()).keys.has(keyId)) return undefined;
    return this.faultOfKey(keyId, operationId);
  }

  private async faultOfKey(keyId: string, operationId: string): Promise<RequestFault | undefined> {
    for (const fault of await this.repo.liveOfKey(keyId)) {
      if (!operationsTaking(fault.kind, fault.operationId).includes(operationId as OperationId)) continue;
      if (await this.takesTurn(fault)) return requestFaultOf(fault);
    }
    return undefined;
  }

  /**
   * How an automatic delivery `deliveryId` of the partner's event is queued: it overtakes a delivery an
   * out-of-order fault holds back; else the oldest delivery fault whose turn it is sends it twice, or holds it
   * back for the next event to overtake.
   */
  async planDelivery(partnerId: PartnerId, deliveryId: string): Promise<DeliveryPlan> {
    if (!(await this.repo.targets()).partners.has(partnerId)) return AS_USUAL;
    for (const held of await this.repo.held(partnerId)) {
      if (await this.repo.letGo(held.faultId, held.deliveryId)) return { ...AS_USUAL, overtakes: held.deliveryId };
    }
    for (const fault of await this.repo.liveOfDeliveries(partnerId)) {
      if (fault.kind === 'out_of_order_delivery' && fault.heldDeliveryId !== null) continue;
      if (!(await this.takesTurn(fault))) continue;
      if (fault.kind === 'duplicate_delivery') return { ...AS_USUAL, copies: 2 };
      if (await this.repo.hold(fault.id, deliveryId)) return { ...AS_USUAL, heldUntil: new Date(this.clock().getTime() + OUT_OF_ORDER_HOLD_MS) };
    }
    return AS_USUAL;
  }

  /** A next-N fault's turn, taken once across every instance; a share's count, and whether this one is in it. */
  private async takesTurn(fault: Fault): Promise<boolean> {
    if (fault.sharePercent === null) return this.repo.takeTurn(fault.id);
    return withinShare(await this.repo.countSeen(fault.id), fault.sharePercent);
  }

}

/** A request fault is for one key's requests; a delivery fault for the partner's deliveries, of no key or operation. */
function assertFaultHasItsTarget(input: NewFault): void {
  if (!isDeliveryFault(input.kind)) {
    if (input.key === undefined) throw badRequest(`A ${input.kind} fault is for one key's requests: name the key (its id or prefix).`, { details: { key: ['is required'] } });
    return;
  }
  const field = input.key !== undefined ? 'key' : input.operation !== undefined ? 'operation' : undefined;
  if (field) throw badRequest(`A ${input.kind} fault is for the partner's webhook deliveries: it takes no ${field}.`, { details: { [field]: [`not with kind ${input.kind}`] } });
}

/**
 * The operation is one of the contract's that a key's request reaches, and documents the status the fault
 * answers with: a fault's answer is always one the contract documents for the operation.
 */
function assertFaultReaches(kind: FaultKind, operation: string): void {
  const route = (OPERATIONS as Record<string, (typeof OPERATIONS)[OperationId] | undefined>)[operation];
  if (!route) {
    throw badRequest(`openapi.yaml has no operation ${operation}; name one by its operationId (${Object.keys(OPERATIONS).join(', ')}).`, {
      details: { operation: ['is not an operationId of openapi.yaml'] },
    });
  }
  if (!route.secured) {
    throw badRequest(`${operation} needs no key, so no key's fault reaches it.`, { details: { operation: ['needs no key'] } });
  }
  const status = answerStatusOf(kind);
  if (status !== null && responseKeyOf(route.responses, status) === undefined) {
    throw badRequest(
      `${operation} (${route.method.toUpperCase()} ${route.path}) does not document ${status} in openapi.yaml (it documents ${Object.keys(route.responses).join(', ')}): a fault answers only what the contract documents.`,
      { details: { kind: [`${status} is not documented for ${operation}`] } },
    );
  }
}

/** What the request gets: an answer in place of the operation's (the error the API answers it with), a delay, or no answer. */
function requestFaultOf(fault: Fault): RequestFault {
  const by = `Injected by sandbox fault ${fault.id}`;
  switch (fault.kind) {
    case '429':
      return { kind: 'answer', error: new RateLimitedError(fault.retryAfterSeconds ?? 1, `${by}: rate limited; retry after ${fault.retryAfterSeconds ?? 1} s.`) };
    case '500':
      return { kind: 'answer', error: new DomainError('internal_error', `${by}: an unexpected error occurred; retry with backoff.`) };
    case '502':
      return { kind: 'answer', error: upstreamUnavailable(`${by}: the channel provider could not be reached; retry with backoff.`) };
    case 'delay':
      return { kind: 'delay', ms: fault.delayMs ?? 0 };
    case 'drop':
      return { kind: 'drop' };
    default:
      throw new Error(`${fault.kind} is a fault of the partner's deliveries, not of a key's requests.`);
  }
}
