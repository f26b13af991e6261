// A logged request's bodies as the sandbox contract's LoggedBody: JSON redacted, a multipart upload as its
// text fields and its file by size and hash, any other bytes by size and hash.
import type { IncomingMessage } from 'node:http';
import type { SpooledMedia } from '../../domain/media/upload-spool';
import type { Schemas } from '../operation-types';
import { KEPT_BODY_BYTES, type CapturedAnswer } from './capture';
import { redactJson, redactText } from './redact';

type LoggedBody = Schemas['LoggedBody'];

/** What the request carried, as the edge and the upload reader left it. */
export interface CapturedRequest {
  contentType: string | null;
  /** Content-Length, or undefined when the body came chunked. */
  length: number | undefined;
  /** The JSON body the edge parsed, or the form fields of an upload. */
  body: unknown;
  bodyRead: 'none' | 'json' | 'host' | 'ignored';
  upload: SpooledMedia | undefined;
}

export function capturedRequest(req: IncomingMessage, body: unknown, bodyRead: CapturedRequest['bodyRead'], upload: SpooledMedia | undefined): CapturedRequest {
  const length = req.headers['content-length'];
  return { contentType: req.headers['content-type'] ?? null, length: length === undefined ? undefined : Number(length), body, bodyRead, upload };
}

export function requestBodyOf(request: CapturedRequest): LoggedBody | null {
  const { contentType, upload } = request;
  if (upload) {
    const fields: Record<string, string> = {};
    for (const [name, value] of Object.entries((request.body ?? {}) as Record<string, unknown>)) if (name !== 'file' && typeof value === 'string') fields[name] = redactText(value);
    return {
      content_type: contentType,
      size: request.length ?? upload.size,
      fields,
      files: [{ field: 'file', filename: upload.filename ?? null, content_type: upload.mimeType, size: upload.size, sha256: upload.sha256 }],
    };
  }
  if (request.bodyRead === 'json') {
    const json = redactJson(request.body);
    const text = JSON.stringify(json) ?? '';
    const size = request.length ?? Buffer.byteLength(text);
    return text.length > KEPT_BODY_BYTES ? { content_type: contentType, size, text: text.slice(0, KEPT_BODY_BYTES), truncated: true } : { content_type: contentType, size, json };
  }
  if (request.length) return { content_type: contentType, size: request.length };
  return null;
}

export function answerBodyOf(answer: CapturedAnswer): Schemas['LoggedBody'] | null {
  if (answer.size === 0) return null;
  if (answer.sha256 !== undefined) return { content_type: answer.contentType, size: answer.size, sha256: answer.sha256 };
  const text = Buffer.concat(answer.kept ?? []).toString('utf8');
  const truncated = answer.size > KEPT_BODY_BYTES;
  if (!truncated && answer.contentType !== null && /json/i.test(answer.contentType)) {
    try {
      return { content_type: answer.contentType, size: answer.size, json: redactJson(JSON.parse(text)) };
    } catch {
      // not JSON after all: kept as text
    }
  }
  return { content_type: answer.contentType, size: answer.size, text: redactText(truncated ? text.slice(0, KEPT_BODY_BYTES) : text), ...(truncated ? { truncated } : {}) };
}

/** The answer's `error.code`, when it is an error envelope. */
export function errorCodeOf(body: LoggedBody | null): string | null {
  const error = (body?.json as { error?: { code?: unknown } } | undefined)?.error;
  return typeof error?.code === 'string' ? error.code : null;
}
