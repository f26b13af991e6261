// Tag Media: send-media uploads (kinds and ceilings of section 8) and inbound media downloads.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import type { Case, CaseContext } from '../harness';
import { chat, check, failsWith, file, form, GIF_1X1, MB, mp4Of, PDF, PNG_1X1, pngOf, social, status, webp } from './support';

type Upload = ReturnType<typeof file>;

/** An upload of a chat client is answered 201 with the kind its bytes are. */
const detectedAs = (kind: string, label: string, upload: Upload): Case => ({
  operation: 'uploadMedia',
  name: `an uploaded ${label} is detected as kind ${kind}`,
  needs: ['rules', 'binaryBodies'],
  fixtures: ['chatClientRef'],
  run: async (ctx) => {
    const res = await ctx.api.POST('/media', { body: { client_ref: chat(ctx), file: upload } });
    status(ctx, res, 201);
    check(res.data!.kind === kind, `a ${label} upload is of kind ${kind}`, JSON.stringify(res.data));
  },
});

/** An upload over its kind's ceiling (section 8) is refused. */
const tooLarge = (what: string, upload: Upload): Case => ({
  operation: 'uploadMedia',
  name: `${what} is refused with 400 media_too_large`,
  needs: ['rules', 'binaryBodies'],
  fixtures: ['chatClientRef'],
  run: async (ctx) => void failsWith(ctx, await ctx.api.POST('/media', { body: { client_ref: chat(ctx), file: upload } }), 400, 'media_too_large'),
});

const downloadInbound = (ctx: CaseContext) =>
  ctx.api.GET('/media/{media_id}', { params: { path: { media_id: ctx.fx.inboundMediaId! }, query: { client_ref: chat(ctx) } }, parseAs: 'arrayBuffer' });

export const mediaCases: Case[] = [
  {
    operation: 'uploadMedia',
    name: 'a chat client uploads a PNG and gets a media id of kind image kept 30 days (201)',
    needs: ['binaryBodies'],
    fixtures: ['chatClientRef'],
    run: async (ctx) => {
      const res = await ctx.api.POST('/media', { body: { client_ref: chat(ctx), file: file(PNG_1X1, 'image/png', 'p.png') } });
      status(ctx, res, 201);
      assert.equal(res.data!.expires_in_days, 30);
    },
  },
  detectedAs('image', 'PNG', file(PNG_1X1, 'image/png', 'p.png')),
  {
    operation: 'uploadMedia',
    name: 'a GIF upload is refused with 400 media_type_unsupported',
    needs: ['rules'],
    fixtures: ['chatClientRef'],
    run: async (ctx) =>
      void failsWith(
        ctx,
        await ctx.api.POST('/media', { body: { client_ref: chat(ctx), file: file(GIF_1X1, 'image/gif', 'a.gif') } }),
        400,
        'media_type_unsupported',
      ),
  },
  tooLarge('a sticker over 500 KB', file(webp(600 * 1024), 'image/webp', 's.webp')),
  tooLarge('an image over 5 MB', file(pngOf(5 * MB + 1), 'image/png', 'big.png')),
  tooLarge('a video over 16 MB', file(mp4Of(16 * MB + 1), 'video/mp4', 'big.mp4')),
  detectedAs('document', 'PDF', file(PDF, 'application/pdf', 'invoice.pdf')),
  {
    operation: 'uploadMedia',
    name: 'an upload without a file is refused with 400 bad_request',
    needs: ['validation'],
    fixtures: ['chatClientRef'],
    run: async (ctx) => void failsWith(ctx, await ctx.api.POST('/media', { body: form({ client_ref: chat(ctx) }) as never }), 400, 'bad_request'),
  },
  {
    operation: 'uploadMedia',
    name: 'an upload for a social client is refused with 400 bad_request',
    needs: ['rules', 'binaryBodies'],
    fixtures: ['socialClientRef'],
    run: async (ctx) =>
      void failsWith(
        ctx,
        await ctx.api.POST('/media', { body: { client_ref: social(ctx), file: file(PNG_1X1, 'image/png', 'p.png') } }),
        400,
        'bad_request',
      ),
  },
  {
    operation: 'uploadMedia',
    name: 'an upload for an unknown client_ref is refused with 404 not_found',
    needs: ['state', 'binaryBodies'],
    run: async (ctx) =>
      void failsWith(
        ctx,
        await ctx.api.POST('/media', { body: { client_ref: ctx.unique('ct-unknown'), file: file(PNG_1X1, 'image/png', 'p.png') } }),
        404,
        'not_found',
      ),
  },
  {
    operation: 'downloadMedia',
    name: 'inbound media downloads with 200, Content-Length and X-Media-Sha256',
    needs: ['binaryBodies'],
    fixtures: ['chatClientRef', 'inboundMediaId'],
    run: async (ctx) => {
      const res = await downloadInbound(ctx);
      status(ctx, res, 200);
      check(Number(res.response.headers.get('content-length')) === (res.data as ArrayBuffer).byteLength, 'Content-Length is the size of the bytes sent', `${res.response.headers.get('content-length')} vs ${(res.data as ArrayBuffer).byteLength}`);
    },
  },
  {
    operation: 'downloadMedia',
    name: 'X-Media-Sha256 is the SHA-256 of the downloaded bytes',
    needs: ['rules', 'binaryBodies'],
    fixtures: ['chatClientRef', 'inboundMediaId'],
    run: async (ctx) => {
      const res = await downloadInbound(ctx);
      status(ctx, res, 200);
      const sha = createHash('sha256').update(Buffer.from(res.data as ArrayBuffer)).digest('hex');
      check(res.response.headers.get('x-media-sha256') === sha, 'X-Media-Sha256 is the SHA-256 of the bytes sent', `${res.response.headers.get('x-media-sha256')} vs ${sha}`);
    },
  },
  {
    operation: 'downloadMedia',
    name: 'a download without client_ref is refused with 400 client_ref_required',
    needs: ['validation'],
    run: async (ctx) => void failsWith(ctx, { response: await ctx.raw('GET', '/media/1469203871245587') }, 400, 'client_ref_required'),
  },
  {
    operation: 'downloadMedia',
    name: 'a download for a social client is refused with 400 channel_media_inline',
    needs: ['rules'],
    fixtures: ['socialClientRef'],
    run: async (ctx) =>
      void failsWith(
        ctx,
        await ctx.api.GET('/media/{media_id}', { params: { path: { media_id: '1469203871245587' }, query: { client_ref: social(ctx) } } }),
        400,
        'channel_media_inline',
      ),
  },
  {
    operation: 'downloadMedia',
    name: 'a media id the provider does not know is refused with 404 media_not_found',
    needs: ['rules'],
    fixtures: ['chatClientRef'],
    run: async (ctx) =>
      void failsWith(
        ctx,
        await ctx.api.GET('/media/{media_id}', { params: { path: { media_id: ctx.unique('ct-media') }, query: { client_ref: chat(ctx) } } }),
        404,
        'media_not_found',
      ),
  },
  {
    operation: 'downloadMedia',
    name: 'a download for an unknown client_ref is refused with 404 not_found',
    needs: ['state'],
    run: async (ctx) =>
      void failsWith(
        ctx,
        await ctx.api.GET('/media/{media_id}', { params: { path: { media_id: '1469203871245587' }, query: { client_ref: ctx.unique('ct-unknown') } } }),
        404,
        'not_found',
      ),
  },
];

