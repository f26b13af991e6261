import type { components } from '../../generated/openapi';
import type { InboundMediaIntake, MediaContent, MessagingProvider, ProviderAccount } from '../provider/messaging';
import type { ClientRecord } from './clients';
import type { Clients } from './clients';
import { badRequest } from './errors';
import { fromDownloadFailure, fromSendFailure } from './messaging-provider-errors';
import type { SpooledMedia } from './media-upload';
import { rmSync } from 'node:fs';

type MediaUploadResponse = components['schemas']['MediaUploadResponse'];

/** Section 8: media ids and inbound media are kept 30 days. */
export const MEDIA_RETENTION_DAYS = 30;

export function accountOf(client: ClientRecord): ProviderAccount {
  return { channel: client.channel, account_key: client.account_key };
}

/**
 * POST /media and GET /media/{media_id}: uploads for sends go to `chat` clients only; downloads are for
 * inbound `chat` media (`social` delivers media inline).
 */
export class Media {
  constructor(
    private readonly clients: Clients,
    private readonly provider: MessagingProvider,
    private readonly intake: InboundMediaIntake | undefined,
  ) {}

  /** Rule 1 of POST /media: the client exists (404) and is on `chat` (else 400 `bad_request`). */
  uploadTarget(clientRef: string): ClientRecord {
    const client = this.clients.get(clientRef);
    if (client.channel !== 'chat') {
      throw badRequest(
        `Media upload is for chat clients; ${clientRef} is on ${client.channel} (send media by public HTTPS link).`,
      );
    }
    return client;
  }

  /** Hands a spooled, checked file to the provider; the file is removed whatever happens. */
  async upload(clientRef: string, file: SpooledMedia): Promise<MediaUploadResponse> {
    try {
      const client = this.uploadTarget(clientRef);
      const { mediaId } = await this.provider.uploadMedia(accountOf(client), file);
      return { success: true, media_id: mediaId, kind: file.kind, expires_in_days: MEDIA_RETENTION_DAYS };
    } catch (error) {
      throw fromSendFailure(error, 'upload');
    } finally {
      rmSync(file.path, { force: true });
    }
  }

  /** GET /media/{media_id}: the media bytes as the provider holds them. */
  async download(clientRef: string, mediaId: string): Promise<MediaContent> {
    const client = this.clients.get(clientRef);
    if (client.channel !== 'chat') {
      throw badRequest(
        'The social channel delivers media inline as a short-lived URL in the webhook; there is nothing to download here.',
        { code: 'channel_media_inline' },
      );
    }
    try {
      return await this.provider.fetchMedia(accountOf(client), mediaId);
    } catch (error) {
      throw fromDownloadFailure(error, clientRef, mediaId);
    }
  }

  /**
   * An end user sent media to a `chat` client (the sandbox's inbound simulation calls this with a file
   * spooled by `spoolMediaUpload`): the provider keeps it 30 days; the returned object is the
   * `messages[].<kind>` of the `message.received` payload.
   */
  async receiveInbound(
    clientRef: string,
    file: SpooledMedia,
  ): Promise<{ kind: SpooledMedia['kind']; media: components['schemas']['InboundMedia'] }> {
    try {
      const client = this.clients.get(clientRef);
      if (client.channel !== 'chat') {
        throw badRequest(`Inbound media by id exists only on chat; ${clientRef} is on ${client.channel}.`);
      }
      if (!this.intake) throw new Error('The channel provider cannot simulate inbound media.');
      const { mediaId } = await this.intake.receiveInboundMedia(accountOf(client), file);
      const media: components['schemas']['InboundMedia'] = { id: mediaId, mime_type: file.mimeType, sha256: file.sha256 };
      if (file.filename !== undefined && file.kind === 'document') media.filename = file.filename;
      return { kind: file.kind, media };
    } finally {
      rmSync(file.path, { force: true });
    }
  }
}
