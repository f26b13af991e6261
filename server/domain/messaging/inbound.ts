// What end users do, as the provider notifies it (the messaging port's `onInbound`): each arrival becomes
// the one event of openapi.yaml's `webhooks:` section that carries it on the client's channel, and an end
// user's message opens their customer service window and counts as inbound usage.
import type { components } from '../../../generated/openapi';
import type { EndUser, InboundArrival, MessagingProvider, NotificationReceipt, ReceivedMessage } from '../../provider/channel-provider';
import type { ClientId, ClientRecord } from '../../store/records';
import type { Clients } from '../onboarding/clients';
import type { Clock } from '../shared/clock';
import type { EventPublisher, NewWebhookEvent } from '../shared/events';
import type { Usage } from '../usage/usage';
import { assertCarriesEvent } from './channel-carriage';
import type { ServiceWindow } from './service-window';

type Schemas = components['schemas'];

/** The events end users' actions raise. */
export type InboundEvent = Extract<
  NewWebhookEvent,
  { event: 'message.received' | 'message.reaction' | 'message.read' | 'message.postback' | 'message.echo' | 'user.preferences' }
>;

/** The event name of each kind of arrival. */
const EVENT_OF = {
  message: 'message.received',
  reaction: 'message.reaction',
  read: 'message.read',
  postback: 'message.postback',
  echo: 'message.echo',
  preference: 'user.preferences',
} as const satisfies Record<InboundArrival['kind'], InboundEvent['event']>;

/** `contact` of an event: the end user's id, and their username and name where the provider has them. */
function contactOf(user: EndUser): Schemas['EventContact'] {
  const contact: Schemas['EventContact'] = { id: user.id };
  if (user.username !== undefined) contact.username = user.username;
  if (user.name !== undefined) contact.name = user.name;
  return contact;
}

/** A `chat` message as the provider shapes it: `type` names the same-named object (media by id, with its caption). */
function chatMessage(arrival: ReceivedMessage): Schemas['ChatInboundMessage'] {
  const { media } = arrival;
  if (!media) return { from: arrival.user.id, id: arrival.message_id, type: 'text', text: { body: arrival.text ?? '' } };
  const { kind, caption, ...held } = media;
  const message: Schemas['ChatInboundMessage'] = { from: arrival.user.id, id: arrival.message_id, type: kind };
  message[kind] = caption === undefined ? held : { ...held, caption };
  return message;
}

/** A `social` message: text and attachments by short-lived URL, from the end user to the client's account. */
function socialMessage(client: ClientRecord, arrival: ReceivedMessage): Schemas['SocialMessage'] {
  const message: Schemas['SocialMessage'] = { id: arrival.message_id, sender: contactOf(arrival.user), recipient: { id: client.business_account_id } };
  if (arrival.text) message.text = arrival.text;
  if (arrival.attachments?.length) message.attachments = arrival.attachments.map(({ type, url }) => ({ type, payload: { url } }));
  return message;
}

/**
 * The event of one arrival on `client`, shaped as openapi.yaml's `webhooks:` section gives it on the client's
 * channel; a kind the channel does not carry is 400.
 */
export function inboundEvent(client: ClientRecord, arrival: InboundArrival): InboundEvent {
  assertCarriesEvent(client, EVENT_OF[arrival.kind]);
  const about = { client_ref: client.client_ref, contact: contactOf(arrival.user) };
  switch (arrival.kind) {
    case 'message':
      return client.channel === 'chat'
        ? {
            event: 'message.received',
            channel: 'chat',
            client_ref: client.client_ref,
            phone_number: client.phone_number ?? '',
            contacts: [{ profile: { name: arrival.user.name ?? arrival.user.id }, wa_id: arrival.user.id }],
            messages: [chatMessage(arrival)],
          }
        : { event: 'message.received', channel: 'social', ...about, messages: [socialMessage(client, arrival)] };
    case 'reaction':
      return {
        event: 'message.reaction',
        channel: client.channel,
        ...about,
        reaction: { message_id: arrival.message_id, emoji: arrival.emoji, action: arrival.emoji ? 'react' : 'unreact' },
      };
    case 'read':
      return { event: 'message.read', channel: 'social', ...about, read: { message_id: arrival.message_id } };
    case 'postback': {
      const postback: Schemas['MessagePostbackEvent']['postback'] = { payload: arrival.payload };
      if (arrival.message_id !== undefined) postback.message_id = arrival.message_id;
      if (arrival.title !== undefined) postback.title = arrival.title;
      return { event: 'message.postback', channel: 'social', ...about, postback };
    }
    case 'echo':
      return {
        event: 'message.echo',
        channel: 'social',
        ...about,
        message: { id: arrival.message_id, sender: { id: client.business_account_id }, recipient: { id: arrival.user.id }, text: arrival.text },
      };
    case 'preference': {
      const preference: Schemas['UserPreferencesEvent']['preference'] = { category: arrival.category, value: arrival.value };
      if (arrival.detail !== undefined) preference.detail = arrival.detail;
      return { event: 'user.preferences', channel: 'chat', ...about, preference };
    }
  }
}

/**
 * End users' actions reach the partner whose client holds the account. An end user's message opens their
 * 24-hour customer service window (section 4, send rule 5) and counts as inbound usage (section 2,
 * UsagePeriod): end users' messages are real traffic whatever keys the partner holds.
 */
export class InboundMessages {
  constructor(
    private readonly deps: {
      clients: Pick<Clients, 'ofAccount'>;
      serviceWindow: ServiceWindow;
      usage: Usage;
      events: EventPublisher;
      clock: Clock;
    },
  ) {}

  /** Listens to what the provider notifies. */
  follow(provider: Pick<MessagingProvider, 'onInbound'>): void {
    provider.onInbound((arrival) => this.arrived(arrival));
  }

  /** One arrival: its event, raised for the client's partner. An account no client holds is ignored. */
  async arrived(arrival: InboundArrival): Promise<NotificationReceipt | undefined> {
    const client = await this.deps.clients.ofAccount(arrival.account);
    if (!client) return undefined;
    const event = inboundEvent(client, arrival);
    if (arrival.kind === 'message') await this.received(client, arrival.user.id);
    const { event_id } = await this.deps.events.publish(client.partner_id, event);
    return { event_id, event: event.event };
  }

  private async received(client: ClientId, from: string): Promise<void> {
    const at = this.deps.clock();
    await this.deps.serviceWindow.recordInbound(client, from, at);
    await this.deps.usage.record(client.partner_id, { kind: 'inbound', traffic: 'live', dryRun: false, at });
  }
}
