// Simulator: what end users and the provider do, on demand: connect a client as the hosted page would, an
// end user writes in (a message, a reaction, a read, …), a sent message moves on (delivered, read, failed),
// a template's review is decided.
import type { components } from '../../../sandbox/generated/openapi';
import { announce, h } from '../dom';
import { OperationForm } from '../forms';
import type { PortalContext, PortalPage } from '../page';
import { must } from '../session';

type InboundKind = components['schemas']['InboundKind'];

/** The fields each kind of end-user action reads (the others are hidden), as the sandbox's inbound operation describes them. */
const FIELDS_OF_KIND: Record<InboundKind, readonly string[]> = {
  message: ['text', 'name'],
  echo: ['text'],
  reaction: ['message_id', 'emoji'],
  read: ['message_id'],
  postback: ['payload', 'title'],
  preferences: ['value'],
};
const KIND_FIELDS = ['text', 'name', 'message_id', 'emoji', 'payload', 'title', 'value'] as const;

function panel(id: string, title: string, intro: string, form: HTMLFormElement): HTMLElement {
  return h('section', { class: 'panel', 'aria-labelledby': id }, h('h2', { id }, title), h('p', {}, intro), form);
}

function connectForm(context: PortalContext): HTMLFormElement {
  const form = new OperationForm('sandboxConnectClient', { label: 'Connect a client', submit: 'Connect' });
  return form.build(
    [form.control('client_ref', 'Client reference', { placeholder: 'acme-shoes-de' }), form.control('channel', 'Channel'), form.control('business_name', 'Business name')],
    async () => {
      const client = await must(
        context.api.POST('/clients', { body: { ...form.body('client_ref', 'business_name'), client_ref: String(form.value('client_ref')), channel: form.value('channel') as components['schemas']['ConnectedClient']['channel'] } }),
      );
      announce(`Client ${client.client_ref} connected on ${client.channel}${client.phone_number ? ` as ${client.phone_number}` : ''}.`);
    },
  );
}

function inboundForm(context: PortalContext): HTMLFormElement {
  const form = new OperationForm('sandboxSimulateInbound', { label: 'An end user acts', submit: 'Send as the end user' });
  const controls = Object.fromEntries(
    KIND_FIELDS.map((name) => [
      name,
      form.control(name, { text: 'Text', name: 'Their name', message_id: 'Message id', emoji: 'Emoji', payload: 'Payload', title: 'Button title', value: 'Preference' }[name], {
        multiline: name === 'text',
      }),
    ]),
  ) as Record<(typeof KIND_FIELDS)[number], HTMLElement>;
  const kind = form.control('kind', 'What they do', { value: 'message' });
  const select = kind.querySelector('select')!;
  const sync = () => {
    const shown = FIELDS_OF_KIND[(select.value || 'message') as InboundKind];
    for (const [name, element] of Object.entries(controls)) {
      element.hidden = !shown.includes(name);
      for (const control of Array.from(element.querySelectorAll<HTMLInputElement>('input, select, textarea'))) control.disabled = element.hidden;
    }
  };
  select.addEventListener('change', sync);
  sync();
  return form.build(
    [form.control('client_ref', 'Client reference'), form.control('from', 'From', { hint: 'A phone number (chat) or the scoped user id (social).' }), kind, ...Object.values(controls)],
    async () => {
      const shown = FIELDS_OF_KIND[(select.value || 'message') as InboundKind];
      const fired = await must(
        context.api.POST('/inbound', {
          body: {
            client_ref: String(form.value('client_ref')),
            from: String(form.value('from')),
            kind: (select.value || 'message') as InboundKind,
            ...(form.body(...shown) as Record<string, string>),
          },
        }),
      );
      announce(`${fired.event} ${fired.event_id} raised${fired.delivered_to ? ` and sent to ${fired.delivered_to}` : ''}.`);
    },
  );
}

function statusForm(context: PortalContext): HTMLFormElement {
  const form = new OperationForm('sandboxAdvanceMessage', { label: 'Move a message', submit: 'Move' });
  return form.build(
    [
      form.control('message_id', 'Message id', { in: 'path', hint: 'As POST /v1/messages/send answered it.' }),
      form.control('status', 'New status'),
      form.control('error_code', 'Error code (failed)'),
      form.control('error_title', 'Error title (failed)'),
    ],
    async () => {
      const moved = await must(
        context.api.POST('/messages/{message_id}/status', {
          params: { path: { message_id: String(form.value('message_id')) } },
          body: { ...form.body('error_code', 'error_title'), status: form.value('status') as components['schemas']['SimulatedMessageStatus'] },
        }),
      );
      announce(`Message ${moved.message_id} is ${moved.status}; its message.status event is raised.`);
    },
  );
}

function reviewForm(context: PortalContext): HTMLFormElement {
  const form = new OperationForm('sandboxDecideReview', { label: 'Decide a template review', submit: 'Decide' });
  return form.build(
    [
      form.control('client_ref', 'Client reference'),
      form.control('template_ref', 'Template (id or name)'),
      form.control('language', 'Language', { placeholder: 'en_US', hint: 'Needed when the name has several languages.' }),
      form.control('status', 'Outcome', { none: 'its planned next move' }),
      form.control('reason', 'Reason (rejections)'),
    ],
    async () => {
      const template = await must(
        context.api.POST('/templates/review', {
          body: {
            ...(form.body('language', 'reason') as Record<string, string>),
            client_ref: String(form.value('client_ref')),
            template_ref: String(form.value('template_ref')),
            ...(form.value('status') ? { status: form.value('status') as components['schemas']['ReviewOutcome'] } : {}),
          },
        }),
      );
      announce(`Template ${template.name} (${template.language}) is ${template.status}.`);
    },
  );
}

export const simulatorPage: PortalPage = {
  path: 'simulator',
  title: 'Simulator',
  intro: 'Play the other side: a client connects, an end user writes in, a message moves on, a review is decided.',
  async render(context) {
    return [
      panel('inbound-title', 'An end user acts', 'Opens the 24-hour window (a message) and raises the event your receiver gets.', inboundForm(context)),
      panel('status-title', 'Move a message', 'A message your key sent moves on, as the provider reports it.', statusForm(context)),
      panel('review-title', "Decide a template's review", 'Ends the review now, or runs its planned next move.', reviewForm(context)),
      panel('connect-title', 'Connect a client', 'As a business on the hosted page would.', connectForm(context)),
    ];
  },
};
