// Webhook: where the partner's events go (the receiver URL, the kinds it takes), the signing secret (shown on
// demand, set or rotated), and a test or sample event fired at the receiver now.
import type { components } from '../../../sandbox/generated/openapi';
import { choicesOf, resolved } from '../contract';
import { announce, copyable, h, time } from '../dom';
import { OperationForm } from '../forms';
import { change, onPress, type PortalContext, type PortalPage } from '../page';
import { must } from '../session';

type Config = components['schemas']['WebhookConfig'];
type EventKind = components['schemas']['EventKind'];

/** The event kinds of the public contract, as the sandbox contract names them. */
const EVENT_KINDS = choicesOf(resolved({ $ref: '#/components/schemas/EventKind' })) ?? [];

function receiverForm(context: PortalContext, config: Config): HTMLFormElement {
  const form = new OperationForm('sandboxSetWebhook', { label: 'Receiver', submit: 'Save receiver' });
  const every = h('input', { type: 'checkbox', id: 'events-all', checked: config.events === 'all' });
  const kinds = form.checkboxes('events', 'Events', EVENT_KINDS, 'The kinds sent to the receiver; every kind unless you pick some.');
  form.setChecked('events', config.events === 'all' ? [] : config.events);
  const sync = () => {
    for (const box of Array.from(kinds.querySelectorAll<HTMLInputElement>('input[type=checkbox]'))) box.disabled = every.checked;
  };
  every.addEventListener('change', sync);
  sync();
  return form.build(
    [
      form.control('url', 'Receiver URL', { value: config.url ?? '', placeholder: 'https://example.com/webhooks', hint: 'Empty: no receiver (events are logged, not sent).' }),
      h('div', { class: 'field' }, h('label', { for: 'events-all' }, every, ' Every event')),
      kinds,
    ],
    async () => {
      const url = form.value('url');
      await change(
        context,
        context.api.PUT('/webhook', {
          body: { url: url === undefined ? null : String(url), events: every.checked ? [] : (form.checked('events') as EventKind[]) },
        }),
        () => 'Receiver saved.',
      );
    },
    () => (every.checked ? [] : ['events']),
  );
}

function secretPanel(context: PortalContext, config: Config): HTMLElement {
  const shown = h('div', { class: 'secret', hidden: true }, copyable('Signing secret', config.secret));
  const reveal = h('button', { type: 'button', class: 'secondary', 'aria-expanded': 'false' }, 'Show secret');
  reveal.addEventListener('click', () => {
    shown.hidden = !shown.hidden;
    reveal.setAttribute('aria-expanded', String(!shown.hidden));
    reveal.textContent = shown.hidden ? 'Show secret' : 'Hide secret';
  });
  const rotate = h('button', { type: 'button', class: 'secondary' }, 'Rotate secret');
  onPress(rotate, 'Rotate the signing secret? Deliveries are signed with the new one from now on.', () =>
    change(context, context.api.PUT('/webhook', { body: { rotate_secret: true } }), () => 'Signing secret rotated: update your receiver.'),
  );
  const setSecret = new OperationForm('sandboxSetWebhook', { label: 'Set the signing secret', submit: 'Set secret' });
  return h(
    'section',
    { class: 'panel', 'aria-labelledby': 'secret-title' },
    h('h2', { id: 'secret-title' }, 'Signing secret'),
    h('p', {}, 'Every delivery carries X-Service-Signature: sha256=<HMAC-SHA256 of the raw body with this secret>.'),
    h('div', { class: 'row-actions' }, reveal, rotate),
    shown,
    h('details', {}, h('summary', {}, 'Set a secret of your own'),
      setSecret.build([setSecret.control('secret', 'New secret', { type: 'password' })], async () => {
        await change(context, context.api.PUT('/webhook', { body: { secret: String(setSecret.value('secret')) } }), () => 'Signing secret set.');
      }),
    ),
  );
}

function firePanel(context: PortalContext): HTMLElement {
  const test = new OperationForm('sandboxFireTest', { label: 'Send a test event', submit: 'Send webhook.test' });
  const sample = new OperationForm('sandboxFireSample', { label: 'Send a sample event', submit: 'Send sample' });
  const fired = (what: { event: string; event_id: string; delivered_to: string | null }) =>
    announce(`${what.event} ${what.event_id} ${what.delivered_to ? `sent to ${what.delivered_to}` : 'raised (no receiver set: not sent)'}; see Deliveries.`);
  return h(
    'section',
    { class: 'panel', 'aria-labelledby': 'fire-title' },
    h('h2', { id: 'fire-title' }, 'Fire an event now'),
    h('div', { class: 'columns' },
      h('div', {}, h('h3', {}, 'A test event'), test.build([test.control('client_ref', 'Client (optional)'), test.control('message', 'Message', { placeholder: 'Hello from the portal' })], async () => {
        fired(await must(context.api.POST('/webhook/test', { body: test.body('client_ref', 'message') })));
      })),
      h('div', {}, h('h3', {}, 'A sample event of any kind'), sample.build([sample.control('event', 'Event', { in: 'path' }), sample.control('client_ref', 'Client', { hint: 'The client the event is about; most kinds need one.' })], async () => {
        fired(await must(context.api.POST('/webhook/samples/{event}', { params: { path: { event: sample.value('event') as EventKind } }, body: sample.body('client_ref') })));
      })),
    ),
  );
}

export const webhookPage: PortalPage = {
  path: 'webhook',
  title: 'Webhook',
  intro: 'Where your events go, the secret they are signed with, and test events on demand.',
  async render(context) {
    const config = await must(context.api.GET('/webhook'));
    return [
      h(
        'section',
        { class: 'panel', 'aria-labelledby': 'receiver-title' },
        h('h2', { id: 'receiver-title' }, 'Receiver'),
        h('dl', { class: 'facts' },
          h('dt', {}, 'URL'), h('dd', { 'data-testid': 'receiver-url' }, config.url ?? 'none set'),
          h('dt', {}, 'Events'), h('dd', {}, config.events === 'all' ? 'every kind' : config.events.join(', ')),
          h('dt', {}, 'Changed'), h('dd', {}, time(config.updated_at)),
        ),
        receiverForm(context, config),
      ),
      secretPanel(context, config),
      firePanel(context),
    ];
  },
};
