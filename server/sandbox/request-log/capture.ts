// An answer's body as it is written, kept for the request log: JSON and text up to a bound, any other bytes
// (a downloaded media file) only counted and hashed as they pass.
import { createHash, type Hash } from 'node:crypto';
import type { ServerResponse } from 'node:http';

/** How much of a JSON or text body the log keeps. */
export const KEPT_BODY_BYTES = 64 * 1024;

export interface CapturedAnswer {
  contentType: string | null;
  size: number;
  /** The first KEPT_BODY_BYTES of a JSON or text body. */
  kept: Buffer[] | undefined;
  /** The hash of any other body. */
  sha256: string | undefined;
}

const isText = (contentType: string | null) => contentType === null || /^(application\/([a-z.+-]*\+)?json|text\/)/i.test(contentType);

/**
 * Watches what `res` writes: returns what was written once the answer is done. The answer itself is written
 * unchanged and at once; a JSON answer costs the log a reference to its buffer.
 */
export function captureAnswer(res: ServerResponse): () => CapturedAnswer {
  let contentType: string | null | undefined;
  let size = 0;
  let keptBytes = 0;
  const kept: Buffer[] = [];
  let hash: Hash | undefined;
  const take = (chunk: unknown, encoding: unknown) => {
    if (chunk === undefined || chunk === null || typeof chunk === 'function') return;
    const bytes = Buffer.isBuffer(chunk) ? chunk : typeof chunk === 'string' ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8') : Buffer.from(chunk as Uint8Array);
    if (contentType === undefined) {
      const header = res.getHeader('content-type');
      contentType = header === undefined ? null : String(header);
      if (!isText(contentType)) hash = createHash('sha256');
    }
    size += bytes.length;
    if (hash) hash.update(bytes);
    else if (keptBytes < KEPT_BODY_BYTES) {
      kept.push(bytes);
      keptBytes += bytes.length;
    }
  };
  const write = res.write;
  const end = res.end;
  res.write = function (this: ServerResponse, chunk: unknown, ...rest: unknown[]) {
    take(chunk, rest[0]);
    return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
  } as typeof res.write;
  res.end = function (this: ServerResponse, chunk?: unknown, ...rest: unknown[]) {
    take(chunk, rest[0]);
    return (end as (...args: unknown[]) => ServerResponse).call(this, chunk, ...rest);
  } as typeof res.end;
  return () => ({
    contentType: contentType ?? (res.getHeader('content-type') === undefined ? null : String(res.getHeader('content-type'))),
    size,
    kept: hash ? undefined : kept,
    sha256: hash?.digest('hex'),
  });
}
