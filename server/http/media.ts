import type { Domain } from '../domain';
import { mediaUploadShape } from './shapes';
import type { ReferenceHandlers } from './types';

/** Tag Media: upload send media, download inbound chat media, within the key's partner. */
export function mediaHandlers(domain: Domain): ReferenceHandlers<'Media'> {
  const media = domain.media;
  return {
    uploadMedia: async ({ key, body, files }) => ({ status: 201, body: mediaUploadShape(await media.upload(key.partnerId, body.client_ref, files.file)) }),
    downloadMedia: async ({ key, path, query }) => {
      const content = await media.download(key.partnerId, query.client_ref, path.media_id);
      return {
        status: 200,
        contentType: content.mimeType,
        headers: { 'Content-Length': content.size, 'X-Media-Sha256': content.sha256 },
        body: content.open(),
      };
    },
  };
}
