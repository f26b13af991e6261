import type { Request, Response } from 'express';
import type { Handler, OperationId, OperationsByTag, ServerBinding, TagHandlers } from '../../generated/server';
import type { components } from '../../generated/openapi';
import type { SpooledMedia } from '../domain/media/upload-spool';
import type { ApiKey } from '../store/records';

export type ErrorResponse = components['schemas']['ErrorResponse'];

/**
 * How the reference server binds the contract's handlers: the key record authentication found, the upload
 * spooled by http/multipart-upload.ts, and the headers its pipeline sets (http/request-id.ts, http/auth.ts's
 * rate limit, the error mapper's Retry-After).
 */
export interface ReferenceBinding extends ServerBinding {
  key: ApiKey;
  file: SpooledMedia;
  provided: 'X-Request-Id' | 'X-RateLimit-Limit' | 'X-RateLimit-Remaining' | 'Retry-After';
}

/** The handlers of one tag of the contract, as the reference server binds them. */
export type ReferenceHandlers<T extends keyof OperationsByTag> = TagHandlers<T, ReferenceBinding>;
export type ReferenceHandler<K extends OperationId> = Handler<K, ReferenceBinding>;

/** Set by the validator's metadata step for every operation of the contract. */
export interface OpenApiRequest extends Request {
  openapi?: { schema?: { operationId?: string }; openApiRoute?: string };
}

/** The key that authenticated the request (absent on public operations). */
export function authenticatedKey(res: Response): ApiKey {
  const key = res.locals.apiKey as ApiKey | undefined;
  if (!key) throw new Error('No authenticated key on this request.');
  return key;
}

/** The operation of the request: from the validator's lookup, or the one a deferred lookup failure belongs to. */
export function operationIdOf(req: Request): string | undefined {
  return (req as OpenApiRequest).openapi?.schema?.operationId ?? (req.res?.locals.operationId as string | undefined);
}
