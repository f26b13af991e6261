// The files and multipart bodies of generated requests: file parts whose bytes start as their declared
// type's do (or, on purpose, do not), and the multipart/form-data wire format they travel in.
import fc from 'fast-check';

export interface FilePart {
  filename: string;
  contentType: string;
  bytes: Buffer;
}

export const isFilePart = (v: unknown): v is FilePart => typeof v === 'object' && v !== null && Buffer.isBuffer((v as FilePart).bytes);

/** Declared types of generated files, and the bytes each starts with. */
const FILE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'video/mp4', 'audio/mpeg', 'application/pdf', 'text/plain', 'application/octet-stream', 'application/zip', 'text/html'];
const MAGIC: Record<string, Buffer> = {
  'image/jpeg': Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
  'image/png': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  'application/pdf': Buffer.from('%PDF-1.4\n'),
  'application/zip': Buffer.from('PK\x03\x04'),
  'image/webp': Buffer.from('RIFF\x00\x00\x00\x00WEBPVP8 '),
  'video/mp4': Buffer.from('\x00\x00\x00\x18ftypisom'),
  'audio/mpeg': Buffer.from('ID3\x03\x00'),
};

/** A file whose bytes start as its declared type's do (`agree`), or any bytes under that type. */
export const fileOf = (contentType: string, filler: Uint8Array, name = 'upload', agree = true): FilePart => ({
  filename: `${name.replace(/["\r\n\\/]/g, '_') || 'upload'}.bin`,
  contentType,
  bytes:
    agree && contentType === 'text/plain'
      ? Buffer.from(Array.from(filler, (b) => String.fromCharCode(32 + (b % 95))).join(''))
      : Buffer.concat([agree ? (MAGIC[contentType] ?? Buffer.alloc(0)) : Buffer.alloc(0), Buffer.from(filler)]),
});

/** Files of every declared type, mostly with bytes that agree with it (to reach success), sometimes not. */
export const FILES: fc.Arbitrary<FilePart> = fc
  .tuple(fc.constantFrom(...FILE_TYPES), fc.uint8Array({ maxLength: 2048 }), fc.oneof({ weight: 3, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }), fc.string({ minLength: 1, maxLength: 12 }))
  .map(([type, bytes, agree, name]) => fileOf(type, bytes, name, agree));

export interface MultipartPart {
  name: string;
  value: string | Buffer;
  filename?: string;
  contentType?: string;
}

export function multipartBody(parts: MultipartPart[], boundary = `----fuzz${Math.random().toString(16).slice(2)}`): { body: Buffer; contentType: string } {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"`;
    if (p.filename !== undefined) head += `; filename="${p.filename}"`;
    head += '\r\n';
    if (p.contentType) head += `Content-Type: ${p.contentType}\r\n`;
    chunks.push(Buffer.from(`${head}\r\n`), Buffer.isBuffer(p.value) ? p.value : Buffer.from(p.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** The form fields of a multipart body, files as file parts (a field of another type is sent as its JSON text). */
export const formParts = (fields: Record<string, unknown>): MultipartPart[] =>
  Object.entries(fields).map(([name, v]) =>
    isFilePart(v) ? { name, value: v.bytes, filename: v.filename, contentType: v.contentType } : { name, value: typeof v === 'string' ? v : JSON.stringify(v) },
  );
