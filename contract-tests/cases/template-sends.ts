// Tag Messages, template sends (POST /messages/send-template), rule by rule (sections 2, 4 and 5): a raw
// template object, a template by template_ref assembled from its parameters, header and buttons, and the
// refusals of each. Every send is a dry run or made with a test key, except the one a test-key send
// delivers to the partner's own test recipient.
import type { components } from '../../generated/openapi';
import { Inconclusive, type Case, type CaseContext } from '../harness';
import { mediaScopeCases } from './media-in-sends';
import { sendTemplate } from './sends';
import {
  approvedTemplateOfMyOwn,
  chat,
  check,
  file,
  delivered,
  failsWith,
  pendingTemplate,
  PNG_1X1,
  RECIPIENT,
  same,
  SILENT_RECIPIENT,
  snake,
  social,
  SOCIAL_RECIPIENT,
  status,
  stillPending,
  templateQuery,
} from './support';

type Template = components['schemas']['Template'];

/** The placeholders of a template's body: `variables.body`, else the `{{…}}` of its BODY component. */
function bodyPlaceholders(t: Template): string[] {
  if (t.variables?.body?.length) return t.variables.body;
  const body = t.components?.find((c) => String(c.type).toUpperCase() === 'BODY') as { text?: string } | undefined;
  return [...new Set([...(body?.text ?? '').matchAll(/\{\{\s*([^}\s]+)\s*\}\}/g)].map((m) => m[1]!))];
}

/** The approved template of the fixtures, read back, with values for each of its body placeholders. */
async function approvedFixture(ctx: CaseContext) {
  const { ref, language } = ctx.fx.approvedTemplate!;
  const res = await ctx.api.GET('/templates/{template_ref}', { params: { path: { template_ref: ref }, query: templateQuery(ctx, language) } });
  status(ctx, res, 200);
  const t = res.data!;
  if (t.status !== 'APPROVED') throw new Inconclusive(`approved_template ${ref} is ${t.status}, not APPROVED`);
  const names = bodyPlaceholders(t);
  if (names.length === 0) throw new Inconclusive(`approved_template ${ref} has no body placeholders`);
  return { template: t, names, values: names.map((_, i) => `contract value ${i + 1}`), byRef: { client_ref: chat(ctx), to: RECIPIENT, template_ref: ref, language: t.language } };
}

/** A template of the run with a TEXT header `{{1}}` and a dynamic URL button, approved. */
const headerAndButtonTemplate = (ctx: CaseContext) =>
  ctx.run.once('header-button-template', () =>
    approvedTemplateOfMyOwn(ctx, 'ct_header_button', {
      header: { format: 'TEXT', text: 'Order {{1}}', examples: ['10482'] },
      buttons: [{ type: 'URL', text: 'Track', url: 'https://shop.example.com/track/{{1}}', example: ['https://shop.example.com/track/10482'] }],
    }),
  );

/** A template of the run with an IMAGE header (uploaded with POST /templates/media), approved. */
const imageHeaderTemplate = (ctx: CaseContext) =>
  ctx.run.once('image-header-template', async () => {
    const upload = await ctx.api.POST('/templates/media', { body: { client_ref: chat(ctx), file: file(PNG_1X1, 'image/png', 'header.png') } });
    status(ctx, upload, 201);
    return approvedTemplateOfMyOwn(ctx, 'ct_image_header', { header: { format: 'IMAGE', media_handle: upload.data!.handle } });
  });

/** A raw template with an image header by id: a dry run of the chat client. */
const headerById = (ctx: CaseContext) => (id: string) =>
  sendTemplate(ctx, {
    client_ref: chat(ctx),
    to: RECIPIENT,
    template: { name: 'hello_world', language: { code: 'en_US' }, components: [{ type: 'header', parameters: [{ type: 'image', image: { id } }] }] },
    dry_run: true,
  });

const byRefOf = (ctx: CaseContext, t: Template) => ({ client_ref: chat(ctx), to: RECIPIENT, template_ref: t.id ?? t.name, language: t.language, dry_run: true });

