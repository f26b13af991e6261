// A partner's webhook receiver, as the partner portal configures it (section 6): the URL events are POSTed
// to, the event kinds selected (none selected: every kind) and the signing secret the portal issues. The
// sandbox sets it; publishing asks it where an event goes, the delivery worker which secret signs it.
import { WEBHOOK_EVENTS } from '../../../generated/constants';
import { LIMITS } from '../../sandbox/generated/constants';
import type { PartnerId, WebhookConfig, WebhookEventKind } from '../../store/records';
import type { WebhookRepository } from '../../store/repositories';
import type { Clock } from '../shared/clock';
import { badRequest } from '../shared/errors';
import type { IdGenerator } from '../shared/ids';

/** A change of the configuration; what is left out stays. */
export interface ReceiverChange {
  url?: string | null;
  /** The kinds to deliver; empty selects every kind. */
  events?: string[];
  secret?: string;
  /** Issue a new signing secret. */
  rotateSecret?: boolean;
}

/** The portal saves only an http(s) URL. */
export function assertReceiverUrl(url: string): void {
  if (!/^https?:\/\/[^\s]+$/.test(url)) {
    throw badRequest(`The receiver URL must be an http(s) URL, got "${url}".`, { details: { url: ['must be an http(s) URL'] } });
  }
}

/** Only the contract's event kinds can be selected. */
export function assertKnownEventKinds(events: string[]): asserts events is WebhookEventKind[] {
  const unknown = events.filter((e) => !(WEBHOOK_EVENTS as readonly string[]).includes(e));
  if (unknown.length > 0) {
    throw badRequest(`Unknown event kind(s): ${unknown.join(', ')}.`, { details: { events: [`known: ${WEBHOOK_EVENTS.join(', ')}`] } });
  }
}

/** A signing secret the partner chooses is as long as the sandbox contract's `SigningSecret` asks, at least. */
export function assertSigningSecret(secret: string): void {
  const { minLength } = LIMITS.SigningSecret;
  if (secret.length < minLength) throw badRequest(`The signing secret must be at least ${minLength} characters.`, { details: { secret: [`at least ${minLength} characters`] } });
}

/** An event of `kind` goes to the receiver when a URL is set and the kind is selected (none selected: every kind). */
export const receives = (config: WebhookConfig, kind: WebhookEventKind): boolean =>
  config.url !== null && (config.events.length === 0 || config.events.includes(kind));

export interface WebhookReceiversDeps {
  repo: Pick<WebhookRepository, 'config' | 'saveConfig'>;
  clock: Clock;
  ids: IdGenerator;
}

export class WebhookReceivers {
  constructor(private readonly deps: WebhookReceiversDeps) {}

  /** A partner's receiver configuration, created with a fresh signing secret on first use. */
  async config(partnerId: PartnerId): Promise<WebhookConfig> {
    const existing = await this.deps.repo.config(partnerId);
    if (existing) return existing;
    const created: WebhookConfig = { url: null, events: [], secret: this.newSecret(), updated_at: this.deps.clock() };
    await this.deps.repo.saveConfig(partnerId, created);
    return created;
  }

  /** Sets the receiver URL, the selected kinds and/or the secret. */
  async configure(partnerId: PartnerId, change: ReceiverChange): Promise<WebhookConfig> {
    const current = await this.config(partnerId);
    if (change.url !== undefined && change.url !== null) assertReceiverUrl(change.url);
    if (change.events !== undefined) assertKnownEventKinds(change.events);
    if (change.secret !== undefined) assertSigningSecret(change.secret);
    const next: WebhookConfig = {
      url: change.url === undefined ? current.url : change.url,
      events: change.events === undefined ? current.events : [...new Set(change.events)],
      secret: change.rotateSecret ? this.newSecret() : (change.secret ?? current.secret),
      updated_at: this.deps.clock(),
    };
    await this.deps.repo.saveConfig(partnerId, next);
    return next;
  }

  /** Where a new event of `kind` is delivered, or null when the partner's receiver does not take it. */
  async destinationOf(partnerId: PartnerId, kind: WebhookEventKind): Promise<string | null> {
    const config = await this.config(partnerId);
    return receives(config, kind) ? config.url : null;
  }

  /** A manual redelivery goes to the current receiver URL, whatever kinds are selected; 400 when none is set. */
  async redeliveryUrl(partnerId: PartnerId): Promise<string> {
    const { url } = await this.config(partnerId);
    if (url === null) throw badRequest('No receiver URL is configured; set one first.');
    return url;
  }

  /** The secret every delivery to the partner's receiver is signed with. */
  async secretOf(partnerId: PartnerId): Promise<string> {
    return (await this.config(partnerId)).secret;
  }

  private newSecret(): string {
    return `whsec_${this.deps.ids.secret(24)}`;
  }
}
