// What the cases share: assertions that state the rule they hold (so one drift reads as one finding wherever
// it shows), sample files, and the resources a run makes for itself (templates, approved ones).
import assert from 'node:assert/strict';
import type { components } from '../../generated/openapi';
import { Broken, deliveryOccurrences, Inconclusive, type CaseContext } from '../harness';
import type { ReceivedDelivery } from '../webhook-listener';
import { DeliveryMissing } from '../webhook-listener';

type Template = components['schemas']['Template'];
type ErrorResponse = components['schemas']['ErrorResponse'];

/**
 * Deep equality over JSON values. (Bodies parsed by the runtime's fetch come from another realm than jest's
 * sandbox, so `assert.deepStrictEqual` would reject equal values for their prototypes.)
 */
export function same(actual: unknown, expected: unknown, message?: string): void {
  assert.equal(JSON.stringify(actual), JSON.stringify(expected), message);
}

/** Holds a rule: when `holds` is false, the rule is broken, with what was seen. */
export function check(holds: boolean, rule: string, seen?: string): asserts holds {
  if (!holds) throw new Broken(rule, seen);
}

export type Res = { response: Response; data?: unknown; error?: unknown };

const excerpt = (value: unknown) => JSON.stringify(value ?? null).slice(0, 300);

/** Asserts the status; what was seen carries the body. */
export function status(ctx: CaseContext, res: Res, expected: number): void {
  if (res.response.status === expected) return;
  const e = ctx.last();
  throw new Broken(`expected HTTP ${expected}, got ${res.response.status}${e.errorCode ? ` ${e.errorCode}` : ''}`, excerpt(e.json), e.operation);
}

/** Asserts an error envelope with this status and code (or one of these codes). */
export function failsWith(ctx: CaseContext, res: Res, expected: number, code: string | readonly string[]): ErrorResponse {
  const codes = typeof code === 'string' ? [code] : code;
  const e = ctx.last();
  const body = e.json as ErrorResponse | undefined;
  const got = body?.error?.code;
  if (res.response.status !== expected || !got || !codes.includes(got)) {
    throw new Broken(`expected ${expected} ${codes.join(' or ')}, got ${res.response.status} ${got ?? '(no error code)'}`, excerpt(e.json), e.operation);
  }
  return body!;
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
/** A PNG signature followed by filler, `size` bytes in all. */
export const pngOf = (size: number) => Buffer.concat([PNG_1X1.subarray(0, 16), Buffer.alloc(size - 16, 0xa5)]);
/** An MP4 signature (ftyp box) followed by filler, `size` bytes in all. */
export const mp4Of = (size: number) => {
  const head = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.from([0, 0, 2, 0]), Buffer.from('isomiso2avc1mp41')]);
  return Buffer.concat([head, Buffer.alloc(size - head.length)]);
};
/** openapi.yaml's limits table: 1 MB = 1,048,576 bytes. */
export const MB = 1_048_576;
export const PDF = Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n', 'latin1');

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
/** A number nobody wrote from: its customer service window is closed. */
export const SILENT_RECIPIENT = '4930000000017';

/** A unique lower_snake_case template name. */
export const snake = (ctx: CaseContext, prefix: string) => ctx.unique(prefix).replace(/-/g, '_').toLowerCase();

export const BODY_TWO_PLACEHOLDERS = { text: 'Hello {{1}}, your order {{2}} is on its way.', examples: ['Anna', '10482'] };

export async function createTemplate(ctx: CaseContext, name: string, language = 'en_US', extra: Record<string, unknown> = {}): Promise<Template> {
  const res = await ctx.api.POST('/templates', {
    body: { client_ref: chat(ctx), name, language, category: 'UTILITY', body: BODY_TWO_PLACEHOLDERS, ...extra },
  });
  status(ctx, res, 201);
  return res.data!;
}

/**
 * A template in review for the rest of the case: the reference server's simulator holds names containing
 * `manual` in review until decided; a provider that still decides first makes the case inconclusive.
 */
export async function pendingTemplate(ctx: CaseContext, prefix: string): Promise<Template> {
  return createTemplate(ctx, snake(ctx, `${prefix}_manual`));
}

/** A refusal expected of a PENDING template that did not come: drift, unless the review had finished by then. */
export async function stillPending(ctx: CaseContext, t: Template, refusal: () => void): Promise<void> {
  try {
    refusal();
  } catch (e) {
    const now = await ctx.api.GET('/templates/{template_ref}', { params: { path: { template_ref: t.id ?? t.name }, query: templateQuery(ctx, t.language) } });
    if (now.data && now.data.status !== 'PENDING') throw new Inconclusive(`the review of ${t.name} ended (${now.data.status}) before the request that needs it PENDING`);
    throw e;
  }
}

export const templateQuery = (ctx: CaseContext, language?: string) => ({ client_ref: chat(ctx), ...(language ? { language } : {}) });

/** Polls the template until its review is over; a review longer than the run waits is inconclusive, not drift. */
export async function reviewed(ctx: CaseContext, t: Pick<Template, 'id' | 'name' | 'language'>): Promise<Template> {
  const deadline = Date.now() + ctx.run.reviewTimeoutMs;
  for (;;) {
    const res = await ctx.api.GET('/templates/{template_ref}', { params: { path: { template_ref: t.id ?? t.name }, query: { ...templateQuery(ctx, t.language), refresh: true } } });
    status(ctx, res, 200);
    if (res.data!.status !== 'PENDING') return res.data!;
    if (Date.now() > deadline) throw new Inconclusive(`the review of ${t.name} did not finish within ${ctx.run.reviewTimeoutMs / 1000} s (raise --review-timeout)`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** A template this case created and the provider approved (created fresh: an edit would use up a shared one). */
export async function approvedTemplateOfMyOwn(ctx: CaseContext, prefix: string, extra: Record<string, unknown> = {}): Promise<Template> {
  const created = await createTemplate(ctx, snake(ctx, prefix), 'en_US', extra);
  const done = await reviewed(ctx, created);
  if (done.status !== 'APPROVED') throw new Inconclusive(`the provider did not approve ${done.name} (it is ${done.status}): nothing to observe`);
  return done;
}

/** One APPROVED template the run created, shared by the cases that read it or are refused on it. */
export const runApprovedTemplate = (ctx: CaseContext) => ctx.run.once('approved-template', () => approvedTemplateOfMyOwn(ctx, 'ct_run_approved'));

/**
 * The webhook delivery a request of the case caused: it must arrive, signed, and hold the contract's
 * `webhooks` (a missing, unsigned or invalid delivery is drift).
 */
export async function delivered(ctx: CaseContext, event: string, about: string, match: (d: ReceivedDelivery) => boolean): Promise<ReceivedDelivery> {
  let delivery: ReceivedDelivery;
  try {
    delivery = await ctx.fx.webhooks!.waitFor(`${event} ${about}`, (d) => d.event === event && match(d));
  } catch (e) {
    if (e instanceof DeliveryMissing) throw new Broken(`the ${event} event a request causes is delivered`, e.message, event);
    throw e;
  }
  if (delivery.problems.length) throw new Broken(deliveryOccurrences(delivery));
  return delivery;
}
