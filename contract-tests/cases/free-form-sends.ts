// Tag Messages, free-form sends (POST /messages/send), rule by rule (sections 2, 4 and 5): what each client
// type carries, the payload checks, the 24-hour window, the trial gate and test keys. Every send is a dry run
// or made with a test key, except where a rule can only be seen on a live send that a correct implementation
// refuses (the trial gate).
import type { Case, CaseContext } from '../harness';
import { detailsName } from './clients';
import { mediaScopeCases } from './media-in-sends';
import { send, sendTemplate } from './sends';
import { chat, check, failsWith, RECIPIENT, same, SILENT_RECIPIENT, social, SOCIAL_RECIPIENT, status } from './support';

const LINK = 'https://cdn.example.com/contract/file';
const CHAT_PAYLOADS: Record<string, unknown> = {
  text: { body: 'Contract suite' },
  image: { link: `${LINK}.jpg`, caption: 'c' },
  video: { link: `${LINK}.mp4` },
  audio: { link: `${LINK}.ogg` },
  document: { link: `${LINK}.pdf`, filename: 'f.pdf' },
  sticker: { link: `${LINK}.webp` },
  location: { latitude: 52.52, longitude: 13.4 },
  contacts: [{ name: { formatted_name: 'Anna' } }],
  interactive: { type: 'button', body: { text: 'Yes?' }, action: { buttons: [{ type: 'reply', reply: { id: 'y', title: 'Yes' } }] } },
  reaction: { message_id: 'wamid.contract', emoji: '👍' },
};
const SOCIAL_TYPES = ['text', 'image', 'video', 'audio', 'document'];

/** A free-form image send by id: a dry run of the chat client. */
const imageById = (ctx: CaseContext) => (id: string) => send(ctx, { client_ref: chat(ctx), to: RECIPIENT, type: 'image', image: { id }, dry_run: true });

