import type { RequestHandler } from 'express';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Domain } from '../domain';
import type { Clock } from '../domain/clock';
import type { EventPublisher } from '../domain/events';
import type { IdGenerator } from '../domain/ids';
import type { TemplatesDeps } from '../domain/templates';
import type { Store } from '../store/repositories';
import type { WebhookTransport } from '../webhooks/delivery';
import { createEventsWiring, loadEventsConfig, type EventsWiring } from '../webhooks/wiring';
import { sandboxRouter } from './router';
import { Sandbox } from './service';

/**
 * Issue 5 wired in two steps around createDomain: `before` gives the event publisher and the template
 * wiring the domain needs; `sandbox(domain)` gives the /sandbox handler and its admin token.
 */
export interface Issue5Wiring {
  events: EventsWiring;
  /** What domain rules publish to (the webhook delivery, unless a test overrides it). */
  publisher: EventPublisher;
  templates: Pick<TemplatesDeps, 'provider' | 'events' | 'fetcher'>;
  sandbox(domain: Domain): { handler: RequestHandler; token: string; generated: boolean; service: Sandbox };
  /** Starts the ticker (due reviews and webhook attempts) unless TICK_INTERVAL_MS is 0; returns its stop. */
  start(): () => void;
}

export function wireIssue5(deps: {
  store: Store;
  clock: Clock;
  ids: IdGenerator;
  env: Record<string, string | undefined>;
  /** Where a generated admin token is kept across restarts (DATA_DIR); none keeps it in memory. */
  dataDir?: string;
  publisher?: EventPublisher;
  transport?: WebhookTransport;
  onError?: (error: unknown) => void;
}): Issue5Wiring {
  const config = loadEventsConfig(deps.env);
  const events = createEventsWiring({ store: deps.store, clock: deps.clock, ids: deps.ids, config, transport: deps.transport, onError: deps.onError });
  const publisher = deps.publisher ?? events.webhooks;
  return {
    events,
    publisher,
    templates: { provider: events.templateProvider, events: publisher, fetcher: events.fetcher },
    sandbox(domain) {
      let token = config.sandboxAdminToken;
      let generated = false;
      if (!token) {
        const file = deps.dataDir ? join(deps.dataDir, 'sandbox-admin-token') : undefined;
        if (file && existsSync(file)) token = readFileSync(file, 'utf8').trim();
        else {
          token = `sbx_${deps.ids.secret(24)}`;
          generated = true;
          if (file) {
            mkdirSync(deps.dataDir!, { recursive: true });
            writeFileSync(file, `${token}\n`, { mode: 0o600 });
          }
        }
      }
      const service = new Sandbox({ domain, webhooks: events.webhooks, templateProvider: events.templateProvider, tick: events.tick });
      return { handler: sandboxRouter(service, token), token, generated, service };
    },
    start() {
      if (config.tickIntervalMs === 0) return () => events.webhooks.close();
      return events.startTicker();
    },
  };
}
