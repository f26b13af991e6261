import { createReadStream, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Clock } from '../domain/clock';
import { DAY_MS } from '../domain/clock';
import type { EventPublisher } from '../domain/events';
import type { IdGenerator } from '../domain/ids';
import type { MessagingWiring } from '../domain/messaging';
import type { MediaRepository } from '../store/messaging';
import { ProviderError } from './channel-provider';
import {
  MediaNotFoundError,
  MissingCredentialsError,
  type DeliveryFailure,
  type InboundMediaIntake,
  type MediaContent,
  type MediaFile,
  type MessagingProvider,
  type OutboundMessage,
  type ProviderAccount,
  type SendReceipt,
} from './messaging';

/** The provider keeps uploaded and inbound media this long (section 8). */
export const PROVIDER_MEDIA_RETENTION_MS = 30 * DAY_MS;

/** One call the simulated provider received, for tests to inspect. */
export interface SimulatedMessagingCall {
  method: 'sendMessage' | 'uploadMedia' | 'fetchMedia' | 'receiveInboundMedia';
  account: ProviderAccount;
  /** sendMessage: the message; uploadMedia / receiveInboundMedia: the file's metadata; fetchMedia: the id. */
  input: OutboundMessage | Omit<MediaFile, 'path'> | { mediaId: string };
  /** What it answered: a message or media id, or the error's reason. */
  outcome: string;
}

export interface SimulatedMessagingOptions {
  media: MediaRepository;
  /** Where the provider keeps media bytes (DATA_DIR/provider-media). */
  directory: string;
  clock: Clock;
  ids: IdGenerator;
}

/**
 * Deterministic stand-in for the channel provider's messaging side. Its documented triggers:
 *
 * | call | trigger | outcome |
 * |---|---|---|
 * | send (free-form or template) | `to` ends in `0422` | rejected: provider code `131026`, "Message undeliverable" (→ 422 `provider_rejected`) |
 * | send | `to` ends in `0502` | unreachable (→ 502 `upstream_unavailable`) |
 * | send | `to` ends in `0410` | accepted, then `failed` at once (code `131026`, "Message undeliverable") |
 * | send | a media or header `link` whose host starts with `unfetchable` | accepted, then `failed` (code `131053`, "Media download error") |
 * | upload media | file name starts with `reject` | rejected: `131053`, "Media upload error" (→ 422 `provider_rejected`) |
 * | upload media | file name starts with `unavailable` | unreachable (→ 502) |
 * | fetch media | media id starts with `unavailable` | unreachable (→ 502) |
 * | fetch media | account whose credentials were revoked (`revokeCredentials`) | no credentials (→ 409 `conflict`) |
 * | fetch media | unknown id, another account's id, or older than 30 days | not found (→ 404 `media_not_found`) |
 *
 * Everything else is accepted. Message ids: `wamid.…` on chat, `m_…` on social; media ids: 16 digits.
 */
export class SimulatedMessagingProvider implements MessagingProvider, InboundMediaIntake {
  static readonly REJECTED_RECIPIENT_SUFFIX = '0422';
  static readonly UNREACHABLE_RECIPIENT_SUFFIX = '0502';
  static readonly FAILING_RECIPIENT_SUFFIX = '0410';

  /** Every call, oldest first. */
  readonly calls: SimulatedMessagingCall[] = [];
  private readonly revoked = new Set<string>();

  constructor(private readonly options: SimulatedMessagingOptions) {}

  /** Simulates an account whose channel credentials are gone (GET /media answers 409). */
  revokeCredentials(accountKey: string): void {
    this.revoked.add(accountKey);
  }

  restoreCredentials(accountKey: string): void {
    this.revoked.delete(accountKey);
  }

  async sendMessage(account: ProviderAccount, message: OutboundMessage): Promise<SendReceipt> {
    const record = (outcome: string) => this.calls.push({ method: 'sendMessage', account, input: message, outcome });
    if (message.to.endsWith(SimulatedMessagingProvider.UNREACHABLE_RECIPIENT_SUFFIX)) {
      record('unavailable');
      throw new ProviderError('unavailable', 'The channel provider did not answer.');
    }
    if (message.to.endsWith(SimulatedMessagingProvider.REJECTED_RECIPIENT_SUFFIX)) {
      record('rejected');
      throw new ProviderError('rejected', 'Message undeliverable', '131026');
    }
    const messageId = this.messageId(account);
    record(messageId);
    const failure = this.deliveryFailure(message);
    return failure ? { messageId, failure } : { messageId };
  }

  async uploadMedia(account: ProviderAccount, file: MediaFile): Promise<{ mediaId: string }> {
    const { path: _path, ...meta } = file;
    const name = (file.filename ?? '').toLowerCase();
    if (name.startsWith('unavailable')) {
      rmSync(file.path, { force: true });
      this.calls.push({ method: 'uploadMedia', account, input: meta, outcome: 'unavailable' });
      throw new ProviderError('unavailable', 'The channel provider did not answer.');
    }
    if (name.startsWith('reject')) {
      rmSync(file.path, { force: true });
      this.calls.push({ method: 'uploadMedia', account, input: meta, outcome: 'rejected' });
      throw new ProviderError('rejected', 'Media upload error', '131053');
    }
    const mediaId = this.keep(account, file, 'upload');
    this.calls.push({ method: 'uploadMedia', account, input: meta, outcome: mediaId });
    return { mediaId };
  }

