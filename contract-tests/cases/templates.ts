// Tag Templates: the template lifecycle.
import assert from 'node:assert/strict';
import type { Case, CaseContext } from '../harness';
import { chat, createTemplate, failsWith, file, form, PNG_1X1, same, status } from './support';

const snake = (ctx: CaseContext, prefix: string) => ctx.unique(prefix).replace(/-/g, '_').toLowerCase();

export const templateCases: Case[] = [
  {
    operation: 'listTemplates',
    name: "listing a chat client's templates answers 200 with results and count",
    fixtures: ['chatClientRef'],
    run: async (ctx) => void status(ctx, await ctx.api.GET('/templates', { params: { query: { client_ref: chat(ctx) } } }), 200),
  },
  {
    operation: 'listTemplates',
    name: 'listing templates without client_ref is refused with 400 bad_request',
    needs: ['validation'],
    run: async (ctx) => void failsWith(ctx, { response: await ctx.raw('GET', '/templates') }, 400, 'bad_request'),
  },
  {
    operation: 'listTemplates',
    name: 'listing templates of an unknown client is refused with 404 not_found',
    needs: ['state'],
    run: async (ctx) => void failsWith(ctx, await ctx.api.GET('/templates', { params: { query: { client_ref: ctx.unique('ct-unknown') } } }), 404, 'not_found'),
  },
  {
    operation: 'createTemplate',
    name: 'creating a template answers 201 with status PENDING',
    fixtures: ['chatClientRef'],
    run: async (ctx) => {
      const t = await createTemplate(ctx, snake(ctx, 'ct_create'));
      assert.equal(t.status, 'PENDING');
    },
  },
  {
    operation: 'createTemplate',
    name: 'a created template is normalized to lower_snake_case, read back by id and listed',
    needs: ['state', 'rules'],
    fixtures: ['chatClientRef'],
    run: async (ctx) => {
      // Letters only: how digits next to letters split into words is not specified.
      const base = `ct_readback_${snake(ctx, 'x').replace(/[^a-z]/g, '').slice(1)}_${'abcdefghij'[Date.now() % 10]}`;
      const t = await createTemplate(ctx, `${base.replace(/_/g, ' ').toUpperCase()}!`);
      assert.equal(t.name, base);
      const got = await ctx.api.GET('/templates/{template_ref}', { params: { path: { template_ref: t.id ?? t.name }, query: { client_ref: chat(ctx), language: 'en_US' } } });
      status(ctx, got, 200);
      same([got.data!.name, got.data!.language, got.data!.status], [base, 'en_US', 'PENDING']);
      const list = await ctx.api.GET('/templates', { params: { query: { client_ref: chat(ctx), search: base } } });
      status(ctx, list, 200);
      assert.ok(list.data!.results.some((r) => r.name === base), `${base} is listed`);
    },
  },
  {
    operation: 'createTemplate',
    name: 'a second template with the same name and language is refused with 409 conflict',
    needs: ['state'],
    fixtures: ['chatClientRef'],
    run: async (ctx) => {
      const name = snake(ctx, 'ct_dup');
      await createTemplate(ctx, name);
      failsWith(
        ctx,
        await ctx.api.POST('/templates', { body: { client_ref: chat(ctx), name, body: { text: 'Again' } } }),
        409,
        'conflict',
      );
    },
  },
  {
    operation: 'createTemplate',
    name: 'a template body over 1024 characters is refused with 400 bad_request',
    needs: ['validation'],
    fixtures: ['chatClientRef'],
    run: async (ctx) =>
      void failsWith(
        ctx,
        await ctx.api.POST('/templates', { body: { client_ref: chat(ctx), name: snake(ctx, 'ct_long'), body: { text: 'x'.repeat(1025) } } }),
        400,
        'bad_request',
      ),
  },
  {
    operation: 'createTemplate',
    name: 'a template for an unknown client is refused with 404 not_found',
    needs: ['state'],
    run: async (ctx) =>
      void failsWith(ctx, await ctx.api.POST('/templates', { body: { client_ref: ctx.unique('ct-unknown'), name: snake(ctx, 'ct_x'), body: { text: 'x' } } }), 404, 'not_found'),
  },
  {
    operation: 'uploadTemplateMedia',
    name: 'a PNG header image uploads with 201 and a handle',
    needs: ['binaryBodies'],
    fixtures: ['chatClientRef'],
    run: async (ctx) => {
      const res = await ctx.api.POST('/templates/media', { body: { client_ref: chat(ctx), file: file(PNG_1X1, 'image/png', 'h.png') } });
      status(ctx, res, 201);
      assert.ok(res.data!.handle.length > 0);
    },
  },
  {
    operation: 'uploadTemplateMedia',
    name: 'a header image upload is reported with format IMAGE',
    needs: ['rules', 'binaryBodies'],
    fixtures: ['chatClientRef'],
    run: async (ctx) => {
      const res = await ctx.api.POST('/templates/media', { body: { client_ref: chat(ctx), file: file(PNG_1X1, 'image/png', 'h.png') } });
      status(ctx, res, 201);
      assert.equal(res.data!.format, 'IMAGE');
    },
  },
  {
    operation: 'uploadTemplateMedia',
    name: 'a template media upload without file is refused with 400 bad_request',
    needs: ['validation'],
    fixtures: ['chatClientRef'],
    run: async (ctx) => void failsWith(ctx, await ctx.api.POST('/templates/media', { body: form({ client_ref: chat(ctx) }) as never }), 400, 'bad_request'),
  },
  {
    operation: 'getTemplate',
    name: 'getting a created template answers 200 with a Template',
    fixtures: ['chatClientRef'],
    run: async (ctx) => {
      const t = await createTemplate(ctx, snake(ctx, 'ct_get'));
      status(ctx, await ctx.api.GET('/templates/{template_ref}', { params: { path: { template_ref: t.id ?? t.name }, query: { client_ref: chat(ctx) } } }), 200);
    },
  },
  {
    operation: 'getTemplate',
    name: 'getting an unknown template_ref is refused with 404 not_found',
    needs: ['state'],
    fixtures: ['chatClientRef'],
    run: async (ctx) =>
      void failsWith(ctx, await ctx.api.GET('/templates/{template_ref}', { params: { path: { template_ref: snake(ctx, 'ct_none') }, query: { client_ref: chat(ctx) } } }), 404, 'not_found'),
  },
  {
    operation: 'getTemplate',
    name: 'a name that exists in several languages, asked without language, is refused with 409 conflict',
    needs: ['state'],
    fixtures: ['chatClientRef'],
    run: async (ctx) => {
      const name = snake(ctx, 'ct_multi');
      await createTemplate(ctx, name, 'en_US');
      await createTemplate(ctx, name, 'de_DE');
      failsWith(ctx, await ctx.api.GET('/templates/{template_ref}', { params: { path: { template_ref: name }, query: { client_ref: chat(ctx) } } }), 409, 'conflict');
    },
  },
  {
    operation: 'updateTemplate',
    name: 'editing a template in review (PENDING) is refused with 409 conflict',
    needs: ['state', 'rules'],
    fixtures: ['chatClientRef'],
    run: async (ctx) => {
      const t = await createTemplate(ctx, snake(ctx, 'ct_edit'));
      failsWith(
        ctx,
        await ctx.api.PATCH('/templates/{template_ref}', {
          params: { path: { template_ref: t.id ?? t.name }, query: { client_ref: chat(ctx), language: 'en_US' } },
          body: { client_ref: chat(ctx), name: t.name, body: { text: 'Edited {{1}}', examples: ['Anna'] } },
        }),
        409,
        'conflict',
      );
    },
  },
  {
    operation: 'updateTemplate',
    name: 'changing the language of an approved template is refused with 400 bad_request',
    needs: ['rules'],
    fixtures: ['chatClientRef', 'approvedTemplate'],
    run: async (ctx) => {
      const { ref, language } = ctx.fx.approvedTemplate!;
      const q = { client_ref: chat(ctx), ...(language ? { language } : {}) };
      const got = await ctx.api.GET('/templates/{template_ref}', { params: { path: { template_ref: ref }, query: q } });
      status(ctx, got, 200);
      const other = got.data!.language === 'en_US' ? 'de_DE' : 'en_US';
      failsWith(
        ctx,
        await ctx.api.PATCH('/templates/{template_ref}', {
          params: { path: { template_ref: ref }, query: q },
          body: { client_ref: chat(ctx), name: got.data!.name, category: got.data!.category ?? 'UTILITY', language: other, body: { text: 'Changed' } },
        }),
        400,
        'bad_request',
      );
    },
  },
  {
    operation: 'updateTemplate',
    name: 'editing an approved template answers 200 and resubmits it for review',
    needs: [],
    fixtures: ['chatClientRef', 'approvedTemplate'],
    run: async (ctx) => {
      const { ref, language } = ctx.fx.approvedTemplate!;
      const q = { client_ref: chat(ctx), ...(language ? { language } : {}) };
      const got = await ctx.api.GET('/templates/{template_ref}', { params: { path: { template_ref: ref }, query: q } });
      status(ctx, got, 200);
      const body = got.data!.components?.find((c) => String(c.type).toUpperCase() === 'BODY') as { text?: string } | undefined;
      const res = await ctx.api.PATCH('/templates/{template_ref}', {
        params: { path: { template_ref: ref }, query: q },
        body: { client_ref: chat(ctx), name: got.data!.name, category: got.data!.category ?? 'UTILITY', language: got.data!.language, components: got.data!.components, body: { text: body?.text ?? 'Hello' } },
      });
      status(ctx, res, 200);
      assert.equal(res.data!.status, 'PENDING');
    },
  },
  {
    operation: 'deleteTemplate',
    name: 'deleting a created template answers 204 with no body',
    fixtures: ['chatClientRef'],
    run: async (ctx) => {
      const t = await createTemplate(ctx, snake(ctx, 'ct_del'));
      status(ctx, await ctx.api.DELETE('/templates/{template_ref}', { params: { path: { template_ref: t.id ?? t.name }, query: { client_ref: chat(ctx) } } }), 204);
    },
  },
  {
    operation: 'deleteTemplate',
    name: 'a deleted template is gone (404) and its name is blocked for reuse (409 conflict)',
    needs: ['state', 'rules'],
    fixtures: ['chatClientRef'],
    run: async (ctx) => {
      const name = snake(ctx, 'ct_gone');
      await createTemplate(ctx, name);
      const q = { client_ref: chat(ctx), language: 'en_US' };
      status(ctx, await ctx.api.DELETE('/templates/{template_ref}', { params: { path: { template_ref: name }, query: q } }), 204);
      failsWith(ctx, await ctx.api.GET('/templates/{template_ref}', { params: { path: { template_ref: name }, query: q } }), 404, 'not_found');
      failsWith(ctx, await ctx.api.POST('/templates', { body: { client_ref: chat(ctx), name, body: { text: 'x' } } }), 409, 'conflict');
    },
  },
  {
    operation: 'deleteTemplate',
    name: 'deleting an unknown template is refused with 404 not_found',
    needs: ['state'],
    fixtures: ['chatClientRef'],
    run: async (ctx) =>
      void failsWith(ctx, await ctx.api.DELETE('/templates/{template_ref}', { params: { path: { template_ref: snake(ctx, 'ct_none') }, query: { client_ref: chat(ctx) } } }), 404, 'not_found'),
  },
];
