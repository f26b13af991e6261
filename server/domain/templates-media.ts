// Template header media rules: the header format is read from the spooled file's content (which the
// upload rule of media-upload.ts already checked against its kind's ceiling, the ceilings of docs/decisions.md
// #10) and must agree with a declared format; a header `media_url` may only point at public addresses.
import { isIP } from 'node:net';
import type { Readable } from 'node:stream';
import type { TemplateMediaFormat } from '../provider/channel-provider';
import { badRequest } from './errors';
import type { SpooledMedia } from './media-upload';

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

function ipv4ToInt(address: string): number {
  return address.split('.').reduce((acc, part) => (acc << 8) + Number(part), 0) >>> 0;
}

const V4_BLOCKED: ReadonlyArray<[string, number, string]> = [
  ['0.0.0.0', 8, 'unspecified'],
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'private (shared)'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link-local'],
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'reserved'],
  ['192.168.0.0', 16, 'private'],
  ['198.18.0.0', 15, 'reserved'],
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved'],
];

/**
 * Why an address is not public (private, loopback, link-local, and other non-routable ranges), or
 * undefined when it is public. IPv4-mapped IPv6 addresses are judged as their IPv4 address.
 */
export function nonPublicReason(address: string): string | undefined {
  const kind = isIP(address);
  if (kind === 4) {
    const value = ipv4ToInt(address);
    for (const [base, bits, reason] of V4_BLOCKED) {
      const mask = bits === 0 ? 0 : (0xffffffff << (32 - bits)) >>> 0;
      if ((value & mask) === (ipv4ToInt(base) & mask)) return reason;
    }
    return undefined;
  }
  if (kind === 6) {
    const lower = address.toLowerCase();
    const mapped = /^(?:0*:)*:?ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower)?.[1] ?? /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower)?.[1];
    if (mapped) return nonPublicReason(mapped);
    if (lower === '::1') return 'loopback';
    if (lower === '::') return 'unspecified';
    const first = parseInt(lower.split(':')[0] || '0', 16);
    if ((first & 0xffc0) === 0xfe80) return 'link-local';
    if ((first & 0xfe00) === 0xfc00) return 'private (unique local)';
    if ((first & 0xff00) === 0xff00) return 'multicast';
    return undefined;
  }
  return 'not an IP address';
}