  async receiveInboundMedia(account: ProviderAccount, file: MediaFile): Promise<{ mediaId: string }> {
    const { path: _path, ...meta } = file;
    const mediaId = this.keep(account, file, 'inbound');
    this.calls.push({ method: 'receiveInboundMedia', account, input: meta, outcome: mediaId });
    return { mediaId };
  }

  async fetchMedia(account: ProviderAccount, mediaId: string): Promise<MediaContent> {
    const record = (outcome: string) => this.calls.push({ method: 'fetchMedia', account, input: { mediaId }, outcome });
    if (mediaId.startsWith('unavailable')) {
      record('unavailable');
      throw new ProviderError('unavailable', 'The channel provider did not answer.');
    }
    if (this.revoked.has(account.account_key)) {
      record('no_credentials');
      throw new MissingCredentialsError();
    }
    const media = this.options.media.find(account.account_key, mediaId);
    if (!media || media.expires_at.getTime() <= this.options.clock().getTime()) {
      record('not_found');
      throw new MediaNotFoundError(mediaId);
    }
    record(mediaId);
    return { mimeType: media.mime_type, size: media.size, sha256: media.sha256, open: () => createReadStream(media.path) };
  }

  /** Deletes media past their 30 days (bytes and record); returns how many went. */
  purgeExpired(): number {
    const expired = this.options.media.expired(this.options.clock());
    for (const media of expired) {
      rmSync(media.path, { force: true });
      this.options.media.remove(media.id);
    }
    return expired.length;
  }

  private keep(account: ProviderAccount, file: MediaFile, direction: 'upload' | 'inbound'): string {
    this.purgeExpired();
    const id = digitsOf(this.options.ids.id('media'), 16);
    mkdirSync(this.options.directory, { recursive: true });
    const path = join(this.options.directory, id);
    renameSync(file.path, path);
    const now = this.options.clock();
    this.options.media.insert({
      id,
      account_key: account.account_key,
      direction,
      kind: file.kind,
      mime_type: file.mimeType,
      size: file.size,
      sha256: file.sha256,
      filename: file.filename ?? null,
      path,
      created_at: now,
      expires_at: new Date(now.getTime() + PROVIDER_MEDIA_RETENTION_MS),
    });
    return id;
  }

  private messageId(account: ProviderAccount): string {
    const raw = this.options.ids.id('msg');
    return account.channel === 'chat'
      ? `wamid.${Buffer.from(raw).toString('base64')}`
      : `m_${Buffer.from(raw.slice(-22)).toString('base64url')}`;
  }

  private deliveryFailure(message: OutboundMessage): DeliveryFailure | undefined {
    if (message.to.endsWith(SimulatedMessagingProvider.FAILING_RECIPIENT_SUFFIX)) {
      return { code: 131026, title: 'Message undeliverable', message: 'The recipient cannot receive this message.' };
    }
    const links = JSON.stringify(message.payload).match(/"link":"([^"]*)"/g) ?? [];
    for (const entry of links) {
      const link = entry.slice(8, -1);
      try {
        if (new URL(link).hostname.startsWith('unfetchable')) {
          return { code: 131053, title: 'Media download error', message: `The media at ${link} could not be fetched.` };
        }
      } catch {
        continue;
      }
    }
    return undefined;
  }
}

/** `count` decimal digits from an id's hex part (media ids look like the provider's: digits). */
function digitsOf(id: string, count: number): string {
  const hex = id.replace(/^[^_]*_/, '').replace(/[^0-9a-f]/gi, '') || '0';
  const digits = BigInt(`0x${hex}`).toString();
  return `1${digits.slice(0, count - 1).padStart(count - 1, '0')}`;
}

/** An EventPublisher that drops events: only until the webhook publisher (issue 5) is wired in. */
export const droppingPublisher: EventPublisher = { publish: () => undefined };

/**
 * The simulated messaging provider and the messaging wiring of the domain: media bytes in
 * `<dataDir>/provider-media`, upload spool in `<dataDir>/uploads` (a fresh temporary folder when no
 * data folder is given, as for in-memory test servers).
 */
export function simulatedMessaging(opts: {
  media: MediaRepository;
  dataDir: string | undefined;
  clock: Clock;
  ids: IdGenerator;
  events?: EventPublisher;
}): { provider: SimulatedMessagingProvider; wiring: MessagingWiring } {
  const base = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'reference-media-'));
  const provider = new SimulatedMessagingProvider({
    media: opts.media,
    directory: join(base, 'provider-media'),
    clock: opts.clock,
    ids: opts.ids,
  });
  return { provider, wiring: { provider, spoolDirectory: join(base, 'uploads'), events: opts.events ?? droppingPublisher } };
}
