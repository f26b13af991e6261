import { Readable } from 'node:stream';
import type { ChannelProvider } from '../provider/channel-provider';
import type { PartnerId } from '../store/records';
import type { Store } from '../store/repositories';
import { Clients } from './onboarding/clients';
import type { Clock } from './shared/clock';
import type { EventPublisher } from './shared/events';
import type { IdGenerator } from './shared/ids';
import { InboundMessages } from './messaging/inbound';
import { ApiKeys } from './access/keys';
import { Media } from './media/media';
import { MediaScope } from './media/media-scope';
import { spoolMediaUpload, type SpooledMedia } from './media/upload-spool';
import { MessageStatuses } from './messaging/message-status';
import { Partners } from './access/partners';
import { PortalTokens } from './access/portal-tokens';
import { FixedWindowRateLimiter, type RateLimitPolicy } from './access/rate-limit';
import { Sending } from './messaging/sending';
import { ServiceWindow } from './messaging/service-window';
import { Sessions, Signup } from './onboarding/sessions';
import { Templates } from './templates/templates';
import type { MediaUrlFetcher } from './templates/media-url';
import { TestRecipients } from './messaging/test-recipients';
import { Trial } from './access/trial';
import { Usage } from './usage/usage';

/** Everything the rules need from outside; all of it is required. */
export interface DomainDeps {
  store: Store;
  provider: ChannelProvider;
  clock: Clock;
  ids: IdGenerator;
  rateLimit: RateLimitPolicy;
  /** Where the rules raise webhook events (the webhook delivery). */
  events: EventPublisher;
  /** Downloads template header `media_url`s. */
  mediaUrls: MediaUrlFetcher;
  /** Where uploads are streamed before the provider takes them (DATA_DIR/uploads). */
  spoolDirectory: string;
  /** A partner's time, when work for it may run outside its time (a key's expiry, checked before its partner is known). */
  partnerNow?: (partnerId: PartnerId) => Promise<Date>;
}

/** Every domain service, wired once; the HTTP layer, the sandbox and the command-line tools share it. */
export interface Domain {
  clock: Clock;
  partners: Partners;
  portalTokens: PortalTokens;
  keys: ApiKeys;
  rateLimiter: FixedWindowRateLimiter;
  clients: Clients;
  sessions: Sessions;
  signup: Signup;
  usage: Usage;
  sending: Sending;
  media: Media;
  statuses: MessageStatuses;
  serviceWindow: ServiceWindow;
  inbound: InboundMessages;
  trial: Trial;
  testRecipients: TestRecipients;
  templates: Templates;
  /** Streams an upload to the spool folder through the upload rule (domain/media/upload-spool.ts). */
  spoolUpload(stream: Readable, declaredType: string | undefined, filename: string | undefined): Promise<SpooledMedia>;
  /** Spools bytes as an upload would (kind detection included). */
  spoolBytes(bytes: Buffer, declaredType: string, filename?: string): Promise<SpooledMedia>;
}

export function createDomain({ store, provider, clock, ids, rateLimit, events, mediaUrls, spoolDirectory, partnerNow }: DomainDeps): Domain {
  const clients = new Clients(store, clock);
  const usage = new Usage(store, clock);
  const statuses = new MessageStatuses(store.messages, clients, events, clock);
  const serviceWindow = new ServiceWindow(store.serviceWindow, clock);
  const inbound = new InboundMessages({ clients, serviceWindow, usage, events, clock });
  // What the provider notifies: end users' actions and receipts here, template reviews in Templates.
  inbound.follow(provider.messaging);
  statuses.follow(provider.messaging);
  const trial = new Trial(store.partnerSettings, clock);
  const testRecipients = new TestRecipients(store.testRecipients, clock);
  const mediaScope = new MediaScope(provider.media, clock);
  const spoolUpload = (stream: Readable, declaredType: string | undefined, filename: string | undefined) =>
    spoolMediaUpload(stream, { directory: spoolDirectory, declaredType, filename, ids });
  return {
    clock,
    partners: new Partners(store, clock, ids),
    portalTokens: new PortalTokens(store, clock, ids),
    keys: new ApiKeys(store, clock, ids, partnerNow),
    rateLimiter: new FixedWindowRateLimiter(rateLimit, store.rateLimits, clock),
    clients,
    sessions: new Sessions(store, clients, provider.onboarding, clock, ids),
    signup: new Signup(clients, provider.onboarding),
    usage,
    sending: new Sending({
      clients,
      templates: store.templates,
      provider: provider.messaging,
      mediaScope,
      serviceWindow,
      trial,
      testRecipients,
      statuses,
      usage,
      clock,
      ids,
    }),
    media: new Media(clients, provider.media, mediaScope),
    statuses,
    serviceWindow,
    inbound,
    trial,
    testRecipients,
    templates: new Templates({ store, clock, provider: provider.templates, mediaScope, events, fetcher: mediaUrls, spool: spoolUpload }),
    spoolUpload,
    spoolBytes: (bytes, declaredType, filename) => spoolUpload(Readable.from([bytes]), declaredType, filename),
  };
}
