import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { ProviderError } from '../provider/channel-provider';
import type { InboundMediaIntake, MessagingProvider } from '../provider/messaging';
import type { Store } from '../store/repositories';
import type { Clients } from './clients';
import type { Clock } from './clock';
import type { EventPublisher } from './events';
import type { IdGenerator } from './ids';
import { Media } from './media';
import { spoolMediaUpload, type SpooledMedia } from './media-upload';
import { MessageStatuses } from './message-status';
import { Sending } from './sending';
import { ServiceWindow } from './service-window';
import { TestRecipients } from './test-recipients';
import { Trial } from './trial';
import type { Usage } from './usage';

/** What sends and media need beyond the platform: the provider's messaging side, a spool folder, events. */
export interface MessagingWiring {
  provider: MessagingProvider & Partial<InboundMediaIntake>;
  /** Where uploads are streamed to before the provider takes them (DATA_DIR/uploads). */
  spoolDirectory: string;
  /** `message.status` events go here (the webhook module's publisher). */
  events: EventPublisher;
}

/** Sends, media, and the state they read (issue 4); the sandbox drives the same objects. */
export interface Messaging {
  sending: Sending;
  media: Media;
  statuses: MessageStatuses;
  serviceWindow: ServiceWindow;
  trial: Trial;
  testRecipients: TestRecipients;
  /** Where uploads are streamed to before the provider takes them. */
  spoolDirectory: string;
  /** Streams an upload to the spool folder through the upload rule (domain/media-upload.ts). */
  spoolUpload(stream: Readable, declaredType: string | undefined, filename: string | undefined): Promise<SpooledMedia>;
  /** Spools bytes as an upload would (kind detection included): for inbound media simulation. */
  spoolBytes(bytes: Buffer, declaredType: string, filename?: string): Promise<SpooledMedia>;
}

export function createMessaging(
  wiring: MessagingWiring,
  platform: { store: Store; clients: Clients; usage: Usage; clock: Clock; ids: IdGenerator },
): Messaging {
  const { store, clients, usage, clock, ids } = platform;
  const statuses = new MessageStatuses(store.messages, wiring.events, clock);
  const serviceWindow = new ServiceWindow(store.serviceWindow, clock);
  const trial = new Trial(store.partnerSettings, clock);
  const testRecipients = new TestRecipients(store.testRecipients, clock);
  const intake = wiring.provider.receiveInboundMedia ? (wiring.provider as InboundMediaIntake) : undefined;
  return {
    sending: new Sending({
      clients,
      templates: store.templates,
      provider: wiring.provider,
      serviceWindow,
      trial,
      testRecipients,
      statuses,
      usage,
      clock,
      ids,
    }),
    media: new Media(clients, wiring.provider, intake),
    statuses,
    serviceWindow,
    trial,
    testRecipients,
    spoolDirectory: wiring.spoolDirectory,
    spoolUpload: (stream, declaredType, filename) =>
      spoolMediaUpload(stream, { directory: wiring.spoolDirectory, declaredType, filename, ids }),
    spoolBytes: (bytes, declaredType, filename) =>
      spoolMediaUpload(Readable.from([bytes]), { directory: wiring.spoolDirectory, declaredType, filename, ids }),
  };
}

/** Wiring for a domain built without a messaging provider: every provider call answers "unreachable". */
export function unwiredMessaging(): MessagingWiring {
  const unreachable = async (): Promise<never> => {
    throw new ProviderError('unavailable', 'No messaging provider is wired.');
  };
  return {
    provider: { sendMessage: unreachable, uploadMedia: unreachable, fetchMedia: unreachable },
    spoolDirectory: join(tmpdir(), 'reference-uploads'),
    events: { publish: () => undefined },
  };
}
