// Deliveries: each event sent (or due) to the partner's receiver, newest first, filterable; opened, its
// attempts (when, how long, the receiver's status code or the error) and the exact bytes delivered and signed;
// redelivered on demand.
import type { components, operations } from '../../../sandbox/generated/openapi';
import { fill, formatted, h, report, table, time } from '../dom';
import { OperationForm } from '../forms';
import { change, onPress, type PortalContext, type PortalPage } from '../page';
import { must } from '../session';

type Delivery = components['schemas']['Delivery'];
type Attempt = components['schemas']['DeliveryAttempt'];
type Query = Omit<NonNullable<operations['sandboxListDeliveries']['parameters']['query']>, 'partner'>;

/** The filter the list shows, kept while the reader stays in the portal. */
let filter: Query = {};

const lastStatus = (d: Delivery): string => {
  const last = d.attempts[d.attempts.length - 1];
  return last ? String(last.status_code ?? last.error ?? '—') : 'not tried yet';
};

/** The delivery opened below the list: its attempts and its exact body. */
async function showDetails(context: PortalContext, delivery: Delivery, into: HTMLElement): Promise<void> {
  const full = await must(context.api.GET('/webhook/deliveries/{delivery_id}', { params: { path: { delivery_id: delivery.id } } })).catch(report);
  if (!full) return;
  const heading = h('h2', { tabindex: -1 }, `${full.event} ${full.event_id}`);
  fill(
    into,
    heading,
    h('p', {}, `To ${full.url}; ${full.trigger}; next attempt: `, time(full.next_attempt_at, 'none')),
    table<Attempt>(
      `Attempts of ${full.id}`,
      [
        ['#', (a) => a.number],
        ['Started', (a) => time(a.started_at)],
        ['Duration', (a) => `${Math.round(a.duration_ms)} ms`],
        ['Status code', (a) => (a.status_code === null ? '—' : String(a.status_code))],
        ['Error', (a) => a.error ?? '—'],
        ['Result', (a) => h('span', { class: `badge badge-${a.succeeded ? 'active' : 'failed'}` }, a.succeeded ? 'succeeded' : 'failed')],
      ],
      full.attempts,
      'Not attempted yet.',
    ),
    h('h3', {}, 'Body (the exact bytes delivered and signed)'),
    h('pre', { class: 'body', tabindex: 0, 'aria-label': `Body of ${full.event_id}` }, full.body),
    h('details', {}, h('summary', {}, 'Formatted'), h('pre', { class: 'body' }, formatted(full.body))),
  );
  into.hidden = false;
  heading.focus();
}

function actions(context: PortalContext, delivery: Delivery, details: HTMLElement): HTMLElement {
  const open = h('button', { type: 'button', class: 'secondary', 'aria-controls': details.id, 'aria-label': `Details of ${delivery.event} ${delivery.event_id}` }, 'Details');
  open.addEventListener('click', () => void showDetails(context, delivery, details));
  const again = h('button', { type: 'button', class: 'secondary', 'aria-label': `Redeliver ${delivery.event_id}` }, 'Redeliver');
  onPress(again, null, () =>
    change(context, context.api.POST('/webhook/redeliver', { body: { ref: delivery.id } }), (sent) => `${sent.event_id} redelivered to ${sent.url} (delivery ${sent.delivery_id}).`),
  );
  return h('div', { class: 'row-actions' }, open, again);
}

function filterForm(context: PortalContext): HTMLFormElement {
  const query = new OperationForm('sandboxListDeliveries', { label: 'Filter deliveries', submit: 'Filter', from: 'query' });
  return query.build(
    [
      query.control('event', 'Event', { value: filter.event ?? '', none: 'any' }),
      query.control('state', 'State', { value: filter.state ?? '', none: 'any' }),
      query.control('event_id', 'Event id', { value: filter.event_id ?? '' }),
      query.control('limit', 'At most', { value: String(filter.limit ?? '') }),
    ],
    async () => {
      filter = query.body('event', 'state', 'event_id', 'limit') as Query;
      await context.refresh();
    },
  );
}

export const deliveriesPage: PortalPage = {
  path: 'deliveries',
  title: 'Deliveries',
  intro: 'Every event sent to your receiver: its attempts, status codes, durations and the exact body. Redeliver any.',
  async render(context) {
    const { deliveries } = await must(context.api.GET('/webhook/deliveries', { params: { query: filter } }));
    const details = h('section', { class: 'panel delivery-details', id: 'delivery-details', hidden: true, 'aria-label': 'Delivery details' });
    return [
      h('section', { class: 'panel filters', 'aria-label': 'Filter' }, filterForm(context)),
      table<Delivery>(
        'Deliveries, newest first',
        [
          ['Event', (d) => h('span', {}, h('strong', {}, d.event), h('br'), h('code', {}, d.event_id))],
          ['State', (d) => h('span', { class: `badge badge-${d.state}` }, d.state)],
          ['Attempts', (d) => d.attempts.length],
          ['Last status', (d) => lastStatus(d)],
          ['Created', (d) => time(d.created_at)],
          ['', (d) => actions(context, d, details)],
        ],
        deliveries,
        'No deliveries match. Fire a test event from the Webhook page.',
      ),
      details,
    ];
  },
};
