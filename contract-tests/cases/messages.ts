// Tag Messages: free-form and template sends.
import assert from 'node:assert/strict';
import type { Case } from '../harness';
import { chat, createTemplate, failsWith, RECIPIENT, same, social, SOCIAL_RECIPIENT, status } from './support';

export const messageCases: Case[] = [
  {
    operation: 'sendMessage',
    name: 'a chat text send answers 200 with a message id',
    fixtures: ['chatClientRef'],
    run: async (ctx) => {
      const res = await ctx.api.POST('/messages/send', { body: { client_ref: chat(ctx), to: RECIPIENT, type: 'text', text: { body: 'Contract suite' }, dry_run: true } });
      status(ctx, res, 200);
      assert.equal(res.data!.success, true);
    },
  },
  {
    operation: 'sendMessage',
    name: 'a dry run is validated without delivery and answers dry_run: true',
    needs: ['rules'],
    fixtures: ['chatClientRef'],
    run: async (ctx) => {
      const res = await ctx.api.POST('/messages/send', { body: { client_ref: chat(ctx), to: RECIPIENT, type: 'text', text: { body: 'Contract suite' }, dry_run: true } });
      status(ctx, res, 200);
      assert.equal(res.data!.dry_run, true);
    },
  },
  {
    operation: 'sendMessage',
    name: 'a chat client carries every message type (image, video, audio, document, sticker, location, contacts, interactive, reaction)',
    fixtures: ['chatClientRef'],
    run: async (ctx) => {
      const link = 'https://cdn.example.com/contract/file';
      const bodies: Record<string, unknown> = {
        image: { link: `${link}.jpg`, caption: 'c' },
        video: { link: `${link}.mp4` },
        audio: { link: `${link}.ogg` },
        document: { link: `${link}.pdf`, filename: 'f.pdf' },
        sticker: { link: `${link}.webp` },
        location: { latitude: 52.52, longitude: 13.4 },
        contacts: [{ name: { formatted_name: 'Anna' } }],
        interactive: { type: 'button', body: { text: 'Yes?' }, action: { buttons: [{ type: 'reply', reply: { id: 'y', title: 'Yes' } }] } },
        reaction: { message_id: 'wamid.contract', emoji: '👍' },
      };
      for (const [type, payload] of Object.entries(bodies)) {
        const res = await ctx.api.POST('/messages/send', { body: { client_ref: chat(ctx), to: RECIPIENT, type, [type]: payload, dry_run: true } as never });
        status(ctx, res, 200);
      }
    },
  },
  {
    operation: 'sendMessage',
    name: 'a text message with an empty text.body is refused with 400 bad_request naming text.body',
    needs: ['validation'],
    fixtures: ['chatClientRef'],
    run: async (ctx) => {
      const body = failsWith(
        ctx,
        await ctx.api.POST('/messages/send', { body: { client_ref: chat(ctx), to: RECIPIENT, type: 'text', text: { body: '' }, dry_run: true } }),
        400,
        'bad_request',
      );
      assert.ok(Object.keys(body.error.details ?? {}).some((k) => k.includes('text')), `details name text.body: ${JSON.stringify(body.error.details)}`);
    },
  },
  {
    operation: 'sendMessage',
    name: 'a malformed JSON body is refused with 400 bad_request',
    needs: ['validation', 'malformedJson'],
    run: async (ctx) =>
      void failsWith(
        ctx,
        { response: await ctx.raw('POST', '/messages/send', { body: '{"client_ref": ', headers: { 'Content-Type': 'application/json' } }) },
        400,
        'bad_request',
      ),
  },
  {
    operation: 'sendMessage',
    name: 'a send for an unknown client_ref is refused with 404 not_found',
    needs: ['state'],
    run: async (ctx) =>
      void failsWith(
        ctx,
        await ctx.api.POST('/messages/send', { body: { client_ref: ctx.unique('ct-unknown'), to: RECIPIENT, type: 'text', text: { body: 'x' }, dry_run: true } }),
        404,
        'not_found',
      ),
  },
  {
    operation: 'sendMessage',
    name: 'a social client refuses a sticker with 400 channel_type_unsupported',
    needs: ['rules'],
    fixtures: ['socialClientRef'],
    run: async (ctx) =>
      void failsWith(
        ctx,
        await ctx.api.POST('/messages/send', {
          body: { client_ref: social(ctx), to: SOCIAL_RECIPIENT, type: 'sticker', sticker: { link: 'https://cdn.example.com/s.webp' }, dry_run: true },
        }),
        400,
        'channel_type_unsupported',
      ),
  },
  {
    operation: 'sendMessage',
    name: 'a social client refuses media given as an uploaded id with 400 media_link_required',
    needs: ['rules'],
    fixtures: ['socialClientRef'],
    run: async (ctx) =>
      void failsWith(
        ctx,
        await ctx.api.POST('/messages/send', { body: { client_ref: social(ctx), to: SOCIAL_RECIPIENT, type: 'image', image: { id: '1013859600285441' }, dry_run: true } }),
        400,
        'media_link_required',
      ),
  },
  {
    operation: 'sendMessage',
    name: 'a social image with a caption is accepted and lists the undelivered caption in warnings',
    needs: ['rules'],
    fixtures: ['socialClientRef'],
    run: async (ctx) => {
      const res = await ctx.api.POST('/messages/send', {
        body: { client_ref: social(ctx), to: SOCIAL_RECIPIENT, type: 'image', image: { link: 'https://cdn.example.com/a.jpg', caption: 'Blue' }, dry_run: true },
      });
      status(ctx, res, 200);
      assert.ok(res.data!.warnings?.some((w) => w.includes('caption')), `warnings mention the caption: ${JSON.stringify(res.data!.warnings)}`);
    },
  },
  {
    operation: 'sendMessage',
    name: 'a test-key free-form send to a recipient outside the 24-hour window is refused with 422 outside_service_window',
    needs: ['rules'],
    fixtures: ['chatClientRef', 'testKey'],
    run: async (ctx) =>
      void failsWith(
        ctx,
        await ctx.as(ctx.fx.testKey!).POST('/messages/send', { body: { client_ref: chat(ctx), to: '4930000000017', type: 'text', text: { body: 'x' } } }),
        422,
        'outside_service_window',
      ),
  },
  {
    operation: 'sendMessage',
    name: 'a test-key dry run is not counted in usage',
    needs: ['rules', 'state'],
    fixtures: ['chatClientRef', 'testKey'],
    run: async (ctx) => {
      const before = await ctx.api.GET('/usage');
      await ctx.as(ctx.fx.testKey!).POST('/messages/send', { body: { client_ref: chat(ctx), to: RECIPIENT, type: 'text', text: { body: 'x' }, dry_run: true } });
      await ctx.api.POST('/messages/send', { body: { client_ref: chat(ctx), to: RECIPIENT, type: 'text', text: { body: 'x' }, dry_run: true } });
      const after = await ctx.api.GET('/usage');
      status(ctx, after, 200);
      same(after.data!.current, before.data!.current);
    },
  },

  // Template sends
  {
    operation: 'sendTemplateMessage',
    name: 'a raw template object on a chat client answers 200',
    fixtures: ['chatClientRef'],
    run: async (ctx) => {
      const res = await ctx.api.POST('/messages/send-template', {
        body: {
          client_ref: chat(ctx),
          to: RECIPIENT,
          template: { name: 'login_code', language: { code: 'en_US' }, components: [{ type: 'body', parameters: [{ type: 'text', text: '481516' }] }] },
          dry_run: true,
        },
      });
      status(ctx, res, 200);
    },
  },
  {
    operation: 'sendTemplateMessage',
    name: 'giving both template_ref and template is refused with 400 bad_request',
    needs: ['validation'],
    fixtures: ['chatClientRef'],
    run: async (ctx) =>
      void failsWith(
        ctx,
        await ctx.api.POST('/messages/send-template', {
          body: { client_ref: chat(ctx), to: RECIPIENT, template_ref: 'order_shipped', template: { name: 'order_shipped' }, dry_run: true } as never,
        }),
        400,
        'bad_request',
      ),
  },
  {
    operation: 'sendTemplateMessage',
    name: 'a template send to a social client is refused with 400 channel_type_unsupported',
    needs: ['rules'],
    fixtures: ['socialClientRef'],
    run: async (ctx) =>
      void failsWith(
        ctx,
        await ctx.api.POST('/messages/send-template', { body: { client_ref: social(ctx), to: SOCIAL_RECIPIENT, template: { name: 'hello_world' }, dry_run: true } }),
        400,
        'channel_type_unsupported',
      ),
  },
  {
    operation: 'sendTemplateMessage',
    name: 'a template send naming an unknown template_ref is refused with 404 not_found',
    needs: ['state'],
    fixtures: ['chatClientRef'],
    run: async (ctx) =>
      void failsWith(
        ctx,
        await ctx.api.POST('/messages/send-template', { body: { client_ref: chat(ctx), to: RECIPIENT, template_ref: ctx.unique('ct_unknown'), dry_run: true } }),
        404,
        'not_found',
      ),
  },
  {
    operation: 'sendTemplateMessage',
    name: 'a template still in review (PENDING) is refused with 400 template_not_approved',
    needs: ['state', 'rules'],
    fixtures: ['chatClientRef'],
    run: async (ctx) => {
      const t = await createTemplate(ctx, ctx.unique('ct_pending').replace(/-/g, '_'));
      failsWith(
        ctx,
        await ctx.api.POST('/messages/send-template', { body: { client_ref: chat(ctx), to: RECIPIENT, template_ref: t.id ?? t.name, parameters: ['Anna'], dry_run: true } }),
        400,
        'template_not_approved',
      );
    },
  },
  {
    operation: 'sendTemplateMessage',
    name: 'an approved template with body placeholders sent without parameters is refused with 400 missing_parameters',
    needs: ['rules'],
    fixtures: ['chatClientRef', 'approvedTemplate'],
    run: async (ctx) => {
      const t = ctx.fx.approvedTemplate!;
      failsWith(
        ctx,
        await ctx.api.POST('/messages/send-template', {
          body: { client_ref: chat(ctx), to: RECIPIENT, template_ref: t.ref, ...(t.language ? { language: t.language } : {}), dry_run: true },
        }),
        400,
        'missing_parameters',
      );
    },
  },
];

