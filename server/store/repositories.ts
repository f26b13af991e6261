// Storage behind interfaces: what the domain may ask of the service's data. Every method is asynchronous
// (SQLite in this process, or PostgreSQL shared by several instances; what is held in memory,
// sql/held-in-memory.ts, answers with a settled promise); `transaction` runs a function
// atomically over the repositories it hands it, so a check-then-write rule inside it cannot race. Records
// of one partner are reached only through that partner's id: nothing here lists or finds another partner's
// data by accident.
import type {
  ApiKey,
  Channel,
  ClientId,
  ClientRecord,
  Delivery,
  DeliveryAttempt,
  DeliveryState,
  Fault,
  FaultTargets,
  MessageRecord,
  OnboardingSession,
  Partner,
  PartnerId,
  PortalTokenRecord,
  RequestLogEntry,
  StatusChange,
  StoredEvent,
  TemplateRecord,
  TemplateStatus,
  UsageCount,
  UsageKind,
  WebhookConfig,
} from './records';

/** A write that would repeat a unique value (a reference, an account, an id) another write already holds. */
export class DuplicateError extends Error {
  constructor(cause: unknown) {
    super(`duplicate: ${(cause as Error)?.message ?? String(cause)}`);
    this.name = 'DuplicateError';
  }
}

export interface PartnerRepository {
  insert(partner: Partner): Promise<void>;
  findById(id: PartnerId): Promise<Partner | undefined>;
  /** Oldest first. */
  list(): Promise<Partner[]>;
}

/** Each partner's one portal token, by hash. */
export interface PortalTokenRepository {
  /** Keeps `token` as the partner's portal token, in place of the one it had. */
  put(token: PortalTokenRecord): Promise<void>;
  findByHash(hash: string): Promise<PortalTokenRecord | undefined>;
}

/** What a page of a partner's request log is narrowed to; newest first, older than `beforeSeq` when given. */
export interface RequestLogFilter {
  operationId?: string;
  status?: number;
  errorCode?: string;
  requestId?: string;
  keyId?: string;
  since?: Date;
  until?: Date;
  beforeSeq?: number;
  limit: number;
}

/** The partners' request logs, each bounded by count and age. */
export interface RequestLogRepository {
  insert(entries: readonly RequestLogEntry[]): Promise<void>;
  /** Newest first, with each entry's place in the log (`seq`, for the next page). */
  page(partnerId: PartnerId, filter: RequestLogFilter): Promise<Array<RequestLogEntry & { seq: number }>>;
  find(partnerId: PartnerId, requestId: string): Promise<RequestLogEntry | undefined>;
  /** Drops the partner's entries beyond its newest `keep`, and those before `olderThan`. */
  trim(partnerId: PartnerId, keep: number, olderThan: Date): Promise<void>;
}

/** How far each partner's time is ahead of the server's (none kept: not ahead). */
export interface PartnerClockRepository {
  /** The partner's offset in milliseconds; 0 when its time is the server's (asked by every request of a partner: cached). */
  offsetOf(partnerId: PartnerId): Promise<number>;
  set(partnerId: PartnerId, offsetMs: number): Promise<void>;
  /** Every partner whose time is ahead, with its offset (asked by every tick: cached). */
  ahead(): Promise<Array<{ partnerId: PartnerId; offsetMs: number }>>;
}

export interface KeyRepository {
  insert(key: ApiKey): Promise<void>;
  update(key: ApiKey): Promise<void>;
  findById(partnerId: PartnerId, id: string): Promise<ApiKey | undefined>;
  /** Any partner's key: authentication starts from the key alone. */
  findByHash(hash: string): Promise<ApiKey | undefined>;
  /** Oldest first. */
  list(partnerId: PartnerId): Promise<ApiKey[]>;
  count(partnerId: PartnerId): Promise<number>;
}

export interface ClientRepository {
  insert(client: ClientRecord): Promise<void>;
  findByRef(partnerId: PartnerId, clientRef: string): Promise<ClientRecord | undefined>;
  /** The client holding a provider account (`chat`: the number id; `social`: the account id), whoever's it is. */
  findByAccount(channel: Channel, accountKey: string): Promise<ClientRecord | undefined>;
  /** Oldest first. */
  page(partnerId: PartnerId, limit: number, offset: number): Promise<ClientRecord[]>;
  count(partnerId: PartnerId): Promise<number>;
}

export interface SessionRepository {
  insert(session: OnboardingSession): Promise<void>;
  /** By id alone: the hosted page has no key, only the session id and its token. */
  findById(id: string): Promise<OnboardingSession | undefined>;
  /** Marks an unused session used; false when it was already used (by this instance or another). */
  markUsed(id: string, at: Date): Promise<boolean>;
}

