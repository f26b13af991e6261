// A second tenant: another partner's chat client, template and media (the foreign_… fixtures) do not exist
// for the run's partner. Every operation that takes such a reference answers the run's key 404 — never 200
// (its data reached) and never 403 (its existence told) — and no list the run reads and no webhook it
// receives carries another partner's client. Sends are dry runs: even an implementation that ignores the
// tenant delivers nothing.
import { contract } from '../../spec';
import { Broken, WEBHOOK_DELIVERIES, type Case, type CaseContext, type Exchange } from '../harness';
import type { FixtureName } from '../fixtures-file';
import { itemsOf } from '../sequences/links';
import { BODY_TWO_PLACEHOLDERS, chat, file, PNG_1X1, RECIPIENT, snake, type Res } from './support';

const foreignClient = (ctx: CaseContext) => ctx.fx.foreignChatClientRef!;
const foreignTemplate = (ctx: CaseContext) => ctx.fx.foreignTemplate!;
const foreignMedia = (ctx: CaseContext) => ctx.fx.foreignMediaId!;

const excerpt = (value: unknown) => JSON.stringify(value ?? null).slice(0, 300);

/** The rule every request naming another partner's resource holds: 404 with a code its operation documents for 404. */
function notFound(ctx: CaseContext, res: Res, what: string): void {
  const e = ctx.last();
  const codes = contract().byId(e.operation ?? '')?.responses['404']?.errorCodes ?? ['not_found'];
  const code = (e.json as { error?: { code?: string } } | undefined)?.error?.code;
  if (res.response.status === 404 && code !== undefined && codes.includes(code)) return;
  throw new Broken(`another partner's ${what} does not exist for this partner: 404, never 200 or 403`, `answered ${res.response.status} ${code ?? ''}: ${excerpt(e.json)}`, e.operation);
}

const tenantCase = (operation: string, name: string, fixtures: FixtureName[], run: (ctx: CaseContext) => Promise<void>): Case => ({
  operation,
  name,
  // A file sent or received as bytes (uploads, downloads) needs a target that carries them as they are.
  needs: ['state', 'rules', ...(['uploadMedia', 'uploadTemplateMedia', 'downloadMedia'].includes(operation) ? (['binaryBodies'] as const) : [])],
  fixtures,
  run,
});

const templateQuery = (clientRef: string) => ({ client_ref: clientRef });
const templateBody = (ctx: CaseContext, clientRef: string) => ({ client_ref: clientRef, name: snake(ctx, 'ct_foreign'), language: 'en_US', category: 'UTILITY' as const, body: BODY_TWO_PLACEHOLDERS });

export const tenantCases: Case[] = [
  tenantCase('getClient', "another partner's client is not found: GET /clients/{client_ref} answers 404", ['foreignChatClientRef'], async (ctx) => {
    notFound(ctx, await ctx.api.GET('/clients/{client_ref}', { params: { path: { client_ref: foreignClient(ctx) } } }), 'client');
  }),
  tenantCase('listTemplates', "another partner's client has no templates to list: GET /templates answers 404", ['foreignChatClientRef'], async (ctx) => {
    notFound(ctx, await ctx.api.GET('/templates', { params: { query: templateQuery(foreignClient(ctx)) } }), 'client');
  }),
  tenantCase('createTemplate', "a template for another partner's client is refused with 404", ['foreignChatClientRef'], async (ctx) => {
    notFound(ctx, await ctx.api.POST('/templates', { body: templateBody(ctx, foreignClient(ctx)) }), 'client');
  }),
  tenantCase('uploadTemplateMedia', "header media for another partner's client is refused with 404", ['foreignChatClientRef'], async (ctx) => {
    notFound(ctx, await ctx.api.POST('/templates/media', { body: { client_ref: foreignClient(ctx), file: file(PNG_1X1, 'image/png', 'header.png') } as never }), 'client');
  }),
  ...(
    [
      ['getTemplate', 'read', (ctx: CaseContext, client: string) => ctx.api.GET('/templates/{template_ref}', { params: { path: { template_ref: foreignTemplate(ctx) }, query: templateQuery(client) } })],
      [
        'updateTemplate',
        'edited',
        (ctx: CaseContext, client: string) => ctx.api.PATCH('/templates/{template_ref}', { params: { path: { template_ref: foreignTemplate(ctx) }, query: templateQuery(client) }, body: templateBody(ctx, client) }),
      ],
      ['deleteTemplate', 'deleted', (ctx: CaseContext, client: string) => ctx.api.DELETE('/templates/{template_ref}', { params: { path: { template_ref: foreignTemplate(ctx) }, query: templateQuery(client) } })],
    ] as const
  ).map(([operation, verb, call]) =>
    tenantCase(operation, `another partner's template cannot be ${verb}: 404 under this partner's chat client and under its own client`, ['chatClientRef', 'foreignChatClientRef', 'foreignTemplate'], async (ctx) => {
      notFound(ctx, await call(ctx, chat(ctx)), 'template');
      notFound(ctx, await call(ctx, foreignClient(ctx)), 'client');
    }),
  ),
  tenantCase('sendMessage', "a send through another partner's client is refused with 404 (dry run)", ['foreignChatClientRef'], async (ctx) => {
    notFound(ctx, await ctx.api.POST('/messages/send', { body: { client_ref: foreignClient(ctx), to: RECIPIENT, type: 'text', text: { body: 'Hello' }, dry_run: true } }), 'client');
  }),
  tenantCase(
    'sendTemplateMessage',
    "a template send naming another partner's template, or through its client, is refused with 404 (dry run)",
    ['chatClientRef', 'foreignChatClientRef', 'foreignTemplate'],
    async (ctx) => {
      const send = (clientRef: string) =>
        ctx.api.POST('/messages/send-template', { body: { client_ref: clientRef, to: RECIPIENT, template_ref: foreignTemplate(ctx), parameters: ['Anna'], dry_run: true } });
      notFound(ctx, await send(chat(ctx)), 'template');
      notFound(ctx, await send(foreignClient(ctx)), 'client');
    },
  ),
  tenantCase('uploadMedia', "an upload for another partner's client is refused with 404", ['foreignChatClientRef'], async (ctx) => {
    notFound(ctx, await ctx.api.POST('/media', { body: { client_ref: foreignClient(ctx), file: file(PNG_1X1, 'image/png', 'upload.png') } }), 'client');
  }),
  tenantCase(
    'downloadMedia',
    "another partner's media is not found: GET /media/{media_id} answers 404 for this partner's chat client and for the other partner's client",
    ['chatClientRef', 'foreignChatClientRef', 'foreignMediaId'],
    async (ctx) => {
      const download = (clientRef: string) => ctx.api.GET('/media/{media_id}', { params: { path: { media_id: foreignMedia(ctx) }, query: { client_ref: clientRef } }, parseAs: 'arrayBuffer' });
      notFound(ctx, await download(chat(ctx)), 'media');
      notFound(ctx, await download(foreignClient(ctx)), 'client');
    },
  ),
];

