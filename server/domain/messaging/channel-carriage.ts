// What each channel carries, in one table (sections 1 and 4), the event kinds that come on it (as
// openapi.yaml's webhook payloads allow, WEBHOOK_CHANNELS), and the rules that read them. Each rule answers
// the code the specification gives it on its operation.
import { ENUMS, WEBHOOK_CHANNELS } from '../../../generated/constants';
import type { components } from '../../../generated/openapi';
import type { Channel, ClientRecord, WebhookEventKind } from '../../store/records';
import { badRequest } from '../shared/errors';

export type SendMessageRequest = components['schemas']['SendMessageRequest'];
export type MessageType = SendMessageRequest['type'];

interface Carriage {
  /** Free-form message types (POST /messages/send rule 2). */
  messageTypes: readonly MessageType[];
  /** Media may be sent as an uploaded id, and `caption` / `filename` are delivered (rule 3). */
  mediaById: boolean;
  /** Templates live on its business accounts and can be sent (templates; send-template rule 1). */
  templates: boolean;
  /** Send media can be uploaded ahead of a send (POST /media rule 1). */
  mediaUploads: boolean;
  /** Inbound media arrive as an id to download, not inline (GET /media/{media_id} rule 1). */
  inboundMediaById: boolean;
}

export const CHANNELS: Readonly<Record<Channel, Carriage>> = {
  chat: {
    messageTypes: ['text', 'image', 'video', 'audio', 'document', 'sticker', 'location', 'contacts', 'interactive', 'reaction'],
    mediaById: true,
    templates: true,
    mediaUploads: true,
    inboundMediaById: true,
  },
  social: {
    messageTypes: ['text', 'image', 'video', 'audio', 'document'],
    mediaById: false,
    templates: false,
    mediaUploads: false,
    inboundMediaById: false,
  },
};

/** The message types whose payload is a media file (the contract's `MediaKind`). */
const MEDIA_TYPES: readonly MessageType[] = ENUMS.MediaKind;

/** The payload object a request's `type` selects. */
export function payloadOf(request: SendMessageRequest): unknown {
  return (request as Record<string, unknown>)[request.type];
}

/** Send rule 2: `channel_type_unsupported` when the client's channel does not carry the type. */
export function assertChannelCarriesType(channel: Channel, type: MessageType): void {
  const carried = CHANNELS[channel].messageTypes;
  if (carried.includes(type)) return;
  throw badRequest(
    `The ${channel} channel does not carry ${type} messages; it carries ${carried.slice(0, -1).join(', ')} and ${carried.at(-1)}.`,
    { code: 'channel_type_unsupported' },
  );
}

/** Send rule 3: where media go only by public HTTPS link, an uploaded id fails with `media_link_required`. */
export function assertMediaByLinkWhereRequired(channel: Channel, request: SendMessageRequest): void {
  if (CHANNELS[channel].mediaById || !MEDIA_TYPES.includes(request.type)) return;
  const media = payloadOf(request) as { link?: string; id?: string };
  if (media.link === undefined) {
    throw badRequest(
      `The ${channel} channel takes media only as a public HTTPS link in ${request.type}.link, not as an uploaded media id.`,
      { code: 'media_link_required' },
    );
  }
}

/** Send rule 3: where `caption` and `filename` are not delivered, each one given becomes a warning. */
export function undeliveredOnChannel(channel: Channel, request: SendMessageRequest): string[] {
  if (CHANNELS[channel].mediaById || !MEDIA_TYPES.includes(request.type)) return [];
  const media = payloadOf(request) as { caption?: string; filename?: string };
  const warnings: string[] = [];
  if (media.caption !== undefined) warnings.push(`${request.type}.caption was not delivered: the ${channel} channel does not carry captions`);
  if (media.filename !== undefined) warnings.push(`${request.type}.filename was not delivered: the ${channel} channel does not carry file names`);
  return warnings;
}

/** What the provider receives: the payload without the fields the channel does not carry. */
export function deliverablePayload(channel: Channel, request: SendMessageRequest): unknown {
  const payload = payloadOf(request);
  if (CHANNELS[channel].mediaById || !MEDIA_TYPES.includes(request.type)) return payload;
  const { caption: _caption, filename: _filename, ...carried } = payload as Record<string, unknown>;
  return carried;
}

/** Templates (managing and sending them) exist only where the channel has templates: `channel_type_unsupported`. */
export function assertCarriesTemplates(client: ClientRecord, what: 'send' | 'manage'): void {
  if (CHANNELS[client.channel].templates) return;
  throw badRequest(
    what === 'send'
      ? `Template messages are only carried by the chat channel; client ${client.client_ref} is on ${client.channel}.`
      : `Client ${client.client_ref} is a ${client.channel} client; templates exist only on chat clients.`,
    { code: 'channel_type_unsupported' },
  );
}

/** POST /media rule 1 and section 4's errors: uploading for a client on another channel is 400 `bad_request`. */
export function assertAcceptsMediaUploads(client: ClientRecord): void {
  if (CHANNELS[client.channel].mediaUploads) return;
  throw badRequest(`Media upload is for chat clients; ${client.client_ref} is on ${client.channel} (send media by public HTTPS link).`);
}

/** GET /media/{media_id} rule 2: a channel that delivers media inline has nothing to download (`channel_media_inline`). */
export function assertServesInboundMediaById(client: ClientRecord): void {
  if (CHANNELS[client.channel].inboundMediaById) return;
  throw badRequest(
    `The ${client.channel} channel delivers media inline as a short-lived URL in the webhook; there is nothing to download here.`,
    { code: 'channel_media_inline' },
  );
}

/** Whether an event kind comes on a channel (the channels its payload allows in openapi.yaml). */
export function carriesEvent(channel: Channel, kind: WebhookEventKind): boolean {
  return (WEBHOOK_CHANNELS[kind] as readonly Channel[]).includes(channel);
}

/** A simulated event of a kind the client's channel does not carry is 400 (the sandbox and samples). */
export function assertCarriesEvent(client: ClientRecord, kind: WebhookEventKind): void {
  if (carriesEvent(client.channel, kind)) return;
  const on = WEBHOOK_CHANNELS[kind];
  throw badRequest(`${kind} exists only on ${on.join(' and ')} clients; ${client.client_ref} is on ${client.channel}.`);
}
