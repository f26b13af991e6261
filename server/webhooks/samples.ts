// Sample events for the portal simulator (section 6 rule 5): one realistic payload per kind, shaped as
// openapi.yaml's `webhooks:` section says, for a given client (or the `webhook_test` stand-in).
import { assertCarriesEvent } from '../domain/messaging/channel-carriage';
import { badRequest } from '../domain/shared/errors';
import type { NewWebhookEvent } from '../domain/shared/events';
import type { ClientRecord, WebhookEventKind } from '../store/records';

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

/** A sample of `kind` for `client`; a kind the client's channel does not carry is 400. */
export function sampleEvent(kind: WebhookEventKind, client: ClientRecord | undefined, seq: string): NewWebhookEvent {
  if (kind === 'webhook.test') return webhookTestEvent(client);
  if (!client) throw badRequest(`A ${kind} sample needs a client_ref.`, { details: { client_ref: ['is required for this event kind'] } });
  assertCarriesEvent(client, kind);
  const base = { channel: client.channel, client_ref: client.client_ref };
  const chatUser = '4915112345678';
  const socialUser = '17841400000000001';
  const contact = client.channel === 'chat' ? { id: chatUser, name: 'Anna Sample' } : { id: socialUser, username: 'anna.sample', name: 'Anna Sample' };
  const timestamp = new Date().toISOString();
  switch (kind) {
    case 'message.received':
      return client.channel === 'chat'
        ? {
            event: 'message.received',
            channel: 'chat',
            client_ref: client.client_ref,
            phone_number: client.phone_number ?? '',
            contacts: [{ profile: { name: 'Anna Sample' }, wa_id: chatUser }],
            messages: [{ from: chatUser, id: `wamid.sample_${seq}`, type: 'text', text: { body: 'Hello, is my order on its way?' } }],
          }
        : {
            event: 'message.received',
            channel: 'social',
            client_ref: client.client_ref,
            contact,
            messages: [
              {
                id: `mid.sample_${seq}`,
                sender: { id: socialUser, username: 'anna.sample', name: 'Anna Sample' },
                recipient: { id: client.business_account_id },
                text: 'Hello, is my order on its way?',
              },
            ],
          };
    case 'message.status':
      return {
        event: 'message.status',
        channel: 'chat',
        client_ref: client.client_ref,
        statuses: [{ id: `wamid.sample_${seq}`, status: 'delivered', recipient_id: chatUser, timestamp }],
      };
    case 'message.reaction':
      return { event: 'message.reaction', ...base, contact, reaction: { message_id: `wamid.sample_${seq}`, emoji: '👍', action: 'react' } };
    case 'message.echo':
      return {
        event: 'message.echo',
        channel: 'social',
        client_ref: client.client_ref,
        contact,
        message: { id: `mid.echo_${seq}`, sender: { id: client.business_account_id }, recipient: { id: socialUser }, text: 'Thanks, it ships today.' },
      };
    case 'message.read':
      return { event: 'message.read', channel: 'social', client_ref: client.client_ref, contact, read: { message_id: `mid.sample_${seq}` } };
    case 'message.postback':
      return {
        event: 'message.postback',
        channel: 'social',
        client_ref: client.client_ref,
        contact,
        postback: { message_id: `mid.sample_${seq}`, title: 'Track my order', payload: 'TRACK_ORDER' },
      };
    case 'template.status':
      return {
        event: 'template.status',
        channel: 'chat',
        client_ref: client.client_ref,
        template: { id: '1000000000000000', name: 'sample_template', language: 'en_US', status: 'APPROVED', previous_status: 'PENDING', reason: null },
      };
    case 'user.preferences':
      return {
        event: 'user.preferences',
        channel: 'chat',
        client_ref: client.client_ref,
        contact,
        preference: { category: 'marketing_messages', value: 'opt_out', detail: 'The user stopped marketing messages.' },
      };
  }
}
