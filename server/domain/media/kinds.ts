import type { components } from '../../../generated/openapi';
import { badRequest } from '../shared/errors';

/**
 * The media kinds of section 8: which file types each kind accepts, how a type is recognised from the
 * file's first bytes (its magic number), and each kind's size ceiling. A file's declared type must agree
 * with what its bytes are (`application/octet-stream` defers to the bytes).
 */
export type MediaKind = components['schemas']['MediaUploadResponse']['kind'];

export const MB = 1_048_576;
export const KB = 1_024;

/** Section 8: 1 MB = 1,048,576 bytes, 1 KB = 1,024 bytes. */
export const MEDIA_CEILINGS: Readonly<Record<MediaKind, number>> = {
  image: 5 * MB,
  video: 16 * MB,
  audio: 16 * MB,
  document: 100 * MB,
  sticker: 500 * KB,
};

const CEILING_TEXT: Readonly<Record<MediaKind, string>> = {
  image: '5 MB',
  video: '16 MB',
  audio: '16 MB',
  document: '100 MB',
  sticker: '500 KB',
};

const KIND_PLURAL: Readonly<Record<MediaKind, string>> = {
  image: 'images',
  video: 'videos',
  audio: 'audio files',
  document: 'documents',
  sticker: 'stickers',
};

/** Every accepted declared type and its kind. */
export const SUPPORTED_TYPES: Readonly<Record<string, MediaKind>> = {
  'image/jpeg': 'image',
  'image/png': 'image',
  'video/mp4': 'video',
  'video/3gpp': 'video',
  'audio/aac': 'audio',
  'audio/mp4': 'audio',
  'audio/mpeg': 'audio',
  'audio/amr': 'audio',
  'audio/ogg': 'audio',
  'application/pdf': 'document',
  'application/msword': 'document',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'document',
  'application/vnd.ms-excel': 'document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'document',
  'application/vnd.ms-powerpoint': 'document',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'document',
  'text/plain': 'document',
  'image/webp': 'sticker',
};

/** A declared type that says nothing: the bytes decide. */
export const UNDECLARED_TYPE = 'application/octet-stream';

/** How many leading bytes detection looks at (fewer when the file is shorter). */
export const SNIFF_BYTES = 4096;

const SUPPORTED_LIST =
  'jpeg, png, mp4, 3gpp, aac, mp4 audio, mpeg, amr, ogg, pdf, Office documents (doc, docx, xls, xlsx, ppt, pptx), txt and webp';

const OLE_TYPES = ['application/msword', 'application/vnd.ms-excel', 'application/vnd.ms-powerpoint'];
const OOXML_TYPES: Record<string, string> = {
  'word/': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'xl/': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'ppt/': 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
};

/** The media type of a declared Content-Type, without parameters, lower-cased. */
export function normalizeDeclaredType(declared: string | undefined): string {
  return (declared ?? '').split(';')[0]!.trim().toLowerCase() || UNDECLARED_TYPE;
}

export function mediaTypeUnsupported(message: string) {
  return badRequest(message, { code: 'media_type_unsupported' });
}

/** Refuses a declared type outside the list before a byte is read. */
export function assertDeclaredTypeSupported(declared: string): void {
  if (declared !== UNDECLARED_TYPE && !(declared in SUPPORTED_TYPES)) {
    throw mediaTypeUnsupported(`The file is ${declared}; supported types are ${SUPPORTED_LIST}.`);
  }
}

export interface DetectedMedia {
  kind: MediaKind;
  /** The real media type, served back as Content-Type. */
  mimeType: string;
}

const ascii = (head: Buffer, start: number, end: number) => head.subarray(start, end).toString('latin1');
const startsWith = (head: Buffer, bytes: number[]) => head.length >= bytes.length && bytes.every((b, i) => head[i] === b);

