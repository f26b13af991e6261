// Template header media (section 4, POST /templates/media and `header.media_url`): bytes become a provider
// handle, whether the partner uploads them or the service downloads them from a public URL; either way the
// upload rule (media/upload-spool.ts) and the template media rule (media-url.ts) apply.
import { createReadStream, rmSync } from 'node:fs';
import type { Readable } from 'node:stream';
import type { TemplateMediaFormat, TemplateProvider } from '../../provider/channel-provider';
import type { ClientRecord, TemplateComponent } from '../../store/records';
import type { MediaScope } from '../media/media-scope';
import type { SpooledMedia } from '../media/upload-spool';
import { DomainError } from '../shared/errors';
import { callProvider, templateFailure } from '../shared/provider-failures';
import { MediaUrlRefused, mediaUrlFailure, templateMediaFormatOf, type MediaUrlFetcher } from './media-url';
import { buildTemplateComponents, headerMediaSourceOf, type CreateTemplateRequest } from './rules';

/** A header media upload as the provider took it. */
export interface UploadedHeaderMedia {
  handle: string;
  format: TemplateMediaFormat;
  size: number;
  filename?: string;
}

export interface TemplateHeaderMediaDeps {
  provider: Pick<TemplateProvider, 'uploadTemplateMedia'>;
  fetcher: MediaUrlFetcher;
  /** The media scope rule: every header handle submitted is the client's, within its 30 days. */
  mediaScope: MediaScope;
  /** The upload rule of media/upload-spool.ts: streams content to disk, kind from the bytes, within its ceiling. */
  spool: (content: Readable, declaredType: string | undefined, filename: string | undefined) => Promise<SpooledMedia>;
}

export class TemplateHeaderMedia {
  constructor(private readonly deps: TemplateHeaderMediaDeps) {}

  /** Format inferred from the content (or checked against the declared one), handed to the provider. */
  async upload(client: ClientRecord, file: SpooledMedia, declared: TemplateMediaFormat | undefined): Promise<UploadedHeaderMedia> {
    const format = templateMediaFormatOf(file, declared);
    const uploaded = await callProvider(
      () =>
        this.deps.provider.uploadTemplateMedia(client.business_account_id, {
          format,
          mimeType: file.mimeType,
          filename: file.filename,
          content: createReadStream(file.path),
        }),
      templateFailure('submit'),
    );
    const result: UploadedHeaderMedia = { handle: uploaded.handle, format, size: uploaded.size };
    if (file.filename) result.filename = file.filename;
    return result;
  }

  /**
   * The component array to submit, with a media header's `media_url` downloaded and turned into a handle;
   * every handle it names (`media_handle`, or raw `components`) must be the client's (media scope rule).
   */
  async componentsOf(client: ClientRecord, request: CreateTemplateRequest): Promise<TemplateComponent[]> {
    const source = headerMediaSourceOf(request);
    if (!source || 'media_handle' in source) {
      const components = buildTemplateComponents(request, source?.media_handle);
      await this.deps.mediaScope.assertHeaderHandlesHeld(client, components);
      return components;
    }
    const format = String((request.header as { format?: string }).format) as TemplateMediaFormat;
    const downloaded = await callProvider(() => this.deps.fetcher.open(source.media_url), mediaUrlFailure);
    // The upload rule applies to the download as to an upload; a download that breaks off is the URL's failure.
    const file = await this.deps
      .spool(downloaded.content, undefined, downloaded.filename)
      .catch((error: unknown) => {
        throw error instanceof DomainError ? error : mediaUrlFailure(new MediaUrlRefused('could not be downloaded'));
      })
      .finally(() => downloaded.content.destroy());
    try {
      return buildTemplateComponents(request, (await this.upload(client, file, format)).handle);
    } finally {
      rmSync(file.path, { force: true });
    }
  }
}
