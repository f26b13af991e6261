import { createReadStream, existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import {
  MediaNotFoundError,
  MissingCredentialsError,
  ProviderError,
  type HeldMediaReference,
  type MediaContent,
  type MediaFile,
  type MediaProvider,
  type ProviderAccount,
  type ReceivedMedia,
} from '../channel-provider';
import type { SimulatorCalls } from './calls';
import type { SimulatorClock, SimulatorIds } from './clock-and-ids';
import type { HeldMedia, SimulatorState } from './state';

/**
 * The media side of the simulated provider: it keeps uploaded and inbound media `retentionMs` (the 30 days
 * of section 8), bytes in `directory`. Its triggers:
 *
 * | call | trigger | outcome |
 * |---|---|---|
 * | upload media | file name starts with `reject` | rejected: `131053`, "Media upload error" (→ 422 `provider_rejected`) |
 * | upload media | file name starts with `unavailable` | unreachable (→ 502) |
 * | look up or fetch media | media id starts with `unavailable` | unreachable (→ 502) |
 * | fetch media | account whose credentials were revoked (simulator controls) | no credentials (→ 409 `conflict`) |
 * | look up media | unknown id, or another account's | nothing held (→ 404 `media_not_found`; past its 30 days too, by the domain's media scope rule) |
 * | fetch media | unknown id, another account's id, or older than 30 days | not found (→ 404 `media_not_found`) |
 *
 * Media ids are 16 digits. Header handles (templates.ts uploads them) are held to their business account
 * for the same 30 days.
 */
/** How many expired media `keepAs` removes per statement before it keeps an example's id. */
const KEEP_AS_PURGE_BATCH = 500;

/** The flag of SimulatorState set while an account's channel credentials are dropped. */
const credentialsDropped = (accountKey: string) => `credentials_dropped:${accountKey}`;

export class SimulatedMedia implements MediaProvider {
  constructor(
    private readonly deps: { state: SimulatorState; directory: string; retentionMs: number; clock: SimulatorClock; purgeClock: SimulatorClock; ids: SimulatorIds; calls: SimulatorCalls },
  ) {}

  async uploadMedia(account: ProviderAccount, file: MediaFile): Promise<{ mediaId: string }> {
    const { path: _path, ...meta } = file;
    const name = (file.filename ?? '').toLowerCase();
    const refuse = (outcome: 'unavailable' | 'rejected') => {
      rmSync(file.path, { force: true });
      this.deps.calls.push({ method: 'uploadMedia', account, input: meta, outcome });
      return outcome === 'unavailable'
        ? new ProviderError('unavailable', 'The channel provider did not answer.')
        : new ProviderError('rejected', 'Media upload error', '131053');
    };
    if (name.startsWith('unavailable')) throw refuse('unavailable');
    if (name.startsWith('reject')) throw refuse('rejected');
    const mediaId = await this.keep(account, file, 'upload');
    this.deps.calls.push({ method: 'uploadMedia', account, input: meta, outcome: mediaId });
    return { mediaId };
  }

  async lookupMedia(account: ProviderAccount, mediaId: string): Promise<HeldMediaReference | undefined> {
    const record = (outcome: string) => this.deps.calls.push({ method: 'lookupMedia', account, input: { mediaId }, outcome });
    if (mediaId.startsWith('unavailable')) {
      record('unavailable');
      throw new ProviderError('unavailable', 'The channel provider did not answer.');
    }
    const media = await this.deps.state.media(account.account_key, mediaId);
    record(media ? mediaId : 'not_found');
    return media && { expiresAt: media.expires_at };
  }

  async lookupHeaderMedia(businessAccountId: string, handle: string): Promise<HeldMediaReference | undefined> {
    const media = await this.deps.state.headerMedia(handle);
    if (!media || media.account !== businessAccountId) return undefined;
    return { expiresAt: this.retentionEnd(media.created_at) };
  }

  async fetchMedia(account: ProviderAccount, mediaId: string): Promise<MediaContent> {
    const record = (outcome: string) => this.deps.calls.push({ method: 'fetchMedia', account, input: { mediaId }, outcome });
    if (mediaId.startsWith('unavailable')) {
      record('unavailable');
      throw new ProviderError('unavailable', 'The channel provider did not answer.');
    }
    if (await this.deps.state.flag(credentialsDropped(account.account_key))) {
      record('no_credentials');
      throw new MissingCredentialsError();
    }
    const media = await this.deps.state.media(account.account_key, mediaId);
    if (!media || media.expires_at.getTime() <= this.deps.clock().getTime()) {
      record('not_found');
      throw new MediaNotFoundError(mediaId);
    }
    record(mediaId);
    return { mimeType: media.mime_type, size: media.size, sha256: media.sha256, open: () => createReadStream(media.path) };
  }

  /**
   * Media the provider holds under a chosen id, as an upload or as media an end user sent in (the sandbox's
   * examples, whose ids the contract's examples name). False when another account holds the id.
   */
  async keepAs(account: ProviderAccount, file: MediaFile, id: string, direction: HeldMedia['direction']): Promise<boolean> {
    // An example's id past its 30 days is the provider's to give again: its bytes go first.
    while ((await this.purgeExpired(KEEP_AS_PURGE_BATCH)) === KEEP_AS_PURGE_BATCH);
    // The bytes of every held media are at <directory>/<id>: a file there is this account's media or another's.
    if (existsSync(join(this.deps.directory, id))) {
      rmSync(file.path, { force: true });
      return (await this.deps.state.media(account.account_key, id)) !== undefined;
    }
    await this.keep(account, file, direction, id);
    return true;
  }

  /**
   * What an end user's phone does when it sends media in: the provider stores it and describes it as its
   * notification will (the file name only of a document).
   */
  async receiveInboundMedia(account: ProviderAccount, file: MediaFile): Promise<ReceivedMedia> {
    const { path: _path, ...meta } = file;
    const id = await this.keep(account, file, 'inbound');
    this.deps.calls.push({ method: 'receiveInboundMedia', account, input: meta, outcome: id });
    const media: ReceivedMedia = { kind: file.kind, id, mime_type: file.mimeType, sha256: file.sha256 };
    if (file.kind === 'document' && file.filename !== undefined) media.filename = file.filename;
    return media;
  }

  /** An account whose channel credentials are gone (GET /media answers 409), or back again. */
  async setCredentials(accountKey: string, present: boolean): Promise<void> {
    await this.deps.state.setFlag(credentialsDropped(accountKey), !present);
  }

  /**
   * Deletes up to `limit` media past their 30 days in the server's time (bytes, then record: a crash between the
   * two leaves a record whose bytes are gone, removed at the next purge) and up to `limit` header media as old;
   * how many went.
   */
  async purgeExpired(limit: number): Promise<number> {
    const now = this.deps.purgeClock();
    const expired = await this.deps.state.expiredMedia(now, limit);
    for (const media of expired) {
      rmSync(media.path, { force: true });
      await this.deps.state.removeMedia(media.id);
    }
    return expired.length + (await this.deps.state.removeHeaderMediaBefore(new Date(now.getTime() - this.deps.retentionMs), limit));
  }

  private async keep(
    account: ProviderAccount,
    file: MediaFile,
    direction: HeldMedia['direction'],
    id: string = digitsOf(this.deps.ids.id('media'), 16),
  ): Promise<string> {
    mkdirSync(this.deps.directory, { recursive: true });
    const path = join(this.deps.directory, id);
    renameSync(file.path, path);
    const now = this.deps.clock();
    await this.deps.state.saveMedia({
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
      expires_at: this.retentionEnd(now),
    });
    return id;
  }

  /** The provider keeps what it is given `retentionMs` (30 days, section 8). */
  private retentionEnd(from: Date): Date {
    return new Date(from.getTime() + this.deps.retentionMs);
  }
}

/** `count` decimal digits from an id's hex part (media ids look like the provider's: digits). */
function digitsOf(id: string, count: number): string {
  const hex = id.replace(/^[^_]*_/, '').replace(/[^0-9a-f]/gi, '') || '0';
  const digits = BigInt(`0x${hex}`).toString();
  return `1${digits.slice(0, count - 1).padStart(count - 1, '0')}`;
}
