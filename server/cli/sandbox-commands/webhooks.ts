// The sandbox command's rows for the partner's webhook: its receiver, events on demand, deliveries.
import { ENUMS, LIMITS } from '../../sandbox/generated/constants';
import { missing, type SandboxCommand } from './table';

export const WEBHOOK_COMMANDS: readonly SandboxCommand[] = [
  {
    name: 'webhook show',
    summary: "the partner's receiver URL, selected events and signing secret",
    operation: 'sandboxGetWebhook',
    send: (api, g) => api.GET('/webhook', { params: { query: g.partner } }),
  },
  {
    name: 'webhook set',
    summary: 'the receiver: URL, selected events, signing secret',
    operation: 'sandboxSetWebhook',
    flags: {
      url: { value: 'URL|none', help: 'where events are delivered (none: nowhere)' },
      events: { value: 'all|a,b', help: 'the event kinds delivered' },
      secret: { value: 'S', help: `the signing secret (${LIMITS.SigningSecret.minLength} characters or more)` },
      'rotate-secret': { switch: true, help: 'issue a new signing secret' },
    },
    send: (api, g) => {
      const url = g.flag('url');
      const events = g.flag('events');
      return api.PUT('/webhook', {
        params: { query: g.partner },
        body: {
          url: url === 'none' ? null : url,
          events: events === undefined ? undefined : events === 'all' ? [] : g.listOf('events', ENUMS.EventKind),
          secret: g.flag('secret'),
          rotate_secret: g.on('rotate-secret') || undefined,
        },
      });
    },
  },
  {
    name: 'webhook test',
    summary: 'fire a signed webhook.test',
    operation: 'sandboxFireTest',
    flags: { client: { value: 'REF', help: 'the client it is about (default: webhook_test)' }, message: { value: 'TEXT', help: 'its test.message' } },
    send: (api, g) => api.POST('/webhook/test', { params: { query: g.partner }, body: { client_ref: g.flag('client'), message: g.flag('message') } }),
  },
  {
    name: 'webhook sample',
    summary: 'fire a signed sample event of any kind',
    operation: 'sandboxFireSample',
    args: [{ name: 'event kind', choices: ENUMS.EventKind }],
    flags: { client: { value: 'REF', help: 'the client it is about (every kind but webhook.test needs one)' } },
    send: (api, g) => {
      const event = g.argOf('event kind', ENUMS.EventKind);
      if (event !== 'webhook.test' && g.flag('client') === undefined) missing(`webhook sample ${event}`, '--client REF (every kind but webhook.test is about a client)');
      return api.POST('/webhook/samples/{event}', { params: { path: { event }, query: g.partner }, body: { client_ref: g.flag('client') } });
    },
  },
  {
    name: 'deliveries',
    summary: 'the delivery log, newest first, every attempt',
    operation: 'sandboxListDeliveries',
    flags: {
      'event-id': { value: 'ID', help: 'the deliveries of one event' },
      event: { value: 'KIND', choices: ENUMS.EventKind, help: 'the deliveries of one event kind' },
      state: { choices: ENUMS.DeliveryState, help: 'the deliveries in one state' },
      limit: { value: 'N', help: 'at most N (1 to 500, default 50)' },
    },
    send: (api, g) =>
      api.GET('/webhook/deliveries', {
        params: {
          query: { ...g.partner, event_id: g.flag('event-id'), event: g.flagOf('event', ENUMS.EventKind), state: g.flagOf('state', ENUMS.DeliveryState), limit: g.integer('limit') },
        },
      }),
  },
  {
    name: 'delivery',
    summary: 'one delivery with its attempts and the exact body sent',
    operation: 'sandboxGetDelivery',
    args: [{ name: 'delivery id' }],
    send: (api, g) => api.GET('/webhook/deliveries/{delivery_id}', { params: { path: { delivery_id: g.arg('delivery id') }, query: g.partner } }),
  },
  {
    name: 'redeliver',
    summary: 'deliver an event again to the current receiver',
    operation: 'sandboxRedeliver',
    args: [{ name: 'event id or delivery id' }],
    send: (api, g) => api.POST('/webhook/redeliver', { params: { query: g.partner }, body: { ref: g.arg('event id or delivery id') } }),
  },
];
