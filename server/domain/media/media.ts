import { rmSync } from 'node:fs';
import { MediaNotFoundError, type MediaContent, type MediaProvider } from '../../provider/channel-provider';
import { assertAcceptsMediaUploads, assertServesInboundMediaById } from '../messaging/channel-carriage';
import { accountOf, type Clients } from '../onboarding/clients';
import type { SpooledMedia } from './upload-spool';
import { callProvider, downloadFailure, sendFailure } from '../shared/provider-failures';
import type { ClientRecord, PartnerId } from '../../store/records';
import { mediaNotFound, type MediaScope } from './media-scope';

import type { MediaKind } from './kinds';

/** Media the provider took for later sends by id. */
export interface UploadedMedia {
  mediaId: string;
  kind: MediaKind;
}

/**
 * POST /media and GET /media/{media_id}: uploads for sends go to clients whose channel takes them; downloads
 * are for inbound media that arrive by id.
 */
export class Media {
  constructor(
    private readonly clients: Clients,
    private readonly provider: MediaProvider,
    private readonly scope: MediaScope,
  ) {}

  /** Rule 1 of POST /media: the client exists (404) and its channel takes uploads (else 400 `bad_request`). */
  async uploadTarget(partnerId: PartnerId, clientRef: string): Promise<ClientRecord> {
    const client = await this.clients.get(partnerId, clientRef);
    assertAcceptsMediaUploads(client);
    return client;
  }

  /** Hands a spooled, checked file to the provider; the file is removed whatever happens. */
  async upload(partnerId: PartnerId, clientRef: string, file: SpooledMedia): Promise<UploadedMedia> {
    try {
      const client = await this.uploadTarget(partnerId, clientRef);
      const { mediaId } = await callProvider(() => this.provider.uploadMedia(accountOf(client), file), sendFailure('upload'));
      return { mediaId, kind: file.kind };
    } finally {
      rmSync(file.path, { force: true });
    }
  }

  /** GET /media/{media_id}: the media bytes as the provider holds them, for media in the client's scope. */
  async download(partnerId: PartnerId, clientRef: string, mediaId: string): Promise<MediaContent> {
    const client = await this.clients.get(partnerId, clientRef);
    assertServesInboundMediaById(client);
    await this.scope.assertDownloadable(client, mediaId);
    // Media the provider drops between the scope check and the fetch get the scope rule's answer too.
    return callProvider(
      () => this.provider.fetchMedia(accountOf(client), mediaId),
      (error) => (error instanceof MediaNotFoundError ? mediaNotFound(clientRef, 'media_id') : downloadFailure(clientRef)(error)),
    );
  }
}
