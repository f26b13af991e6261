import type { ChannelProvider } from '../provider/channel-provider';
import type { Store } from '../store/repositories';
import { Clients } from './clients';
import type { Clock } from './clock';
import type { IdGenerator } from './ids';
import { ApiKeys } from './keys';
import { createMessaging, unwiredMessaging, type Messaging, type MessagingWiring } from './messaging';
import { FixedWindowRateLimiter, type RateLimitPolicy } from './rate-limit';
import { Sessions, Signup } from './sessions';
import { Usage } from './usage';
import { Templates, unwiredTemplates, type TemplatesDeps } from './templates';

export interface DomainDeps {
  store: Store;
  provider: ChannelProvider;
  clock: Clock;
  ids: IdGenerator;
  rateLimit: RateLimitPolicy;
  /** Issue 4: sends and media (absent: no messaging provider, sends answer 502). */
  messaging?: MessagingWiring;
  /** Issue 5: template provider, event publisher, header media_url fetcher (absent: provider unreachable). */
  templates?: Pick<TemplatesDeps, 'provider' | 'events' | 'fetcher'>;
}

/** Every domain service, wired once; the HTTP layer, the CLI and the test harness share it. */
export interface Domain {
  clock: Clock;
  keys: ApiKeys;
  rateLimiter: FixedWindowRateLimiter;
  clients: Clients;
  sessions: Sessions;
  signup: Signup;
  usage: Usage;
  messaging: Messaging;
  templates: Templates;
}

export function createDomain({ store, provider, clock, ids, rateLimit, messaging, templates }: DomainDeps): Domain {
  const clients = new Clients(store, clock);
  const usage = new Usage(store, clock);
  const messagingDomain = createMessaging(messaging ?? unwiredMessaging(), { store, clients, usage, clock, ids });
  return {
    clock,
    keys: new ApiKeys(store, clock, ids),
    rateLimiter: new FixedWindowRateLimiter(rateLimit, clock),
    clients,
    sessions: new Sessions(store, clients, provider, clock, ids),
    signup: new Signup(clients, provider),
    usage,
    messaging: messagingDomain,
    templates: new Templates({ store, clock, spool: messagingDomain.spoolUpload, ...(templates ?? unwiredTemplates()) }),
  };
}