/** The foreign references an answer carries: another partner's client as a `client_ref`, its template as an `id`. */
function foreignIn(ctx: CaseContext, value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) for (const v of value) foreignIn(ctx, v, out);
  else if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    if (o.client_ref === ctx.fx.foreignChatClientRef) out.push(`client_ref ${o.client_ref}`);
    if (ctx.fx.foreignTemplate !== undefined && o.id === ctx.fx.foreignTemplate) out.push(`template ${o.id}`);
    for (const v of Object.values(o)) foreignIn(ctx, v, out);
  }
  return out;
}

/** Lists the run reads: every answer of a list operation (its items), or of a read, that carries another partner's resource. */
const leaking = (ctx: CaseContext, exchanges: Exchange[]) =>
  exchanges.filter((e) => e.status >= 200 && e.status < 300 && itemsOf(e.json) !== undefined).flatMap((e) => foreignIn(ctx, itemsOf(e.json)).map((f) => `${e.operation}: ${f}`));

export const tenantRunCases: Case[] = [
  tenantCase(
    'listClients',
    "no list the run reads carries another partner's client or template (every page of GET /clients, this partner's templates, and every list answered during the run)",
    ['chatClientRef', 'foreignChatClientRef'],
    async (ctx) => {
      for (let offset = 0; ; offset += 100) {
        const page = await ctx.api.GET('/clients', { params: { query: { limit: 100, offset } } });
        if ((itemsOf(page.data) ?? []).length < 100 || offset > 10_000) break;
      }
      await ctx.api.GET('/templates', { params: { query: templateQuery(chat(ctx)) } });
      const leaks = [...new Set(leaking(ctx, ctx.run.exchanges))];
      if (leaks.length) throw new Broken("no list the run reads carries another partner's client or template", leaks.slice(0, 5).join('; '), 'listClients');
    },
  ),
  {
    operation: WEBHOOK_DELIVERIES,
    name: "no webhook the run receives is about another partner's client",
    needs: ['webhooks', 'state'],
    fixtures: ['webhooks', 'foreignChatClientRef'],
    run: async (ctx) => {
      const listener = ctx.fx.webhooks!;
      // One more delivery caused now, when the trigger is given, so the check sees what the service sends at the
      // end of the run too.
      if (ctx.fx.webhookTestTrigger) {
        const since = Date.now();
        await ctx.fx.webhookTestTrigger();
        await listener.waitFor('webhook.test after the trigger', (d) => d.at >= since && d.event === 'webhook.test').catch(() => undefined);
      }
      const about = listener.deliveries.filter((d) => d.body?.client_ref === ctx.fx.foreignChatClientRef);
      if (about.length) throw new Broken("no webhook the run receives is about another partner's client", about.slice(0, 3).map((d) => d.raw.toString('utf8').slice(0, 200)).join(' | '), about[0]!.event);
    },
  },
];
