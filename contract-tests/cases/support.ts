// What the cases of every tag share: assertions that name the request, sample files, fixtures by role.
import assert from 'node:assert/strict';
import type { components } from '../../generated/openapi';
import type { CaseContext } from '../harness';

/**
 * Deep equality over JSON values. (Bodies parsed by the runtime's fetch come from another realm than jest's
 * sandbox, so `assert.deepStrictEqual` would reject equal values for their prototypes.)
 */
export function same(actual: unknown, expected: unknown, message?: string): void {
  assert.equal(JSON.stringify(actual), JSON.stringify(expected), message);
}

export type Res = { response: Response; data?: unknown; error?: unknown };

/** Asserts the status; the message names the request and shows the body. */
export function status(ctx: CaseContext, res: Res, expected: number): void {
  const e = ctx.last();
  assert.equal(
    res.response.status,
    expected,
    `${e.operation ?? e.path}: expected HTTP ${expected}, got ${res.response.status} ${JSON.stringify(e.json ?? null).slice(0, 300)}`,
  );
}

/** Asserts an error envelope with this status and code. */
export function failsWith(ctx: CaseContext, res: Res, expected: number, code: string): components['schemas']['ErrorResponse'] {
  status(ctx, res, expected);
  const body = ctx.last().json as components['schemas']['ErrorResponse'];
  assert.equal(body?.error?.code, code, `${ctx.last().operation}: expected error.code ${code}, got ${JSON.stringify(body)}`);
  return body;
}

export const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
export const GIF_1X1 = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
/** A WebP (sticker) file of `size` bytes: RIFF/WEBP header, then padding. */
export function webp(size: number): Buffer {
  const b = Buffer.alloc(size);
  b.write('RIFF', 0, 'ascii');
  b.writeUInt32LE(size - 8, 4);
  b.write('WEBPVP8 ', 8, 'ascii');
  return b;
}

/** A file part for an upload body: the typed client sends a body with a Blob (or File) field as multipart. */
export const file = (bytes: Buffer, type: string, name: string) => new File([new Uint8Array(bytes)], name, { type });

/** A multipart body built by hand, for requests the contract refuses (a missing file part). */
export function form(fields: Record<string, string>): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  return f;
}

export const chat = (ctx: CaseContext) => ctx.fx.chatClientRef!;
export const social = (ctx: CaseContext) => ctx.fx.socialClientRef!;
export const RECIPIENT = '4915112345678';
/** Invalid anywhere; the reference server's simulated provider also refuses every code starting with `invalid`. */
export const INVALID_AUTH_CODE = 'invalid-contract-suite-code';
export const SOCIAL_RECIPIENT = '17841405309211844';

export async function createTemplate(ctx: CaseContext, name: string, language = 'en_US') {
  const res = await ctx.api.POST('/templates', {
    body: { client_ref: chat(ctx), name, language, category: 'UTILITY', body: { text: 'Hello {{1}}, your order is on its way.', examples: ['Anna'] } },
  });
  status(ctx, res, 201);
  return res.data!;
}

