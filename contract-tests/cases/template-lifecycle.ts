// Tag Templates, the lifecycle (sections 2, 3 and 4) and the limits of section 8: create, header media,
// read, edit and delete. Templates the run edits or deletes are its own: a fixture's template is only ever
// read.
import type { components } from '../../generated/openapi';
import type { Case } from '../harness';
import { detailsName } from './clients';
import { list } from './template-lists';
import {
  approvedTemplateOfMyOwn,
  BODY_TWO_PLACEHOLDERS,
  chat,
  check,
  createTemplate,
  delivered,
  failsWith,
  file,
  form,
  GIF_1X1,
  MB,
  pendingTemplate,
  PNG_1X1,
  pngOf,
  RECIPIENT,
  runApprovedTemplate,
  same,
  snake,
  status,
  stillPending,
  templateQuery,
} from './support';

type Template = components['schemas']['Template'];

/** A body the contract refuses, with the field the refusal names. */
const INVALID_BODIES: [rule: string, field: string, body: Record<string, unknown>][] = [
  ['a template body over 1024 characters', 'body.text', { body: { text: 'x'.repeat(1025) } }],
  ['a footer over 60 characters', 'footer.text', { body: { text: 'Hi' }, footer: { text: 'x'.repeat(61) } }],
  ['a button text over 25 characters', 'text', { body: { text: 'Hi' }, buttons: [{ type: 'QUICK_REPLY', text: 'x'.repeat(26) }] }],
  ['more than 10 buttons', 'buttons', { body: { text: 'Hi' }, buttons: Array.from({ length: 11 }, (_, i) => ({ type: 'QUICK_REPLY', text: `Option ${i}` })) }],
  ['a TEXT header with two placeholders', 'header', { body: { text: 'Hi' }, header: { format: 'TEXT', text: '{{1}} and {{2}}' } }],
  ['an IMAGE header without media_handle or media_url', 'header', { body: { text: 'Hi' }, header: { format: 'IMAGE' } }],
];

