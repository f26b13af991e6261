import type { ClientRecord } from '../domain/clients';
import type { ApiKey } from '../domain/keys';
import type { OnboardingSession } from '../domain/sessions';
import type { UsageKind } from '../domain/usage';
import type { SimulatedTemplateState } from '../provider/simulated-templates';
import type { MessagingStore } from './messaging';
import type { TemplateRepository } from './template-repositories';
import type { WebhookRepository } from './webhook-repositories';

/**
 * Storage behind interfaces. Methods are synchronous (SQLite via better-sqlite3 is); `transaction`
 * runs a function atomically, so a check-then-write rule inside it cannot race.
 * Later issues add their repositories (messages, media, templates, webhook deliveries) to `Store`.
 */
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
  findByAccount(channel: ClientRecord['channel'], accountKey: string): ClientRecord | undefined;
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

export interface UsageCount {
  period: string;
  kind: UsageKind;
  count: number;
}

export interface UsageRepository {
  increment(period: string, kind: UsageKind, by: number): void;
  /** Counts of the periods in [from, to] (`YYYY-MM`, inclusive); periods without traffic are absent. */
  between(from: string, to: string): UsageCount[];
}

export interface Store extends MessagingStore {
  keys: KeyRepository;
  clients: ClientRepository;
  sessions: SessionRepository;
  usage: UsageRepository;
  templates: TemplateRepository;
  webhooks: WebhookRepository;
  /** The simulated provider's own template records (kept here so a restart keeps them). */
  providerTemplates: SimulatedTemplateState;
  transaction<T>(fn: () => T): T;
  close(): void;
}
