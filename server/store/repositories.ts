// Storage behind interfaces: what the domain may ask of the service's data. Methods are synchronous
// (SQLite via better-sqlite3 is); `transaction` runs a function atomically, so a check-then-write rule inside
// it cannot race.
import type {
  ApiKey,
  Channel,
  ClientRecord,
  Delivery,
  DeliveryAttempt,
  DeliveryState,
  MessageRecord,
  OnboardingSession,
  StatusChange,
  StoredEvent,
  TemplateRecord,
  TemplateStatus,
  UsageCount,
  UsageKind,
  WebhookConfig,
} from './records';

export interface KeyRepository {
  insert(key: ApiKey): void;
  update(key: ApiKey): void;
  findById(id: string): ApiKey | undefined;
  findByHash(hash: string): ApiKey | undefined;
  /** Oldest first. */
  list(): ApiKey[];
  count(): number;
}

export interface ClientRepository {
  insert(client: ClientRecord): void;
  findByRef(clientRef: string): ClientRecord | undefined;
  /** The client holding a provider account (`chat`: the number id; `social`: the account id). */
  findByAccount(channel: Channel, accountKey: string): ClientRecord | undefined;
  /** Oldest first. */
  page(limit: number, offset: number): ClientRecord[];
  count(): number;
}

export interface SessionRepository {
  insert(session: OnboardingSession): void;
  findById(id: string): OnboardingSession | undefined;
  /** Marks an unused session used; false when it was already used. */
  markUsed(id: string, at: Date): boolean;
}

export interface UsageRepository {
  increment(period: string, kind: UsageKind, by: number): void;
  /** Counts of the periods in [from, to] (`YYYY-MM`, inclusive); periods without traffic are absent. */
  between(from: string, to: string): UsageCount[];
}

/** The local template mirror, the edit history and the blocked names of deleted templates. */
export interface TemplateRepository {
  /** Inserts or replaces the template with this id. */
  upsert(template: TemplateRecord): void;
  delete(clientRef: string, id: string): void;
  findById(clientRef: string, id: string): TemplateRecord | undefined;
  /** Every language of a name. */
  findByName(clientRef: string, name: string): TemplateRecord[];
  /** Oldest first. */
  list(clientRef: string): TemplateRecord[];
  /** The client holding the template with this provider id (provider status updates carry the id). */
  findByProviderId(id: string): TemplateRecord | undefined;
  /** When the mirror of the client was last pulled from the provider. */
  syncedAt(clientRef: string): Date | undefined;
  markSynced(clientRef: string, at: Date): void;
  recordEdit(templateId: string, at: Date, fromStatus: TemplateStatus): void;
  /** Times of the edits made while the template was in `status`, newer than `since`. */
  editsSince(templateId: string, since: Date, status: TemplateStatus): Date[];
  blockName(clientRef: string, name: string, at: Date): void;
  /** When the name was last deleted, if ever. */
  nameDeletedAt(clientRef: string, name: string): Date | undefined;
  /**
   * Holds a name and language of a client for one creation or edit until `until`, across every instance on
   * the data: false when another holds it and its hold has not expired at `now`.
   */
  reserveName(clientRef: string, name: string, language: string, now: Date, until: Date): boolean;
  releaseName(clientRef: string, name: string, language: string): void;
}

export interface MessageRepository {
  insert(message: MessageRecord): void;
  findById(id: string): MessageRecord | undefined;
  /** Moves the current status and appends the change to the history. */
  recordStatus(change: StatusChange): void;
  /** The status history of a message, oldest first. */
  history(id: string): StatusChange[];
}

/** Last inbound message per (client, contact): the 24-hour customer service window. */
export interface ServiceWindowRepository {
  recordInbound(clientRef: string, contact: string, at: Date): void;
  lastInbound(clientRef: string, contact: string): Date | undefined;
}

/** Partner-level settings (one partner per server): the trial state. */
export interface PartnerSettingsRepository {
  get(name: string): string | undefined;
  set(name: string, value: string | null): void;
}

/** Recipients registered for real delivery of test-key sends, per client. */
export interface TestRecipientRepository {
  add(clientRef: string, recipient: string, at: Date): void;
  remove(clientRef: string, recipient: string): boolean;
  has(clientRef: string, recipient: string): boolean;
  list(clientRef: string): string[];
}

export interface WebhookRepository {
  config(): WebhookConfig | undefined;
  saveConfig(config: WebhookConfig): void;
  insertEvent(event: StoredEvent): void;
  findEvent(eventId: string): StoredEvent | undefined;
  insertDelivery(delivery: Delivery): void;
  updateDelivery(delivery: Delivery): void;
  findDelivery(id: string): Delivery | undefined;
  /** Pending deliveries due at `now`, oldest due first. */
  dueDeliveries(now: Date): Delivery[];
  /** The earliest next attempt of a pending delivery. */
  nextDueAt(): Date | undefined;
  /** Newest first. */
  listDeliveries(filter: { eventId?: string; event?: string; state?: DeliveryState; limit: number }): Delivery[];
  insertAttempt(attempt: DeliveryAttempt): void;
  attemptsOf(deliveryId: string): DeliveryAttempt[];
}

export interface Store {
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
  transaction<T>(fn: () => T): T;
  close(): void;
}
