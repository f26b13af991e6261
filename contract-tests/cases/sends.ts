// The two requests of tag Messages, made with the run's key or a given one: what the send cases share
// (free-form-sends.ts, template-sends.ts).
import type { components } from '../../generated/openapi';
import type { CaseContext } from '../harness';

type SendTemplate = components['schemas']['SendTemplateRequest'];

/** POST /messages/send (a free-form message). */
export const send = (ctx: CaseContext, body: Record<string, unknown>, key?: string) =>
  (key ? ctx.as(key) : ctx.api).POST('/messages/send', { body: body as never });
/** POST /messages/send-template. */
export const sendTemplate = (ctx: CaseContext, body: Record<string, unknown>, key?: string) =>
  (key ? ctx.as(key) : ctx.api).POST('/messages/send-template', { body: body as SendTemplate });