export interface UsageRepository {
  increment(partnerId: PartnerId, period: string, kind: UsageKind, by: number): Promise<void>;
  /** Counts of the periods in [from, to] (`YYYY-MM`, inclusive); periods without traffic are absent. */
  between(partnerId: PartnerId, from: string, to: string): Promise<UsageCount[]>;
}

/** The local template mirror, the edit history and the blocked names of deleted templates, per client. */
export interface TemplateRepository {
  /** Inserts or replaces the template with this id. */
  upsert(template: TemplateRecord): Promise<void>;
  delete(client: ClientId, id: string): Promise<void>;
  findById(client: ClientId, id: string): Promise<TemplateRecord | undefined>;
  /** Every language of a name. */
  findByName(client: ClientId, name: string): Promise<TemplateRecord[]>;
  /** Oldest first. */
  list(client: ClientId): Promise<TemplateRecord[]>;
  /** The template with this provider id, whoever's it is (provider status updates carry only the id). */
  findByProviderId(id: string): Promise<TemplateRecord | undefined>;
  /** When the mirror of the client was last pulled from the provider. */
  syncedAt(client: ClientId): Promise<Date | undefined>;
  markSynced(client: ClientId, at: Date): Promise<void>;
  recordEdit(templateId: string, at: Date, fromStatus: TemplateStatus): Promise<void>;
  /** Times of the edits made while the template was in `status`, newer than `since`. */
  editsSince(templateId: string, since: Date, status: TemplateStatus): Promise<Date[]>;
  blockName(client: ClientId, name: string, at: Date): Promise<void>;
  /** When the name was last deleted, if ever. */
  nameDeletedAt(client: ClientId, name: string): Promise<Date | undefined>;
  /**
   * Holds a name and language of a client for one creation or edit until `until`, across every instance on
   * the data: false when another holds it and its hold has not expired at `now`.
   */
  reserveName(client: ClientId, name: string, language: string, now: Date, until: Date): Promise<boolean>;
  releaseName(client: ClientId, name: string, language: string): Promise<void>;
}

export interface MessageRepository {
  insert(message: MessageRecord): Promise<void>;
  findById(partnerId: PartnerId, id: string): Promise<MessageRecord | undefined>;
  /** Moves the current status and appends the change to the history. */
  recordStatus(change: StatusChange): Promise<void>;
  /** The status history of a message, oldest first. */
  history(id: string): Promise<StatusChange[]>;
}

/** Last inbound message per (client, contact): the 24-hour customer service window. */
export interface ServiceWindowRepository {
  recordInbound(client: ClientId, contact: string, at: Date): Promise<void>;
  lastInbound(client: ClientId, contact: string): Promise<Date | undefined>;
}

/** Partner-level settings: the trial state. */
export interface PartnerSettingsRepository {
  get(partnerId: PartnerId, name: string): Promise<string | undefined>;
  set(partnerId: PartnerId, name: string, value: string | null): Promise<void>;
  /** Sets the setting only if it has no value yet; true when this call set it (once across instances). */
  setIfAbsent(partnerId: PartnerId, name: string, value: string): Promise<boolean>;
}

/** Recipients registered for real delivery of test-key sends, per client. */
export interface TestRecipientRepository {
  add(client: ClientId, recipient: string, at: Date): Promise<void>;
  remove(client: ClientId, recipient: string): Promise<boolean>;
  has(client: ClientId, recipient: string): Promise<boolean>;
  list(client: ClientId): Promise<string[]>;
}

/** A delivery taken by one instance until `until`; another instance takes it over only once that has passed. */
export interface DeliveryLease {
  owner: string;
  until: Date;
}

export interface WebhookRepository {
  config(partnerId: PartnerId): Promise<WebhookConfig | undefined>;
  saveConfig(partnerId: PartnerId, config: WebhookConfig): Promise<void>;
  insertEvent(event: StoredEvent): Promise<void>;
  findEvent(partnerId: PartnerId, eventId: string): Promise<StoredEvent | undefined>;
  insertDelivery(delivery: Delivery): Promise<void>;
  findDelivery(partnerId: PartnerId, id: string): Promise<Delivery | undefined>;
  /**
   * Takes up to `limit` pending deliveries due at `now` in their partner's time (`now` plus its clock's offset;
   * any partner's, oldest due first) whose lease is free or expired, leasing them to `lease.owner`: an instance gets each one alone, across instances.
   */
  claimDue(now: Date, lease: DeliveryLease, limit: number): Promise<Delivery[]>;
  /** Records an attempt's outcome on the delivery, if `owner` still holds its lease; false when it lost it. */
  completeAttempt(delivery: Delivery, owner: string): Promise<boolean>;
  /** The earliest next attempt of a pending delivery. */
  nextDueAt(): Promise<Date | undefined>;
  /** Newest first. */
  listDeliveries(partnerId: PartnerId, filter: { eventId?: string; event?: string; state?: DeliveryState; limit: number }): Promise<Delivery[]>;
  insertAttempt(attempt: DeliveryAttempt): Promise<void>;
  attemptsOf(deliveryId: string): Promise<DeliveryAttempt[]>;
  /** Makes a held delivery (one not attempted yet) due at `at`. */
  releaseHeld(partnerId: PartnerId, deliveryId: string, at: Date): Promise<void>;
}

