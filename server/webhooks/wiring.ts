import type { Clock } from '../domain/clock';
import type { IdGenerator } from '../domain/ids';
import type { MediaUrlFetcher } from '../domain/templates-media';
import { HttpMediaUrlFetcher } from '../provider/media-url-fetcher';
import { SimulatedTemplateProvider } from '../provider/simulated-templates';
import type { Store } from '../store/repositories';
import { WebhookDelivery, type WebhookTransport } from './delivery';

/** Configuration of issue 5, from environment variables (README, "Reference server"). */
export interface EventsConfig {
  /** TEMPLATE_REVIEW_DELAY_MS, default 5000: how long the simulated review (and each later move) takes. */
  reviewDelayMs: number;
  /** TEMPLATE_MEDIA_ALLOW_PRIVATE_URLS=true lets header media_url point at private/loopback addresses (tests). */
  allowPrivateMediaUrls: boolean;
  /** SANDBOX_ADMIN_TOKEN; when unset, one is generated and printed at first start (kept in DATA_DIR). */
  sandboxAdminToken: string | null;
  /** TICK_INTERVAL_MS, default 250: how often due deliveries and simulated reviews run. */
  tickIntervalMs: number;
}

export function loadEventsConfig(env: Record<string, string | undefined>): EventsConfig {
  const int = (name: string, fallback: number) => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    if (!/^\d+$/.test(raw)) throw new Error(`${name} must be a non-negative integer, got "${raw}".`);
    return Number(raw);
  };
  return {
    reviewDelayMs: int('TEMPLATE_REVIEW_DELAY_MS', 5000),
    allowPrivateMediaUrls: env.TEMPLATE_MEDIA_ALLOW_PRIVATE_URLS === 'true',
    sandboxAdminToken: env.SANDBOX_ADMIN_TOKEN || null,
    tickIntervalMs: int('TICK_INTERVAL_MS', 250),
  };
}

/** Webhook delivery, the simulated template provider and the media URL fetcher, wired once. */
export interface EventsWiring {
  webhooks: WebhookDelivery;
  templateProvider: SimulatedTemplateProvider;
  fetcher: MediaUrlFetcher;
  /** Runs what is due now: simulated provider moves, then webhook attempts. Tests call it after moving the clock. */
  tick(): Promise<void>;
  /** Runs `tick` every TICK_INTERVAL_MS until the returned function is called. */
  startTicker(): () => void;
}

export function createEventsWiring(deps: {
  store: Store;
  clock: Clock;
  ids: IdGenerator;
  config: EventsConfig;
  transport?: WebhookTransport;
  onError?: (error: unknown) => void;
}): EventsWiring {
  const webhooks = new WebhookDelivery({ repo: deps.store.webhooks, clock: deps.clock, ids: deps.ids, transport: deps.transport, onError: deps.onError });
  const templateProvider = new SimulatedTemplateProvider(deps.store.providerTemplates, deps.clock, deps.ids, {
    reviewDelayMs: deps.config.reviewDelayMs,
  });
  const fetcher = new HttpMediaUrlFetcher({ allowPrivate: deps.config.allowPrivateMediaUrls });
  let ticking: Promise<void> | undefined;
  const tick = async (): Promise<void> => {
    if (ticking) return ticking;
    ticking = (async () => {
      try {
        await templateProvider.runDue();
        await webhooks.runDue();
        await webhooks.idle();
      } catch (error) {
        deps.onError?.(error);
      } finally {
        ticking = undefined;
      }
    })();
    return ticking;
  };
  return {
    webhooks,
    templateProvider,
    fetcher,
    tick,
    startTicker: () => {
      void tick();
      const timer = setInterval(() => void tick(), deps.config.tickIntervalMs);
      timer.unref();
      return () => {
        clearInterval(timer);
        webhooks.close();
      };
    },
  };
}
