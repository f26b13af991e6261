// Sample events for the portal simulator (section 6 rule 5): one realistic payload per kind for a given
// client (or the `webhook_test` stand-in). Each is built by the domain's own builder of that event, from a
// sample end user's action, status move or review, at the time of the injected clock.
import { assertCarriesEvent } from '../domain/messaging/channel-carriage';
import { inboundEvent } from '../domain/messaging/inbound';
import { messageStatusEvent } from '../domain/messaging/message-status';
import { accountOf } from '../domain/onboarding/clients';
import { badRequest } from '../domain/shared/errors';
import type { NewWebhookEvent } from '../domain/shared/events';
import { templateStatusEvent } from '../domain/templates/status-events';
import type { EndUser } from '../provider/channel-provider';
import type { Channel, ClientRecord, WebhookEventKind } from '../store/records';

/** Decision: `webhook.test` without a client carries `client_ref: webhook_test`, `channel: chat`. */
export const WEBHOOK_TEST_CLIENT_REF = 'webhook_test';

export function webhookTestEvent(client?: ClientRecord, message = 'Webhook test from the partner portal.'): NewWebhookEvent {
  return {
    event: 'webhook.test',
    channel: client?.channel ?? 'chat',
    client_ref: client?.client_ref ?? WEBHOOK_TEST_CLIENT_REF,
    test: { message },
  };
}

/** The sample end user of each channel. */
const SAMPLE_USERS: Readonly<Record<Channel, EndUser>> = {
  chat: { id: '4915112345678', name: 'Anna Sample' },
  social: { id: '17841400000000001', username: 'anna.sample', name: 'Anna Sample' },
};

/** A sample of `kind` for `client`, `seq` making its message ids unique, at `now`; a kind the client's channel does not carry is 400. */
export function sampleEvent(kind: WebhookEventKind, client: ClientRecord | undefined, seq: string, now: Date): NewWebhookEvent {
  if (kind === 'webhook.test') return webhookTestEvent(client);
  if (!client) throw badRequest(`A ${kind} sample needs a client_ref.`, { details: { client_ref: ['is required for this event kind'] } });
  assertCarriesEvent(client, kind);
  const on = { account: accountOf(client), user: SAMPLE_USERS[client.channel] };
  switch (kind) {
    case 'message.received':
      return inboundEvent(client, { kind: 'message', ...on, message_id: `${client.channel === 'chat' ? 'wamid' : 'mid'}.sample_${seq}`, text: 'Hello, is my order on its way?' });
    case 'message.status': {
      const message = { id: `wamid.sample_${seq}`, channel: client.channel, client_ref: client.client_ref, recipient: SAMPLE_USERS.chat.id };
      const event = messageStatusEvent(message, { status: 'delivered', at: now, error: null });
      if (!event) throw new Error(`message.status is not carried on ${client.channel}.`);
      return event;
    }
    case 'message.reaction':
      return inboundEvent(client, { kind: 'reaction', ...on, message_id: `wamid.sample_${seq}`, emoji: '👍' });
    case 'message.echo':
      return inboundEvent(client, { kind: 'echo', ...on, message_id: `mid.echo_${seq}`, text: 'Thanks, it ships today.' });
    case 'message.read':
      return inboundEvent(client, { kind: 'read', ...on, message_id: `mid.sample_${seq}` });
    case 'message.postback':
      return inboundEvent(client, { kind: 'postback', ...on, message_id: `mid.sample_${seq}`, title: 'Track my order', payload: 'TRACK_ORDER' });
    case 'template.status':
      return templateStatusEvent(client, { id: '1000000000000000', name: 'sample_template', language: 'en_US', status: 'APPROVED', reason: null }, 'PENDING');
    case 'user.preferences':
      return inboundEvent(client, { kind: 'preference', ...on, category: 'marketing_messages', value: 'opt_out', detail: 'The user stopped marketing messages.' });
  }
}
