import type { Request, Response } from 'express';
import type { components, operations } from '../../generated/openapi';
import type { ApiKey, PartnerId } from '../store/records';

/** Request and response shapes of an operation, from the generated types only. */
export type JsonBody<K extends keyof operations> = operations[K] extends {
  requestBody: { content: { 'application/json': infer B } };
}
  ? B
  : never;

export type JsonResponse<K extends keyof operations, S extends number> = operations[K]['responses'] extends Record<
  S,
  { content: { 'application/json': infer B } }
>
  ? B
  : never;

export type ErrorResponse = components['schemas']['ErrorResponse'];

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

/** The partner of the key that authenticated the request: everything the request reaches is that partner's. */
export function partnerOf(res: Response): PartnerId {
  return authenticatedKey(res).partnerId;
}

/** The operation of the request: from the validator's lookup, or the one a deferred lookup failure belongs to. */
export function operationIdOf(req: Request): string | undefined {
  return (req as OpenApiRequest).openapi?.schema?.operationId ?? (req.res?.locals.operationId as string | undefined);
}

/** Sends a JSON body typed by the operation's documented response for `status`. */
export function sendJson<K extends keyof operations, S extends number>(
  res: Response,
  _operation: K,
  status: S,
  body: JsonResponse<K, S>,
): void {
  res.status(status).json(body);
}