export const templateLifecycleCases: Case[] = [
  {
    operation: 'createTemplate',
    name: 'creating a template answers 201 with status PENDING',
    fixtures: ['chatClientRef'],
    run: async (ctx) => {
      const t = await createTemplate(ctx, snake(ctx, 'ct_create'));
      check(t.status === 'PENDING', 'a created template is PENDING', t.status);
    },
  },
  {
    operation: 'createTemplate',
    name: 'a template created without language and category is en_US and MARKETING',
    needs: ['rules'],
    fixtures: ['chatClientRef'],
    run: async (ctx) => {
      const res = await ctx.api.POST('/templates', { body: { client_ref: chat(ctx), name: snake(ctx, 'ct_defaults'), body: BODY_TWO_PLACEHOLDERS } });
      status(ctx, res, 201);
      same([res.data!.language, res.data!.category], ['en_US', 'MARKETING'], 'language defaults to en_US and category to MARKETING');
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
      check(t.name === base, 'a template name is normalized to lower_snake_case', `${t.name}, expected ${base}`);
      const got = await ctx.api.GET('/templates/{template_ref}', { params: { path: { template_ref: t.id ?? t.name }, query: templateQuery(ctx, 'en_US') } });
      status(ctx, got, 200);
      same([got.data!.name, got.data!.language], [base, 'en_US'], 'a created template reads back with its name and language');
      const listed = await list(ctx, { search: base });
      check(listed.some((r) => r.name === base), 'a created template is listed', `${base} not among ${listed.map((r) => r.name).join(', ')}`);
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
      failsWith(ctx, await ctx.api.POST('/templates', { body: { client_ref: chat(ctx), name, body: { text: 'Again' } } }), 409, 'conflict');
    },
  },
  ...INVALID_BODIES.map(
    ([rule, field, body]): Case => ({
      operation: 'createTemplate',
      name: `${rule} is refused with 400 bad_request, details naming ${field}`,
      needs: ['validation'],
      fixtures: ['chatClientRef'],
      run: async (ctx) => detailsName(failsWith(ctx, await ctx.api.POST('/templates', { body: { client_ref: chat(ctx), name: snake(ctx, 'ct_invalid'), ...body } as never }), 400, 'bad_request'), field),
    }),
  ),
  {
    operation: 'createTemplate',
    name: 'a template for an unknown client is refused with 404 not_found',
    needs: ['state'],
    run: async (ctx) =>
      void failsWith(ctx, await ctx.api.POST('/templates', { body: { client_ref: ctx.unique('ct-unknown'), name: snake(ctx, 'ct_x'), body: { text: 'x' } } }), 404, 'not_found'),
  },
  {
    operation: 'createTemplate',
    name: "a created template's review result arrives as a signed template.status event",
    needs: ['state', 'webhooks'],
    fixtures: ['chatClientRef', 'webhooks'],
    run: async (ctx) => {
      const t = await runApprovedTemplate(ctx);
      const d = await delivered(ctx, 'template.status', `APPROVED for ${t.name}`, (x) => x.body?.template?.name === t.name && x.body?.template?.status === 'APPROVED');
      const now = await ctx.api.GET('/templates/{template_ref}', { params: { path: { template_ref: t.id ?? t.name }, query: templateQuery(ctx, t.language) } });
      status(ctx, now, 200);
      same(
        [d.body!.client_ref, d.body!.template.language, d.body!.template.id],
        [chat(ctx), t.language, now.data!.id],
        'template.status names the client, language and id of the template it is about',
      );
    },
  },
  {
    operation: 'uploadTemplateMedia',
    name: 'a PNG header image uploads with 201 and a handle',
    needs: ['binaryBodies'],
    fixtures: ['chatClientRef'],
    run: async (ctx) => {
      const res = await ctx.api.POST('/templates/media', { body: { client_ref: chat(ctx), file: file(PNG_1X1, 'image/png', 'h.png') } });
      status(ctx, res, 201);
      check(res.data!.handle.length > 0, 'a header upload answers a handle', JSON.stringify(res.data));
    },
  },
  {
    operation: 'uploadTemplateMedia',
    name: 'a header image upload is reported with format IMAGE (inferred from its content type)',
    needs: ['rules', 'binaryBodies'],
    fixtures: ['chatClientRef'],
    run: async (ctx) => {
      const res = await ctx.api.POST('/templates/media', { body: { client_ref: chat(ctx), file: file(PNG_1X1, 'image/png', 'h.png') } });
      status(ctx, res, 201);
      check(res.data!.format === 'IMAGE', 'a PNG header upload is format IMAGE', JSON.stringify(res.data));
    },
  },
  {
    operation: 'uploadTemplateMedia',
    name: 'a GIF header upload (an unsupported type) is refused with 400 media_type_unsupported',
    needs: ['rules'],
    fixtures: ['chatClientRef'],
    run: async (ctx) =>
      void failsWith(ctx, await ctx.api.POST('/templates/media', { body: { client_ref: chat(ctx), file: file(GIF_1X1, 'image/gif', 'h.gif') } }), 400, 'media_type_unsupported'),
  },
  {
    operation: 'uploadTemplateMedia',
    name: 'a header image over 5 MB is refused with 400 media_too_large',
    needs: ['rules', 'binaryBodies'],
    fixtures: ['chatClientRef'],
    run: async (ctx) =>
      void failsWith(ctx, await ctx.api.POST('/templates/media', { body: { client_ref: chat(ctx), file: file(pngOf(5 * MB + 1), 'image/png', 'big.png') } }), 400, 'media_too_large'),
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
    name: 'a name in several languages is refused with 409 conflict without language, and found with it',
    needs: ['state'],
    fixtures: ['chatClientRef'],
    run: async (ctx) => {
      const name = snake(ctx, 'ct_multi');
      await createTemplate(ctx, name, 'en_US');
      await createTemplate(ctx, name, 'de_DE');
      failsWith(ctx, await ctx.api.GET('/templates/{template_ref}', { params: { path: { template_ref: name }, query: { client_ref: chat(ctx) } } }), 409, 'conflict');
      const got = await ctx.api.GET('/templates/{template_ref}', { params: { path: { template_ref: name }, query: templateQuery(ctx, 'de_DE') } });
      status(ctx, got, 200);
      same([got.data!.name, got.data!.language], [name, 'de_DE'], 'language picks the template among its languages');
    },
  },
  {
    operation: 'updateTemplate',
    name: 'editing a template in review (PENDING) is refused with 409 conflict',
    needs: ['state', 'rules'],
    fixtures: ['chatClientRef'],
    run: async (ctx) => {
      const t = await pendingTemplate(ctx, 'ct_edit');
      const res = await ctx.api.PATCH('/templates/{template_ref}', {
        params: { path: { template_ref: t.id ?? t.name }, query: templateQuery(ctx, 'en_US') },
        body: { client_ref: chat(ctx), name: t.name, body: { text: 'Edited {{1}}', examples: ['Anna'] } },
      });
      await stillPending(ctx, t, () => void failsWith(ctx, res, 409, 'conflict'));
    },
  },
  ...(
    [
      ['language', (t: Template) => ({ language: t.language === 'en_US' ? 'de_DE' : 'en_US' })],
      ['name', (t: Template) => ({ name: `${t.name}_renamed` })],
    ] as const
  ).map(
    ([field, change]): Case => ({
      operation: 'updateTemplate',
      name: `changing the ${field} of an approved template is refused with 400 bad_request`,
      needs: ['state', 'rules'],
      fixtures: ['chatClientRef'],
      run: async (ctx) => {
        const t = await runApprovedTemplate(ctx);
        failsWith(
          ctx,
          await ctx.api.PATCH('/templates/{template_ref}', {
            params: { path: { template_ref: t.id ?? t.name }, query: templateQuery(ctx, t.language) },
            body: { client_ref: chat(ctx), name: t.name, language: t.language, category: t.category ?? 'UTILITY', body: BODY_TWO_PLACEHOLDERS, ...change(t) },
          }),
          400,
          'bad_request',
        );
      },
    }),
  ),
  {
    operation: 'updateTemplate',
    name: 'editing an approved template answers 200 and resubmits it for review (PENDING)',
    needs: ['state'],
    fixtures: ['chatClientRef'],
    run: async (ctx) => {
      const t = await approvedTemplateOfMyOwn(ctx, 'ct_edit_approved');
      const res = await ctx.api.PATCH('/templates/{template_ref}', {
        params: { path: { template_ref: t.id ?? t.name }, query: templateQuery(ctx, t.language) },
        body: { client_ref: chat(ctx), name: t.name, language: t.language, category: t.category ?? 'UTILITY', body: { text: 'Hello {{1}}, order {{2}} left our warehouse.', examples: ['Anna', '10482'] } },
      });
      status(ctx, res, 200);
      check(res.data!.status === 'PENDING', 'an edited template is back in review (PENDING)', res.data!.status);
    },
  },
  {
    operation: 'updateTemplate',
    name: 'editing an unknown template is refused with 404 not_found',
    needs: ['state'],
    fixtures: ['chatClientRef'],
    run: async (ctx) => {
      const name = snake(ctx, 'ct_none');
      failsWith(
        ctx,
        await ctx.api.PATCH('/templates/{template_ref}', { params: { path: { template_ref: name }, query: templateQuery(ctx) }, body: { client_ref: chat(ctx), name, body: { text: 'x' } } }),
        404,
        'not_found',
      );
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
    name: 'a deleted template is gone (404), sends naming it fail (404), and its name is blocked for reuse (409 conflict)',
    needs: ['state', 'rules'],
    fixtures: ['chatClientRef'],
    run: async (ctx) => {
      const name = snake(ctx, 'ct_gone');
      await createTemplate(ctx, name);
      const q = templateQuery(ctx, 'en_US');
      status(ctx, await ctx.api.DELETE('/templates/{template_ref}', { params: { path: { template_ref: name }, query: q } }), 204);
      failsWith(ctx, await ctx.api.GET('/templates/{template_ref}', { params: { path: { template_ref: name }, query: q } }), 404, 'not_found');
      failsWith(
        ctx,
        await ctx.api.POST('/messages/send-template', { body: { client_ref: chat(ctx), to: RECIPIENT, template_ref: name, language: 'en_US', parameters: ['Anna', '10482'], dry_run: true } }),
        404,
        'not_found',
      );
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
