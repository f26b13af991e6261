import type { Response } from 'express';
import type { Handler, OperationId, OperationsByTag, ServerBinding, TagHandlers } from '../../generated/server';
import type { components } from '../../generated/openapi';
import type { SpooledMedia } from '../domain/media/upload-spool';
import type { EdgeRequest } from '../edge';
import type { ApiKey } from '../store/records';

export type ErrorResponse = components['schemas']['ErrorResponse'];

/**
 * How the reference server binds the contract's handlers: the key record the edge's authentication found,
 * the upload spooled by http/multipart-upload.ts, and the headers its pipeline sets (the edge's request id
 * and rate limit, the error mapper's Retry-After).
 */
export interface ReferenceBinding extends ServerBinding {
  key: ApiKey;
  file: SpooledMedia;
  provided: 'X-Request-Id' | 'X-RateLimit-Limit' | 'X-RateLimit-Remaining' | 'Retry-After';
}

/** The handlers of one tag of the contract, as the reference server binds them. */
export type ReferenceHandlers<T extends keyof OperationsByTag> = TagHandlers<T, ReferenceBinding>;
export type ReferenceHandler<K extends OperationId> = Handler<K, ReferenceBinding>;

/** What the edge found of the request (server/edge): its id, operation, key (set by server/app.ts). */
export function edgeOf(res: Response): EdgeRequest<ApiKey> | undefined {
  return res.locals.edge as EdgeRequest<ApiKey> | undefined;
}

/** The key that authenticated the request (absent on public operations). */
export function authenticatedKey(res: Response): ApiKey {
  const key = edgeOf(res)?.key;
  if (!key) throw new Error('No authenticated key on this request.');
  return key;
}
