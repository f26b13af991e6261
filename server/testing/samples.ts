// Sample files of every supported media type: a real signature followed by filler.

/** The first bytes of a JPEG image: enough for the provider to take it in as one. */
export const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\0'), Buffer.alloc(512, 0x11)]);

/** Sample bytes of every supported type (a real signature followed by filler). */
export const SAMPLES = {
  jpeg: sample([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, ...ascii('JFIF')]),
  png: sample([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, ...ascii('IHDR')]),
  mp4: sample([0, 0, 0, 0x18, ...ascii('ftypisom'), 0, 0, 2, 0, ...ascii('isomiso2avc1mp41')]),
  threegp: sample([0, 0, 0, 0x14, ...ascii('ftyp3gp4'), 0, 0, 0, 0, ...ascii('3gp4')]),
  m4a: sample([0, 0, 0, 0x1c, ...ascii('ftypM4A '), 0, 0, 0, 0, ...ascii('M4A mp42isom')]),
  aac: sample([0xff, 0xf1, 0x50, 0x80, 0x02, 0x1f, 0xfc]),
  mp3: sample([...ascii('ID3'), 4, 0, 0, 0, 0, 0, 0]),
  amr: sample(ascii('#!AMR\n')),
  ogg: sample([...ascii('OggS'), 0, 2]),
  pdf: sample(ascii('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n')),
  doc: sample([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
  docx: sample([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0x06, 0, ...Array(18).fill(0), 19, 0, 0, 0, ...ascii('[Content_Types].xml')]),
  txt: Buffer.from('Order 10482 shipped.\nThank you!\n'.repeat(20)),
  webp: sample([...ascii('RIFF'), 0x24, 0, 0, 0, ...ascii('WEBPVP8 ')]),
  gif: sample(ascii('GIF89a')),
};

function ascii(text: string): number[] {
  return [...Buffer.from(text, 'latin1')];
}

function sample(signature: number[], size = 2048): Buffer {
  const bytes = Buffer.alloc(Math.max(size, signature.length), 0xa5);
  Buffer.from(signature).copy(bytes);
  return bytes;
}

/** `size` bytes starting with `signature` (for ceilings). */
export function ofSize(signature: Buffer, size: number): Buffer {
  const bytes = Buffer.alloc(size, 0xa5);
  signature.subarray(0, Math.min(64, size)).copy(bytes);
  return bytes;
}
