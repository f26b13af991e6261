import type { components } from '../../generated/openapi';
import type { NewWebhookEvent } from '../domain/shared/events';
import { DEFAULT_PARTNER_ID, type TemplateRecord } from '../store/records';
import { testClock, type TestClock } from './clock';
import { startTestServer, type TestServer } from '.';

/**
 * The send and media tests' fixture: a server with a recording event publisher, a live and a test key, a
 * chat and a social client.
 */
export interface MessagingFixture {
  server: TestServer;
  clock: TestClock;
  events: NewWebhookEvent[];
  live: string;
  test: string;
  chat: string;
  social: string;
}

export type StatusEvent = Pick<components['schemas']['MessageStatusEvent'], 'event' | 'channel' | 'client_ref' | 'statuses'>;

/** The `message.status` events raised so far. */
export const statusEvents = (f: Pick<MessagingFixture, 'events'>) =>
  f.events.filter((e) => e.event === 'message.status') as unknown as StatusEvent[];

export async function messagingFixture(opts: { dataDir?: string } = {}): Promise<MessagingFixture> {
  const clock = testClock();
  const events: NewWebhookEvent[] = [];
  const server = await startTestServer({
    dataDir: opts.dataDir,
    now: clock.now,
    env: { RATE_LIMIT_MAX: '100000' },
    events: { publish: (_partner, e) => void events.push(e) },
  });
  const live = await server.createKey({ mode: 'live', scopes: 'all' });
  const test = await server.createKey({ mode: 'test', scopes: 'all' });
  await server.connectClient({ clientRef: 'acme-chat', channel: 'chat' });
  await server.connectClient({ clientRef: 'acme-social', channel: 'social' });
  return { server, clock, events, live, test, chat: 'acme-chat', social: 'acme-social' };
}

/** A multipart body with `client_ref` and a `file` part of `bytes`, declared `type`. */
export function uploadForm(clientRef: string | undefined, bytes: Buffer | undefined, type: string, filename = 'upload.bin'): FormData {
  const form = new FormData();
  if (clientRef !== undefined) form.append('client_ref', clientRef);
  if (bytes !== undefined) form.append('file', new Blob([new Uint8Array(bytes)], { type }), filename);
  return form;
}

/** A template stored straight into the mirror, in any state and shape the template sends need. */
export async function seedTemplate(server: TestServer, template: Partial<TemplateRecord> & Pick<TemplateRecord, 'name' | 'components'>): Promise<TemplateRecord> {
  const record: TemplateRecord = {
    id: String(1_000_000_000_000_000 + Math.floor(Math.random() * 1e12)),
    partner_id: DEFAULT_PARTNER_ID,
    client_ref: 'acme-chat',
    language: 'en_US',
    category: 'UTILITY',
    status: 'APPROVED',
    rejected_reason: null,
    template_type: template.components.some((c) => String(c.type).toUpperCase() === 'CAROUSEL') ? 'CAROUSEL' : 'STANDARD',
    created_at: new Date('2026-11-01T00:00:00.000Z'),
    updated_at: new Date('2026-11-01T00:00:00.000Z'),
    ...template,
  };
  await server.store.templates.upsert(record);
  return record;
}

