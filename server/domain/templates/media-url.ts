// Template header media rules: the header format is read from the spooled file's content (which the
// upload rule of media/upload-spool.ts already checked against its kind's ceiling, the ceilings of docs/decisions.md
// #10) and must agree with a declared format; a header `media_url` is downloaded through a fetcher that
// applies the public-address rule (shared/public-address.ts).
import type { Readable } from 'node:stream';
import type { TemplateMediaFormat } from '../../provider/channel-provider';
import { badRequest } from '../shared/errors';
import type { SpooledMedia } from '../media/upload-spool';

/** The content types each header format accepts: jpeg/png, mp4, pdf. */
const FORMAT_OF_TYPE: Readonly<Record<string, TemplateMediaFormat>> = {
  'image/jpeg': 'IMAGE',
  'image/png': 'IMAGE',
  'video/mp4': 'VIDEO',
  'application/pdf': 'DOCUMENT',
};

/** The header format of a file, from its content; `declared`, when given, must agree with it. */
export function templateMediaFormatOf(file: SpooledMedia, declared: TemplateMediaFormat | undefined): TemplateMediaFormat {
  const format = FORMAT_OF_TYPE[file.mimeType];
  if (!format) {
    throw badRequest(`The file is ${file.mimeType}; header media are jpeg and png (IMAGE), mp4 (VIDEO) and pdf (DOCUMENT).`, {
      code: 'media_type_unsupported',
    });
  }
  if (declared !== undefined && declared !== format) {
    throw badRequest(`The file is ${file.mimeType} (${format}), not ${declared}.`, {
      code: 'media_type_unsupported',
      details: { format: [`does not match the content (${format})`] },
    });
  }
  return format;
}

/** Downloads a header `media_url`, refusing the addresses its address policy refuses. */
export interface MediaUrlFetcher {
  open(url: string): Promise<{ content: Readable; filename?: string }>;
}

/** A `media_url` that cannot be downloaded; `reason` completes "header.media_url …" for the partner. */
export class MediaUrlRefused extends Error {
  constructor(readonly reason: string) {
    super(`header.media_url ${reason}`);
    this.name = 'MediaUrlRefused';
  }
}

/** The partner's view of a refused `media_url`: 400 naming the field. */
export function mediaUrlFailure(error: unknown): unknown {
  if (!(error instanceof MediaUrlRefused)) return error;
  return badRequest(`${error.message}.`, { details: { 'header.media_url': [error.reason] } });
}