export const templateSendCases: Case[] = [
  {
    operation: 'sendTemplateMessage',
    name: 'a raw template object on a chat client answers 200',
    fixtures: ['chatClientRef'],
    run: async (ctx) => {
      const res = await sendTemplate(ctx, {
        client_ref: chat(ctx),
        to: RECIPIENT,
        template: { name: 'login_code', language: { code: 'en_US' }, components: [{ type: 'body', parameters: [{ type: 'text', text: '481516' }] }] },
        dry_run: true,
      });
      status(ctx, res, 200);
    },
  },
  ...mediaScopeCases('sendTemplateMessage', 'a template header image', headerById),
  {
    operation: 'sendTemplateMessage',
    name: 'a test-key template send is simulated (200, dry_run, hint), also outside the window: template sends are not subject to it',
    needs: ['rules'],
    fixtures: ['chatClientRef', 'testKey'],
    run: async (ctx) => {
      const res = await sendTemplate(ctx, { client_ref: chat(ctx), to: SILENT_RECIPIENT, template: { name: 'hello_world', language: { code: 'en_US' } } }, ctx.fx.testKey);
      status(ctx, res, 200);
      check(res.data!.dry_run === true, 'a test-key send to anyone but a test recipient is not delivered (dry_run: true)', JSON.stringify(res.data));
      check(typeof res.data!.hint === 'string' && res.data!.hint.length > 0, 'a simulated test-key send carries a hint', JSON.stringify(res.data));
    },
  },
  {
    operation: 'sendTemplateMessage',
    name: 'giving both template_ref and template is refused with 400 bad_request',
    needs: ['validation'],
    fixtures: ['chatClientRef'],
    run: async (ctx) =>
      void failsWith(ctx, await sendTemplate(ctx, { client_ref: chat(ctx), to: RECIPIENT, template_ref: 'order_shipped', template: { name: 'order_shipped' }, dry_run: true }), 400, 'bad_request'),
  },
  {
    operation: 'sendTemplateMessage',
    name: 'giving neither template_ref nor template is refused with 400 bad_request',
    needs: ['validation'],
    fixtures: ['chatClientRef'],
    run: async (ctx) => void failsWith(ctx, await sendTemplate(ctx, { client_ref: chat(ctx), to: RECIPIENT, parameters: ['Anna'], dry_run: true }), 400, 'bad_request'),
  },
  {
    operation: 'sendTemplateMessage',
    name: 'a template send to a social client is refused with 400 channel_type_unsupported',
    needs: ['rules'],
    fixtures: ['socialClientRef'],
    run: async (ctx) =>
      void failsWith(ctx, await sendTemplate(ctx, { client_ref: social(ctx), to: SOCIAL_RECIPIENT, template: { name: 'hello_world' }, dry_run: true }), 400, 'channel_type_unsupported'),
  },
  {
    operation: 'sendTemplateMessage',
    name: 'a template send naming an unknown template_ref is refused with 404 not_found',
    needs: ['state'],
    fixtures: ['chatClientRef'],
    run: async (ctx) => void failsWith(ctx, await sendTemplate(ctx, { client_ref: chat(ctx), to: RECIPIENT, template_ref: snake(ctx, 'ct_unknown'), dry_run: true }), 404, 'not_found'),
  },
  {
    operation: 'sendTemplateMessage',
    name: 'a template send for an unknown client_ref is refused with 404 not_found',
    needs: ['state'],
    run: async (ctx) =>
      void failsWith(ctx, await sendTemplate(ctx, { client_ref: ctx.unique('ct-unknown'), to: RECIPIENT, template: { name: 'hello_world' }, dry_run: true }), 404, 'not_found'),
  },
  {
    operation: 'sendTemplateMessage',
    name: 'a template still in review (PENDING) is refused with 400 template_not_approved, details giving its status',
    needs: ['state', 'rules'],
    fixtures: ['chatClientRef'],
    run: async (ctx) => {
      const t = await pendingTemplate(ctx, 'ct_pending');
      const res = await sendTemplate(ctx, { client_ref: chat(ctx), to: RECIPIENT, template_ref: t.id ?? t.name, parameters: ['Anna', '10482'], dry_run: true });
      await stillPending(ctx, t, () => {
        const body = failsWith(ctx, res, 400, 'template_not_approved');
        check((body.error.details as { status?: string } | undefined)?.status === 'PENDING', 'template_not_approved details give the template status', JSON.stringify(body.error.details));
      });
    },
  },
  {
    operation: 'sendTemplateMessage',
    name: 'a template_ref dry run answers 200 dry_run with the assembled template carrying the parameters in order',
    needs: ['rules'],
    fixtures: ['chatClientRef', 'approvedTemplate'],
    run: async (ctx) => {
      const { template, values, byRef } = await approvedFixture(ctx);
      const res = await sendTemplate(ctx, { ...byRef, parameters: values, dry_run: true });
      status(ctx, res, 200);
      check(res.data!.dry_run === true, 'a dry run answers dry_run: true', JSON.stringify(res.data));
      const assembled = JSON.stringify(res.data!.template ?? null);
      check(res.data!.template !== undefined, 'a template_ref dry run returns the assembled template', JSON.stringify(res.data));
      check(assembled.includes(JSON.stringify(template.name)), 'the assembled template names the template', assembled);
      const at = values.map((v) => assembled.indexOf(JSON.stringify(v)));
      check(at.every((i, n) => i >= 0 && (n === 0 || i > at[n - 1]!)), 'the assembled template carries the parameters in order', assembled);
    },
  },
  {
    operation: 'sendTemplateMessage',
    name: 'parameters as an object of numbered keys assemble the same template as the array',
    needs: ['rules'],
    fixtures: ['chatClientRef', 'approvedTemplate'],
    run: async (ctx) => {
      const { names, values, byRef } = await approvedFixture(ctx);
      const asArray = await sendTemplate(ctx, { ...byRef, parameters: values, dry_run: true });
      status(ctx, asArray, 200);
      const asObject = await sendTemplate(ctx, { ...byRef, parameters: Object.fromEntries(names.map((n, i) => [n, values[i]!])), dry_run: true });
      status(ctx, asObject, 200);
      same(asObject.data!.template, asArray.data!.template, 'named or numbered parameter keys assemble what the array does');
    },
  },
  {
    operation: 'sendTemplateMessage',
    name: 'a template is found by its id as by its name',
    needs: ['rules'],
    fixtures: ['chatClientRef', 'approvedTemplate'],
    run: async (ctx) => {
      const { template, values, byRef } = await approvedFixture(ctx);
      if (template.id === null) throw new Inconclusive(`approved_template ${template.name} has no provider id`);
      const byName = await sendTemplate(ctx, { ...byRef, template_ref: template.name, parameters: values, dry_run: true });
      status(ctx, byName, 200);
      const byId = await sendTemplate(ctx, { ...byRef, template_ref: template.id, parameters: values, dry_run: true });
      status(ctx, byId, 200);
      same(byId.data!.template, byName.data!.template, 'a template_ref by id assembles the same template as by name');
    },
  },
  {
    operation: 'sendTemplateMessage',
    name: 'an approved template with body placeholders sent without parameters is refused with 400 missing_parameters naming them',
    needs: ['rules'],
    fixtures: ['chatClientRef', 'approvedTemplate'],
    run: async (ctx) => {
      const { names, byRef } = await approvedFixture(ctx);
      const body = failsWith(ctx, await sendTemplate(ctx, { ...byRef, dry_run: true }), 400, 'missing_parameters');
      same((body.error.details as { missing?: unknown } | undefined)?.missing, names, 'missing_parameters details list the missing placeholders');
    },
  },
  {
    operation: 'sendTemplateMessage',
    name: 'a parameters array of the wrong length is refused with 400 parameter_count_mismatch',
    needs: ['rules'],
    fixtures: ['chatClientRef', 'approvedTemplate'],
    run: async (ctx) => {
      const { values, byRef } = await approvedFixture(ctx);
      failsWith(ctx, await sendTemplate(ctx, { ...byRef, parameters: [...values, 'one too many'], dry_run: true }), 400, 'parameter_count_mismatch');
    },
  },
  {
    operation: 'sendTemplateMessage',
    name: 'a blank parameter is refused with 400 empty_parameter',
    needs: ['rules'],
    fixtures: ['chatClientRef', 'approvedTemplate'],
    run: async (ctx) => {
      const { values, byRef } = await approvedFixture(ctx);
      failsWith(ctx, await sendTemplate(ctx, { ...byRef, parameters: values.map((v, i) => (i === values.length - 1 ? '  ' : v)), dry_run: true }), 400, 'empty_parameter');
    },
  },
  {
    operation: 'sendTemplateMessage',
    name: 'a template with a copy-code button cannot be assembled from template_ref: 400 template_layout_unsupported',
    needs: ['state', 'rules'],
    fixtures: ['chatClientRef'],
    run: async (ctx) => {
      const t = await approvedTemplateOfMyOwn(ctx, 'ct_copy_code', { buttons: [{ type: 'COPY_CODE', text: 'Copy code', example: ['481516'] }] });
      failsWith(
        ctx,
        await sendTemplate(ctx, { client_ref: chat(ctx), to: RECIPIENT, template_ref: t.id ?? t.name, language: t.language, parameters: ['Anna', '10482'], dry_run: true }),
        400,
        'template_layout_unsupported',
      );
    },
  },
  {
    operation: 'sendTemplateMessage',
    name: 'header and button values are assembled into the template (dry run)',
    needs: ['state', 'rules'],
    fixtures: ['chatClientRef'],
    run: async (ctx) => {
      const t = await headerAndButtonTemplate(ctx);
      const res = await sendTemplate(ctx, { ...byRefOf(ctx, t), parameters: ['Anna', '10482'], header: { text: 'HDR-10482' }, buttons: ['track-suffix-10482'] });
      status(ctx, res, 200);
      const assembled = JSON.stringify(res.data!.template ?? null);
      check(assembled.includes('HDR-10482') && assembled.includes('track-suffix-10482'), 'the assembled template carries the header and button values', assembled);
    },
  },
  {
    operation: 'sendTemplateMessage',
    name: 'a template whose header has a placeholder, sent without header, is refused with 400 missing_header',
    needs: ['state', 'rules'],
    fixtures: ['chatClientRef'],
    run: async (ctx) => {
      const t = await headerAndButtonTemplate(ctx);
      failsWith(ctx, await sendTemplate(ctx, { ...byRefOf(ctx, t), parameters: ['Anna', '10482'], buttons: ['track-suffix'] }), 400, 'missing_header');
    },
  },
  {
    operation: 'sendTemplateMessage',
    name: 'a template with a dynamic URL button, sent without its value, is refused with 400 missing_button_parameters',
    needs: ['state', 'rules'],
    fixtures: ['chatClientRef'],
    run: async (ctx) => {
      const t = await headerAndButtonTemplate(ctx);
      failsWith(ctx, await sendTemplate(ctx, { ...byRefOf(ctx, t), parameters: ['Anna', '10482'], header: { text: '10482' } }), 400, 'missing_button_parameters');
    },
  },
  {
    operation: 'sendTemplateMessage',
    name: 'an image header given by a link that is not https is refused with 400 invalid_header_link',
    needs: ['state', 'rules', 'binaryBodies'],
    fixtures: ['chatClientRef'],
    run: async (ctx) => {
      const t = await imageHeaderTemplate(ctx);
      failsWith(ctx, await sendTemplate(ctx, { ...byRefOf(ctx, t), parameters: ['Anna', '10482'], header: { link: 'http://cdn.example.com/header.png' } }), 400, 'invalid_header_link');
    },
  },
  {
    operation: 'sendTemplateMessage',
    name: 'a test-key send to a registered test recipient is delivered, and its message.status arrives signed',
    needs: ['rules', 'webhooks'],
    fixtures: ['chatClientRef', 'approvedTemplate', 'testKey', 'testRecipient', 'webhooks'],
    run: async (ctx) => {
      const { values, byRef } = await approvedFixture(ctx);
      const res = await sendTemplate(ctx, { ...byRef, to: ctx.fx.testRecipient!, parameters: values }, ctx.fx.testKey);
      status(ctx, res, 200);
      check(res.data!.dry_run === undefined, 'a test-key send to a registered test recipient is delivered (no dry_run)', JSON.stringify(res.data));
      const id = res.data!.message_id;
      const d = await delivered(ctx, 'message.status', `for ${id}`, (x) => (x.body?.statuses ?? []).some((s: { id?: string }) => s.id === id));
      check(d.body!.client_ref === chat(ctx), 'message.status names the client of the send', JSON.stringify(d.body));
    },
  },
];
