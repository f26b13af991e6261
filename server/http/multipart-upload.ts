import busboy from 'busboy';
import type { RequestHandler, Response } from 'express';
import { rmSync } from 'node:fs';
import type { Readable } from 'node:stream';
import type { Domain } from '../domain';
import { badRequest } from '../domain/shared/errors';
import { MB, MEDIA_CEILINGS } from '../domain/media/kinds';
import type { SpooledMedia } from '../domain/media/upload-spool';
import { WHOLE_BODY, ownProperties } from '../edge/validation-details';
import { edgeOf } from './types';

/** The operations whose multipart body carries a `file` part. */
const UPLOAD_OPERATIONS = new Set(['uploadMedia', 'uploadTemplateMedia']);

/** Limits of the non-file parts of an upload (the file's own ceiling is its kind's). */
const FORM_LIMITS = { files: 1, fields: 10, parts: 20, fieldSize: 16 * 1024 } as const;

/**
 * The most a whole multipart body may carry: the largest file ceiling and 1 MB for the rest (preamble, the
 * fields, parts that are not the file). Past it the body is refused, whatever part it was in.
 */
export const MULTIPART_BODY_LIMIT = Math.max(...Object.values(MEDIA_CEILINGS)) + MB;

export const spooledUploadOf = (res: Response) => res.locals.spooledUpload as SpooledMedia | undefined;

/**
 * The body of an upload operation, read before request validation (the validator's own multipart reader is
 * off): text fields, in any order, become `req.body`; the `file` part is streamed to the spool folder
 * through the upload rule of domain/media/upload-spool.ts (kind from the first bytes, reading stops past the
 * kind's ceiling) and is marked present in `req.body.file` for the validator. The spooled file is removed
 * once the answer is sent. A refusal is answered at once; what the client still sends is bounded by
 * edge/body-bounds.ts.
 */
export function uploadReader(domain: Domain): RequestHandler {
  return (req, res, next) => {
    if (!UPLOAD_OPERATIONS.has(edgeOf(res)?.operation?.operationId ?? '') || !req.is('multipart/form-data')) return next();
    let form: busboy.Busboy;
    try {
      form = busboy({ headers: req.headers, limits: FORM_LIMITS });
    } catch {
      return next(badRequest('The multipart body has no boundary in its Content-Type.'));
    }
    // A Map: a field may be named like a built-in property (`__proto__`, `constructor`).
    const fields = new Map<string, string>();
    let spool: Promise<SpooledMedia> | undefined;
    let fileStream: Readable | undefined;
    let settled = false;
    let received = 0;
    const discard = () => spool?.then((file) => rmSync(file.path, { force: true })).catch(() => undefined);

    const count = (chunk: Buffer) => {
      received += chunk.length;
      if (received > MULTIPART_BODY_LIMIT) {
        fail(badRequest(`The multipart body is larger than ${MULTIPART_BODY_LIMIT} bytes.`, { details: { [WHOLE_BODY]: [`at most ${MULTIPART_BODY_LIMIT} bytes`] } }));
      }
    };
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      req.off('data', count);
      req.unpipe(form);
      fileStream?.destroy();
      form.removeAllListeners();
      form.on('error', () => undefined);
      discard();
      next(error);
    };

    form.on('field', (name, value, info) => {
      if (info.valueTruncated) return fail(badRequest(`The form field ${name} is too long.`, { details: ownProperties(new Map([[name, ['is too long']]])) }));
      fields.set(name, value);
    });
    form.on('file', (name, stream, info) => {
      // A body cut off inside a part fails the part as well as the form; the form's failure is the one
      // answered (and the spool, reading the part, sees it too), so the part's own is not an uncaught error.
      stream.on('error', () => undefined);
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
          req.off('data', count);
          req.body = ownProperties(file ? new Map([...fields, ['file', '']]) : fields);
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
    req.on('error', fail);
    req.on('data', count);
    req.pipe(form);
  };
}
