import busboy from 'busboy';
import type { Request, RequestHandler, Response } from 'express';
import { rmSync } from 'node:fs';
import type { Readable } from 'node:stream';
import type { Domain } from '../domain';
import { badRequest } from '../domain/errors';
import { MB } from '../domain/media-kinds';
import type { SpooledMedia } from '../domain/media-upload';
import { operationIdOf } from './types';

/** The operations whose multipart body carries a `file` part. */
const UPLOAD_OPERATIONS = new Set(['uploadMedia', 'uploadTemplateMedia']);

/** Limits of the non-file parts of an upload (the file's own ceiling is its kind's). */
const FORM_LIMITS = { files: 1, fields: 10, parts: 20, fieldSize: 16 * 1024 } as const;

/**
 * After an early refusal, how much of what the client is still sending is read and discarded, so it
 * reaches the point of reading the answer instead of meeting a connection reset; past it the connection
 * is cut (an abusive body is never read to its end).
 */
const LINGER_BYTES = 16 * MB;

export const spooledUploadOf = (res: Response) => res.locals.spooledUpload as SpooledMedia | undefined;

/**
 * The body of an upload operation, read before request validation (the validator's own multipart reader is
 * off): text fields, in any order, become `req.body`; the `file` part is streamed to the spool folder
 * through the upload rule of domain/media-upload.ts (kind from the first bytes, reading stops past the
 * kind's ceiling) and is marked present in `req.body.file` for the validator. The spooled file is removed
 * once the answer is sent.
 */
export function uploadReader(domain: Domain): RequestHandler {
  return (req, res, next) => {
    if (!UPLOAD_OPERATIONS.has(operationIdOf(req) ?? '') || !req.is('multipart/form-data')) return next();
    let form: busboy.Busboy;
    try {
      form = busboy({ headers: req.headers, limits: FORM_LIMITS });
    } catch {
      return next(badRequest('The multipart body has no boundary in its Content-Type.'));
    }
    const fields: Record<string, string> = {};
    let spool: Promise<SpooledMedia> | undefined;
    let fileStream: Readable | undefined;
    let settled = false;
    const discard = () => spool?.then((file) => rmSync(file.path, { force: true })).catch(() => undefined);

    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      req.unpipe(form);
      fileStream?.destroy();
      form.removeAllListeners();
      form.on('error', () => undefined);
      discard();
      discardRestOf(req);
      next(error);
    };

    form.on('field', (name, value, info) => {
      if (info.valueTruncated) return fail(badRequest(`The form field ${name} is too long.`, { details: { [name]: ['is too long'] } }));
      fields[name] = value;
    });
    form.on('file', (name, stream, info) => {
      if (name !== 'file' || spool) {
        stream.resume();
        return;
      }
      fileStream = stream;
      spool = domain.spoolUpload(stream, info.mimeType, info.filename);
      spool.catch(fail);
    });
    form.on('error', () => fail(badRequest('The multipart body is malformed or truncated.')));
    form.on('close', () => {
      if (settled) return;
      (spool ?? Promise.resolve(undefined)).then(
        (file) => {
          if (settled) return;
          settled = true;
          req.body = file ? { ...fields, file: '' } : { ...fields };
          if (file) {
            res.locals.spooledUpload = file;
            res.once('close', () => rmSync(file.path, { force: true }));
          }
          next();
        },
        fail,
      );
    });
    req.on('aborted', () => fail(badRequest('The upload was aborted.')));
    req.pipe(form);
  };
}

function discardRestOf(req: Request): void {
  let discarded = 0;
  req.on('data', (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > LINGER_BYTES) req.socket.destroy();
  });
  req.resume();
}
