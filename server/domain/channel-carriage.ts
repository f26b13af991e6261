import type { components } from '../../generated/openapi';
import { badRequest } from './errors';

type Channel = components['schemas']['Channel'];
export type SendMessageRequest = components['schemas']['SendMessageRequest'];
export type MessageType = SendMessageRequest['type'];

/** Section 4, POST /messages/send rule 2: what each channel carries. */
export const CHANNEL_TYPES: Readonly<Record<Channel, readonly MessageType[]>> = {
  chat: ['text', 'image', 'video', 'audio', 'document', 'sticker', 'location', 'contacts', 'interactive', 'reaction'],
  social: ['text', 'image', 'video', 'audio', 'document'],
};

const MEDIA_TYPES: readonly MessageType[] = ['image', 'video', 'audio', 'document', 'sticker'];

/** The payload object a request's `type` selects. */
export function payloadOf(request: SendMessageRequest): unknown {
  return (request as Record<string, unknown>)[request.type];
}

/** `channel_type_unsupported` when the client's channel does not carry the type. */
export function assertChannelCarriesType(channel: Channel, type: MessageType): void {
  if (CHANNEL_TYPES[channel].includes(type)) return;
  const carried = CHANNEL_TYPES[channel];
  throw badRequest(
    `The ${channel} channel does not carry ${type} messages; it carries ${carried.slice(0, -1).join(', ')} and ${carried.at(-1)}.`,
    { code: 'channel_type_unsupported' },
  );
}

/** Rule 3: on `social`, media only as a public HTTPS link; an uploaded id fails with `media_link_required`. */
export function assertSocialMediaByLink(channel: Channel, request: SendMessageRequest): void {
  if (channel !== 'social' || !MEDIA_TYPES.includes(request.type)) return;
  const media = payloadOf(request) as { link?: string; id?: string };
  if (media.link === undefined) {
    throw badRequest(
      `The social channel takes media only as a public HTTPS link in ${request.type}.link, not as an uploaded media id.`,
      { code: 'media_link_required' },
    );
  }
}

/** Rule 3: `caption` and `filename` are not delivered on `social`; each one given becomes a warning. */
export function undeliveredOnChannel(channel: Channel, request: SendMessageRequest): string[] {
  if (channel !== 'social' || !MEDIA_TYPES.includes(request.type)) return [];
  const media = payloadOf(request) as { caption?: string; filename?: string };
  const warnings: string[] = [];
  if (media.caption !== undefined) {
    warnings.push(`${request.type}.caption was not delivered: the social channel does not carry captions`);
  }
  if (media.filename !== undefined) {
    warnings.push(`${request.type}.filename was not delivered: the social channel does not carry file names`);
  }
  return warnings;
}

/** What the provider receives: the payload without the fields the channel does not carry. */
export function deliverablePayload(channel: Channel, request: SendMessageRequest): unknown {
  const payload = payloadOf(request);
  if (channel !== 'social' || !MEDIA_TYPES.includes(request.type)) return payload;
  const { caption: _caption, filename: _filename, ...carried } = payload as Record<string, unknown>;
  return carried;
}
