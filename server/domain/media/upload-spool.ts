import { createHash } from 'node:crypto';
import { createWriteStream, mkdirSync, rmSync } from 'node:fs';
import { once } from 'node:events';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import type { IdGenerator } from '../shared/ids';
import {
  MEDIA_CEILINGS,
  SNIFF_BYTES,
  assertDeclaredTypeSupported,
  detectMediaKind,
  mediaTooLarge,
  normalizeDeclaredType,
  type MediaKind,
} from './kinds';

/** An uploaded file written to disk, its kind known and within its ceiling. */
export interface SpooledMedia {
  path: string;
  size: number;
  sha256: string;
  kind: MediaKind;
  mimeType: string;
  filename: string | undefined;
}

export interface SpoolOptions {
  /** Directory the file is written to (created when missing). */
  directory: string;
  declaredType: string | undefined;
  filename: string | undefined;
  ids: IdGenerator;
}

/**
 * The upload rule of POST /media: the file is streamed to disk (never held whole in memory), its kind is
 * detected from its first bytes before anything is written, and reading stops at the first byte past its
 * kind's ceiling (`media_too_large`); the partial file is removed on any failure.
 */
export async function spoolMediaUpload(stream: Readable, options: SpoolOptions): Promise<SpooledMedia> {
  const declared = normalizeDeclaredType(options.declaredType);
  assertDeclaredTypeSupported(declared);
  mkdirSync(options.directory, { recursive: true });
  const path = join(options.directory, `${options.ids.id('upload')}.part`);
  const hash = createHash('sha256');
  const out = createWriteStream(path, { flags: 'wx' });
  let outError: Error | undefined;
  out.on('error', (error) => (outError = error));
  let head: Buffer[] = [];
  let headLength = 0;
  let detected: ReturnType<typeof detectMediaKind> | undefined;
  let size = 0;

  const write = async (chunk: Buffer) => {
    size += chunk.length;
    if (size > MEDIA_CEILINGS[detected!.kind]) throw mediaTooLarge(detected!.kind, size, false);
    hash.update(chunk);
    if (outError) throw outError;
    if (!out.write(chunk)) await once(out, 'drain');
  };
  const detect = async () => {
    const first = Buffer.concat(head, headLength);
    head = [];
    detected = detectMediaKind(first.subarray(0, SNIFF_BYTES), declared);
    await write(first);
  };

  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      if (detected) {
        await write(chunk);
        continue;
      }
      head.push(chunk);
      headLength += chunk.length;
      if (headLength >= SNIFF_BYTES) await detect();
    }
    if (!detected) await detect();
    out.end();
    await once(out, 'finish');
    if (outError) throw outError;
    return { path, size, sha256: hash.digest('hex'), kind: detected!.kind, mimeType: detected!.mimeType, filename: options.filename };
  } catch (error) {
    // The file is opened asynchronously: remove it only once the stream is closed, or the open could
    // recreate it after the removal.
    if (!out.closed) {
      const closed = once(out, 'close').catch(() => undefined);
      out.destroy();
      await closed;
    }
    rmSync(path, { force: true });
    throw error;
  }
}
