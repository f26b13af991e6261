// Type test, compiled by `npm run typecheck` (never run): the compiler holds the reference server's handlers
// to the contract. Each `@ts-expect-error` marks an answer or a handler set the contract forbids; if the
// generated types stopped catching it, the directive itself would fail the type-check.
import { Router } from 'express';
import type { Handlers } from '../../generated/server';
import { mountHandlers, type BindingValues } from './contract-router';
import { referenceHandlers, type RouterDeps } from './routes';
import type { ReferenceBinding, ReferenceHandler } from './types';

declare const deps: RouterDeps;
declare const binding: BindingValues<ReferenceBinding>;

// The complete set mounts.
mountHandlers(Router(), referenceHandlers(deps), binding);

// Removing a handler fails: the set must be complete.
const { getStatus: _removed, ...withoutGetStatus } = referenceHandlers(deps);
// @ts-expect-error getStatus has no handler
mountHandlers(Router(), withoutGetStatus, binding);
// @ts-expect-error getStatus has no handler
export const incomplete: Handlers<ReferenceBinding> = withoutGetStatus;

// A documented answer compiles …
export const documented: ReferenceHandler<'getStatus'> = () => ({ status: 200, body: { status: 'ok', version: 'v1' } });
export const documentedError: ReferenceHandler<'getStatus'> = () => ({ status: 500, body: { error: { code: 'internal_error', message: 'Try again.' } } });

// … an undocumented status does not (getStatus documents 200 and 500),
// @ts-expect-error 201 is not a documented status of getStatus
export const undocumentedStatus: ReferenceHandler<'getStatus'> = () => ({ status: 201, body: { status: 'ok', version: 'v1' } });

// … nor a body the status does not document (an error envelope on 200, a value outside the enum),
// @ts-expect-error getStatus's 200 body is not the error envelope
export const errorBodyOn200: ReferenceHandler<'getStatus'> = () => ({ status: 200, body: { error: { code: 'internal_error', message: 'x' } } });
// @ts-expect-error version is the const v1
export const undocumentedValue: ReferenceHandler<'getStatus'> = () => ({ status: 200, body: { status: 'ok', version: 'v2' } });

// … nor a body missing a required field, in an async handler too,
// @ts-expect-error media_id is required in uploadMedia's 201 body
export const missingField: ReferenceHandler<'uploadMedia'> = async () => ({ status: 201, body: { success: true, kind: 'image', expires_in_days: 30 } });

// … nor an answer without a required header the pipeline does not set (downloadMedia's Content-Length),
export const withHeaders: ReferenceHandler<'downloadMedia'> = () => ({
  status: 200,
  contentType: 'audio/ogg',
  headers: { 'Content-Length': 3, 'X-Media-Sha256': 'ab' },
  body: 'ogg',
});
// @ts-expect-error Content-Length is a required header of downloadMedia's 200
export const missingHeader: ReferenceHandler<'downloadMedia'> = () => ({ status: 200, contentType: 'audio/ogg', headers: { 'X-Media-Sha256': 'ab' }, body: 'ogg' });
// @ts-expect-error X-Undocumented is not a header of getStatus's 200
export const undocumentedHeader: ReferenceHandler<'getStatus'> = () => ({ status: 200, headers: { 'X-Undocumented': '1' }, body: { status: 'ok', version: 'v1' } });

// … while the headers the reference pipeline sets (X-Request-Id, rate-limit counters) may be left out.
export const providedHeaders: ReferenceHandler<'getUsage'> = () => ({ status: 429, body: { error: { code: 'rate_limited', message: 'Slow down.' } } });