export const freeFormSendCases: Case[] = [
  {
    operation: 'sendMessage',
    name: 'a chat text send answers 200 with a message id',
    fixtures: ['chatClientRef'],
    run: async (ctx) => void status(ctx, await send(ctx, { client_ref: chat(ctx), to: RECIPIENT, type: 'text', text: CHAT_PAYLOADS.text, dry_run: true }), 200),
  },
  {
    operation: 'sendMessage',
    name: 'a dry run is validated without delivery and answers dry_run: true',
    needs: ['rules'],
    fixtures: ['chatClientRef'],
    run: async (ctx) => {
      const res = await send(ctx, { client_ref: chat(ctx), to: RECIPIENT, type: 'text', text: CHAT_PAYLOADS.text, dry_run: true });
      status(ctx, res, 200);
      check(res.data!.dry_run === true, 'a dry run answers dry_run: true', JSON.stringify(res.data));
    },
  },
  {
    operation: 'sendMessage',
    name: 'a chat client carries every message type (text, image, video, audio, document, sticker, location, contacts, interactive, reaction)',
    fixtures: ['chatClientRef'],
    run: async (ctx) => {
      for (const [type, payload] of Object.entries(CHAT_PAYLOADS)) {
        status(ctx, await send(ctx, { client_ref: chat(ctx), to: RECIPIENT, type, [type]: payload, dry_run: true }), 200);
      }
    },
  },
  {
    operation: 'sendMessage',
    name: 'a social client carries text, image, video, audio and document (media by link)',
    needs: ['rules'],
    fixtures: ['socialClientRef'],
    run: async (ctx) => {
      for (const type of SOCIAL_TYPES) {
        const payload = type === 'text' ? CHAT_PAYLOADS.text : { link: `${LINK}.${type}` };
        status(ctx, await send(ctx, { client_ref: social(ctx), to: SOCIAL_RECIPIENT, type, [type]: payload, dry_run: true }), 200);
      }
    },
  },
  {
    operation: 'sendMessage',
    name: 'a social client refuses a sticker, location, contacts, interactive or reaction with 400 channel_type_unsupported',
    needs: ['rules'],
    fixtures: ['socialClientRef'],
    run: async (ctx) => {
      for (const type of Object.keys(CHAT_PAYLOADS).filter((t) => !SOCIAL_TYPES.includes(t))) {
        failsWith(ctx, await send(ctx, { client_ref: social(ctx), to: SOCIAL_RECIPIENT, type, [type]: CHAT_PAYLOADS[type], dry_run: true }), 400, 'channel_type_unsupported');
      }
    },
  },
  {
    operation: 'sendMessage',
    name: 'a social client refuses media given as an uploaded id with 400 media_link_required',
    needs: ['rules'],
    fixtures: ['socialClientRef'],
    run: async (ctx) =>
      void failsWith(ctx, await send(ctx, { client_ref: social(ctx), to: SOCIAL_RECIPIENT, type: 'image', image: { id: '1013859600285441' }, dry_run: true }), 400, 'media_link_required'),
  },
  ...mediaScopeCases('sendMessage', 'an image', imageById),
  {
    operation: 'sendMessage',
    name: 'on social a caption and a filename are not delivered: the send succeeds and lists them in warnings',
    needs: ['rules'],
    fixtures: ['socialClientRef'],
    run: async (ctx) => {
      const image = await send(ctx, { client_ref: social(ctx), to: SOCIAL_RECIPIENT, type: 'image', image: { link: `${LINK}.jpg`, caption: 'Blue' }, dry_run: true });
      status(ctx, image, 200);
      check(!!image.data!.warnings?.some((w) => w.includes('caption')), 'an undelivered caption is listed in warnings', JSON.stringify(image.data!.warnings));
      const doc = await send(ctx, { client_ref: social(ctx), to: SOCIAL_RECIPIENT, type: 'document', document: { link: `${LINK}.pdf`, filename: 'invoice.pdf' }, dry_run: true });
      status(ctx, doc, 200);
      check(!!doc.data!.warnings?.some((w) => w.includes('filename')), 'an undelivered filename is listed in warnings', JSON.stringify(doc.data!.warnings));
    },
  },
  {
    operation: 'sendMessage',
    name: 'an empty reaction emoji (removing a reaction) is accepted',
    needs: ['rules'],
    fixtures: ['chatClientRef'],
    run: async (ctx) =>
      void status(ctx, await send(ctx, { client_ref: chat(ctx), to: RECIPIENT, type: 'reaction', reaction: { message_id: 'wamid.contract', emoji: '' }, dry_run: true }), 200),
  },
  {
    operation: 'sendMessage',
    name: 'a text message with an empty text.body is refused with 400 bad_request, details naming text.body',
    needs: ['validation'],
    fixtures: ['chatClientRef'],
    run: async (ctx) =>
      detailsName(failsWith(ctx, await send(ctx, { client_ref: chat(ctx), to: RECIPIENT, type: 'text', text: { body: '' }, dry_run: true }), 400, 'bad_request'), 'text.body'),
  },
  {
    operation: 'sendMessage',
    name: 'a send whose type names a payload field it does not carry is refused with 400 bad_request',
    needs: ['validation'],
    fixtures: ['chatClientRef'],
    run: async (ctx) => void failsWith(ctx, await send(ctx, { client_ref: chat(ctx), to: RECIPIENT, type: 'image', text: { body: 'no image' }, dry_run: true }), 400, 'bad_request'),
  },
  {
    operation: 'sendMessage',
    name: 'media with neither link nor id is refused with 400 bad_request',
    needs: ['validation'],
    fixtures: ['chatClientRef'],
    run: async (ctx) => void failsWith(ctx, await send(ctx, { client_ref: chat(ctx), to: RECIPIENT, type: 'image', image: { caption: 'no source' }, dry_run: true }), 400, 'bad_request'),
  },
  {
    operation: 'sendMessage',
    name: 'a location without longitude is refused with 400 bad_request, details naming longitude',
    needs: ['validation'],
    fixtures: ['chatClientRef'],
    run: async (ctx) =>
      detailsName(failsWith(ctx, await send(ctx, { client_ref: chat(ctx), to: RECIPIENT, type: 'location', location: { latitude: 52.5 }, dry_run: true }), 400, 'bad_request'), 'longitude'),
  },
  {
    operation: 'sendMessage',
    name: 'an interactive message without its type is refused with 400 bad_request',
    needs: ['validation'],
    fixtures: ['chatClientRef'],
    run: async (ctx) =>
      void failsWith(ctx, await send(ctx, { client_ref: chat(ctx), to: RECIPIENT, type: 'interactive', interactive: { body: { text: 'Yes?' } }, dry_run: true }), 400, 'bad_request'),
  },
  {
    operation: 'sendMessage',
    name: 'a malformed JSON body is refused with 400 bad_request',
    needs: ['validation', 'malformedJson'],
    run: async (ctx) =>
      void failsWith(ctx, { response: await ctx.raw('POST', '/messages/send', { body: '{"client_ref": ', headers: { 'Content-Type': 'application/json' } }) }, 400, 'bad_request'),
  },
  {
    operation: 'sendMessage',
    name: 'a send for an unknown client_ref is refused with 404 not_found',
    needs: ['state'],
    run: async (ctx) => void failsWith(ctx, await send(ctx, { client_ref: ctx.unique('ct-unknown'), to: RECIPIENT, type: 'text', text: { body: 'x' }, dry_run: true }), 404, 'not_found'),
  },
  {
    operation: 'sendMessage',
    name: 'a test-key free-form send to a recipient outside the 24-hour window is refused with 422 outside_service_window',
    needs: ['rules'],
    fixtures: ['chatClientRef', 'testKey'],
    run: async (ctx) =>
      void failsWith(ctx, await send(ctx, { client_ref: chat(ctx), to: SILENT_RECIPIENT, type: 'text', text: { body: 'x' } }, ctx.fx.testKey), 422, 'outside_service_window'),
  },
  {
    operation: 'sendMessage',
    name: 'a live-key send outside the 24-hour window is not refused: it answers 200 with a warning',
    needs: ['rules'],
    fixtures: ['chatClientRef'],
    run: async (ctx) => {
      const res = await send(ctx, { client_ref: chat(ctx), to: SILENT_RECIPIENT, type: 'text', text: { body: 'x' }, dry_run: true });
      status(ctx, res, 200);
      check((res.data!.warnings ?? []).length > 0, 'a live send outside the window carries a warning', JSON.stringify(res.data));
    },
  },
  {
    operation: 'sendMessage',
    name: 'a live send after trial and grace is refused with 402 trial_expired (nothing is delivered)',
    needs: ['rules'],
    fixtures: ['trialExpiredKey', 'testRecipient'],
    run: async (ctx) => {
      const { key, chatClientRef } = ctx.fx.trialExpiredKey!;
      failsWith(ctx, await send(ctx, { client_ref: chatClientRef, to: ctx.fx.testRecipient!, type: 'text', text: { body: 'Trial gate check' } }, key), 402, 'trial_expired');
    },
  },
  {
    operation: 'sendMessage',
    name: 'after trial and grace a dry run is still answered (200 dry_run)',
    needs: ['rules'],
    fixtures: ['trialExpiredKey'],
    run: async (ctx) => {
      const { key, chatClientRef } = ctx.fx.trialExpiredKey!;
      const res = await send(ctx, { client_ref: chatClientRef, to: RECIPIENT, type: 'text', text: { body: 'x' }, dry_run: true }, key);
      status(ctx, res, 200);
      check(res.data!.dry_run === true, 'a dry run answers dry_run: true', JSON.stringify(res.data));
    },
  },
  {
    operation: 'sendMessage',
    name: 'test-key and dry-run sends are not counted in usage',
    needs: ['rules', 'state'],
    fixtures: ['chatClientRef', 'testKey'],
    run: async (ctx) => {
      const before = await ctx.api.GET('/usage');
      await send(ctx, { client_ref: chat(ctx), to: RECIPIENT, type: 'text', text: { body: 'x' }, dry_run: true }, ctx.fx.testKey);
      await sendTemplate(ctx, { client_ref: chat(ctx), to: RECIPIENT, template: { name: 'hello_world', language: { code: 'en_US' } } }, ctx.fx.testKey);
      await send(ctx, { client_ref: chat(ctx), to: RECIPIENT, type: 'text', text: { body: 'x' }, dry_run: true });
      const after = await ctx.api.GET('/usage');
      status(ctx, after, 200);
      same(after.data!.current, before.data!.current, 'test-key and dry-run sends leave the usage counts unchanged');
    },
  },
];