/**
 * The sandbox's faults, shared by every instance on the data: each turn of a fault is taken by one request
 * (or delivery) alone, whichever instance serves it.
 */
export interface FaultRepository {
  insert(fault: Fault): Promise<void>;
  /** The partner's faults, oldest first, used up or not. */
  list(partnerId: PartnerId): Promise<Fault[]>;
  /** The key's faults with turns left, oldest first. */
  liveOfKey(keyId: string): Promise<Fault[]>;
  /** The partner's delivery faults with turns left, oldest first. */
  liveOfDeliveries(partnerId: PartnerId): Promise<Fault[]>;
  /** The keys and partners that have faults with turns left (read on every request: cached). */
  targets(): Promise<FaultTargets>;
  /** Takes one of a next-N fault's turns; false when none was left (another request took the last). */
  takeTurn(id: string): Promise<boolean>;
  /** Counts one matching request (or delivery) of a share; the count after it. */
  countSeen(id: string): Promise<number>;
  /** Records the delivery an out-of-order fault holds back; false when it already holds one. */
  hold(id: string, deliveryId: string): Promise<boolean>;
  /** The partner's held deliveries (of its out-of-order faults), oldest fault first. */
  held(partnerId: PartnerId): Promise<Array<{ faultId: string; deliveryId: string }>>;
  /** Lets go of a held delivery; false when another publication let go of it first. */
  letGo(id: string, deliveryId: string): Promise<boolean>;
  /** Removes one of the partner's faults; the fault removed, if it was there. */
  remove(partnerId: PartnerId, id: string): Promise<Fault | undefined>;
  /** Removes the partner's faults (of one key when given); how many. */
  clear(partnerId: PartnerId, keyId?: string): Promise<number>;
}

/** Request counters per key and fixed window, shared by every instance on the data. */
export interface RateLimitRepository {
  /** Counts one request of the key in the window starting at `windowStart` (epoch ms); the count after it. */
  hit(keyId: string, windowStart: number): Promise<number>;
  /** Drops the counters of windows that started before `windowStart`. */
  purgeBefore(windowStart: number): Promise<void>;
}

/**
 * What the purge of retention removes, each kind in batches of at most `limit` rows, one statement at a time
 * (no transaction: nothing a request waits on is held), and the claim that makes one instance at a time
 * purge a kind across every instance on the data.
 */
export interface RetentionRepository {
  /**
   * Takes the purge of `family` for `owner` until `until`, when it is due at `now` and no other owner holds an
   * unexpired claim; false otherwise.
   */
  claim(family: string, owner: string, now: Date, until: Date): Promise<boolean>;
  /** Lets go of `owner`'s claim of `family`; its next purge is due at `nextAt`. */
  release(family: string, owner: string, nextAt: Date): Promise<void>;
  /** Message records created before `before`, their status histories first; the rows removed. */
  purgeMessages(before: Date, limit: number): Promise<number>;
  /**
   * Webhook deliveries that ended (succeeded or failed) before `before` with their attempts (attempts first),
   * then events created before `before` that no delivery names any more; the rows removed.
   */
  purgeDeliveries(before: Date, limit: number): Promise<number>;
  /** Hosted sessions created before `before`; the rows removed. */
  purgeSessions(before: Date, limit: number): Promise<number>;
  /** Service windows whose last inbound message came before `before` (closed long ago); the rows removed. */
  purgeServiceWindows(before: Date, limit: number): Promise<number>;
}

export interface Store {
  /** Which database holds the data: the embedded SQLite file, or a PostgreSQL server several instances share. */
  readonly kind: 'sqlite' | 'postgres';
  partners: PartnerRepository;
  portalTokens: PortalTokenRepository;
  requestLog: RequestLogRepository;
  partnerClocks: PartnerClockRepository;
  keys: KeyRepository;
  clients: ClientRepository;
  sessions: SessionRepository;
  usage: UsageRepository;
  templates: TemplateRepository;
  messages: MessageRepository;
  serviceWindow: ServiceWindowRepository;
  partnerSettings: PartnerSettingsRepository;
  testRecipients: TestRecipientRepository;
  webhooks: WebhookRepository;
  rateLimits: RateLimitRepository;
  faults: FaultRepository;
  retention: RetentionRepository;
  /** Runs `fn` atomically with `tx`, the same repositories inside one transaction: use `tx`, not this store, in it. */
  transaction<T>(fn: (tx: Store) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}
