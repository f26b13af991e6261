// Faults: failures on demand for the partner's retry, timeout and webhook code: a key's requests answered
// 429/500/502, delayed or dropped, deliveries sent twice or out of order; listed with how many took each,
// removed one by one or all at once.
import type { components } from '../../../sandbox/generated/openapi';
import { PUBLIC_OPERATIONS } from '../contract';
import { h, table, time } from '../dom';
import { OperationForm } from '../forms';
import { change, onPress, type PortalContext, type PortalPage } from '../page';
import { must } from '../session';

type Fault = components['schemas']['Fault'];
type Key = components['schemas']['Key'];

function addForm(context: PortalContext, keys: Key[]): HTMLFormElement {
  const form = new OperationForm('sandboxAddFault', { label: 'Add a fault', submit: 'Add fault' });
  const usable = keys.filter((key) => key.revoked_at === null);
  return form.build(
    [
      form.control('kind', 'Kind', { hint: "A status, a delay or a drop takes the key's requests; a delivery kind takes your webhook deliveries." }),
      form.control('key', 'Key', { choices: usable.map((key) => [key.id, `${key.prefix}…${key.name ? ` (${key.name})` : ''}`]), none: 'none (delivery faults)' }),
      form.control('operation', 'Only this operation', { choices: PUBLIC_OPERATIONS, none: 'every operation' }),
      form.control('times', 'Times', { hint: 'How many requests take it (1 unless a share is given).' }),
      form.control('share_percent', 'Share of requests (%)'),
      form.control('retry_after_seconds', 'Retry-After of a 429 (s)'),
      form.control('delay_ms', 'Delay (ms)'),
    ],
    () =>
      change(
        context,
        context.api.POST('/faults', {
          body: {
            ...form.body('key', 'operation', 'times', 'share_percent', 'retry_after_seconds', 'delay_ms'),
            kind: form.value('kind') as Fault['kind'],
          },
        }),
        (fault) => `Fault ${fault.kind} added${fault.key_prefix ? ` for ${fault.key_prefix}…` : ' for your deliveries'}.`,
      ),
  );
}

function removeButton(context: PortalContext, fault: Fault): HTMLElement {
  const button = h('button', { type: 'button', class: 'secondary', 'aria-label': `Remove fault ${fault.kind} ${fault.id}` }, 'Remove');
  return onPress(button, null, () =>
    change(context, context.api.DELETE('/faults/{fault_id}', { params: { path: { fault_id: fault.id } } }), (removed) => `Fault ${removed.kind} removed (it was taken ${removed.applied} times).`),
  );
}

function clearButton(context: PortalContext): HTMLElement {
  const button = h('button', { type: 'button', class: 'danger' }, 'Clear all faults');
  return onPress(button, null, () => change(context, context.api.DELETE('/faults', {}), (cleared) => `${cleared.cleared} ${cleared.cleared === 1 ? 'fault' : 'faults'} cleared.`));
}

export const faultsPage: PortalPage = {
  path: 'faults',
  title: 'Faults',
  intro: "Make the sandbox fail on purpose, to see your integration's retries, timeouts and webhook handling at work.",
  async render(context) {
    const [{ faults }, { keys }] = await Promise.all([must(context.api.GET('/faults')), must(context.api.GET('/keys'))]);
    return [
      table<Fault>(
        'Faults, oldest first',
        [
          ['Kind', (f) => h('strong', {}, f.kind)],
          ['Key', (f) => (f.key_prefix ? h('code', {}, `${f.key_prefix}…`) : 'deliveries')],
          ['Operation', (f) => f.operation ?? (f.applies_to.length ? `any of ${f.applies_to.length}` : '—')],
          ['Taken', (f) => f.applied],
          ['Remaining', (f) => (f.remaining === null ? (f.share_percent === null ? '—' : `${f.share_percent} % until cleared`) : f.remaining)],
          ['Options', (f) => [f.retry_after_seconds !== null ? `Retry-After ${f.retry_after_seconds} s` : '', f.delay_ms !== null ? `${f.delay_ms} ms` : ''].filter(Boolean).join(', ') || '—'],
          ['Added', (f) => time(f.created_at)],
          ['', (f) => removeButton(context, f)],
        ],
        faults,
        'No faults: every request is answered as usual.',
      ),
      faults.length ? h('div', { class: 'row-actions' }, clearButton(context)) : null,
      h('section', { class: 'panel', 'aria-labelledby': 'add-fault-title' }, h('h2', { id: 'add-fault-title' }, 'Add a fault'), addForm(context, keys)),
    ].filter((node): node is HTMLElement => node !== null);
  },
};