/** The file's format from its first bytes: the candidate types it can be, or undefined when unknown. */
function sniff(head: Buffer): { types: string[]; label: string; guess?: string } | undefined {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return { types: ['image/jpeg'], label: 'a JPEG image' };
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { types: ['image/png'], label: 'a PNG image' };
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP') return { types: ['image/webp'], label: 'a WebP image' };
  if (ascii(head, 0, 5) === '%PDF-') return { types: ['application/pdf'], label: 'a PDF document' };
  if (ascii(head, 0, 4) === 'OggS') return { types: ['audio/ogg'], label: 'an Ogg file' };
  if (ascii(head, 0, 5) === '#!AMR') return { types: ['audio/amr'], label: 'an AMR recording' };
  if (ascii(head, 4, 8) === 'ftyp') {
    const brand = ascii(head, 8, 12);
    if (brand.startsWith('3g')) return { types: ['video/3gpp'], label: 'a 3GPP video' };
    const guess = brand === 'M4A ' || brand === 'M4B ' ? 'audio/mp4' : 'video/mp4';
    return { types: ['video/mp4', 'audio/mp4'], label: 'an MP4 file', guess };
  }
  if (ascii(head, 0, 3) === 'ID3') return { types: ['audio/mpeg'], label: 'an MPEG audio file' };
  if (ascii(head, 0, 4) === 'ADIF') return { types: ['audio/aac'], label: 'an AAC audio file' };
  if (head.length >= 2 && head[0] === 0xff && (head[1]! & 0xf0) === 0xf0 && (head[1]! & 0x06) === 0) {
    return { types: ['audio/aac'], label: 'an AAC audio file' };
  }
  if (head.length >= 2 && head[0] === 0xff && (head[1]! & 0xe0) === 0xe0 && (head[1]! & 0x06) !== 0) {
    return { types: ['audio/mpeg'], label: 'an MPEG audio file' };
  }
  if (startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return { types: OLE_TYPES, label: 'a legacy Office document' };
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) {
    const names = ascii(head, 0, head.length);
    const part = Object.keys(OOXML_TYPES).find((prefix) => names.includes(prefix));
    if (part || names.includes('[Content_Types].xml')) {
      return { types: Object.values(OOXML_TYPES), label: 'an Office document', ...(part ? { guess: OOXML_TYPES[part] } : {}) };
    }
    return undefined;
  }
  if (startsWith(head, [0x47, 0x49, 0x46, 0x38])) return undefined;
  if (isPlainText(head)) return { types: ['text/plain'], label: 'plain text' };
  return undefined;
}

/** UTF-8 without NUL or control characters other than tab, newlines and form feed. */
function isPlainText(head: Buffer): boolean {
  if (head.length === 0) return false;
  for (const byte of head) {
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d && byte !== 0x0c) return false;
    if (byte === 0x7f) return false;
  }
  // A multi-byte character may be cut at the end of the sniffed window: allow up to 3 dangling bytes.
  for (let cut = 0; cut <= Math.min(3, head.length - 1); cut++) {
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(head.subarray(0, head.length - cut));
      return true;
    } catch {
      if (head.length < SNIFF_BYTES) return false;
    }
  }
  return false;
}

/**
 * The kind of a file from its first bytes and its declared type. Unknown bytes, or bytes that are not
 * what the declared type says, fail with `media_type_unsupported`.
 */
export function detectMediaKind(head: Buffer, declaredType: string): DetectedMedia {
  const declared = normalizeDeclaredType(declaredType);
  assertDeclaredTypeSupported(declared);
  if (head.length === 0) throw badRequest('The file is empty.', { details: { file: ['is empty'] } });
  const found = sniff(head);
  if (!found) {
    throw mediaTypeUnsupported(
      `The file's content is not a supported type${declared === UNDECLARED_TYPE ? '' : ` (declared ${declared})`}; supported types are ${SUPPORTED_LIST}.`,
    );
  }
  let mimeType: string | undefined;
  if (declared === UNDECLARED_TYPE) {
    mimeType = found.types.length === 1 ? found.types[0] : found.guess;
    if (!mimeType) throw mediaTypeUnsupported(`The file is ${found.label}; declare its exact type (${found.types.join(', ')}).`);
  } else if (found.types.includes(declared)) {
    mimeType = declared;
  } else {
    throw mediaTypeUnsupported(`The file is declared ${declared} but its content is ${found.label}; the declared type must match the content.`);
  }
  return { kind: SUPPORTED_TYPES[mimeType]!, mimeType };
}

/** Refuses a file over its kind's ceiling (`size` may be a lower bound when reading stopped early). */
export function mediaTooLarge(kind: MediaKind, size: number, complete: boolean) {
  const ceiling = MEDIA_CEILINGS[kind];
  const article = kind === 'image' ? 'The image' : `The ${kind === 'audio' ? 'audio file' : kind}`;
  const amount = complete ? `is ${size} bytes` : `exceeds ${ceiling} bytes`;
  return badRequest(`${article} ${amount}; ${KIND_PLURAL[kind]} may be at most ${ceiling} bytes (${CEILING_TEXT[kind]}).`, {
    code: 'media_too_large',
  });
}
