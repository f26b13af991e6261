// Keys: the partner's API keys; create one (mode, scopes, expiry, name, allowed IPs), rotate, revoke. A new
// key's secret is shown once, with a copy button, and is gone once the reader leaves the page.
import { SCOPES } from '../../../../generated/constants';
import type { components } from '../../../sandbox/generated/openapi';
import { copyable, h, table, time } from '../dom';
import { OperationForm } from '../forms';
import { change, onPress, type PortalContext, type PortalPage } from '../page';
import { must } from '../session';

type Key = components['schemas']['Key'];

/** The secret of the key made last, shown on the next drawing of the page only. */
let shownOnce: { note: string; key: string } | null = null;

function newKeyPanel(): HTMLElement | null {
  if (!shownOnce) return null;
  const { note, key } = shownOnce;
  shownOnce = null;
  return h(
    'section',
    { class: 'panel shown-once', 'aria-labelledby': 'new-key-title' },
    h('h2', { id: 'new-key-title' }, 'Your new key'),
    h('p', {}, note, ' It is shown this once: copy it now; the sandbox keeps only its hash.'),
    copyable('New key', key),
  );
}

const status = (key: Key): string => (key.revoked_at ? 'revoked' : key.expires_at && Date.parse(key.expires_at) <= Date.now() ? 'expired' : 'active');

function createForm(context: PortalContext): HTMLFormElement {
  const form = new OperationForm('sandboxCreateKey', { label: 'Create a key', submit: 'Create key' });
  const all = h('input', { type: 'checkbox', id: 'scopes-all', checked: true });
  const scopes = form.checkboxes('scopes', 'Scopes', SCOPES, 'What the key may do; every scope unless you pick some.');
  const sync = () => {
    for (const box of Array.from(scopes.querySelectorAll<HTMLInputElement>('input[type=checkbox]'))) box.disabled = all.checked;
  };
  all.addEventListener('change', sync);
  sync();
  const expiry = form.control('expires', 'Expires on', { type: 'date', hint: 'Empty: never. The key stops working at the start of that day (UTC).' });
  return form.build(
    [
      form.control('name', 'Name', { placeholder: 'CI pipeline' }),
      form.control('mode', 'Mode', { hint: 'test: simulated deliveries, no usage; live: real deliveries that count.', value: 'test' }),
      h('div', { class: 'field' }, h('label', { for: 'scopes-all' }, all, ' Every scope')),
      scopes,
      expiry,
      form.control('allow_ips', 'Allowed IP addresses', { hint: 'Optional: addresses or CIDR ranges, separated by spaces or commas.', multiline: true }),
    ],
    async () => {
      const ips = String(form.value('allow_ips') ?? '')
        .split(/[\s,]+/)
        .filter(Boolean);
      const expires = form.value('expires');
      await change(
        context,
        context.api.POST('/keys', {
          body: {
            mode: form.value('mode') as Key['mode'],
            scopes: all.checked ? 'all' : form.checked('scopes'),
            ...(expires ? { expires: String(expires) } : {}),
            ...(ips.length ? { allow_ips: ips } : {}),
            ...(form.value('name') ? { name: String(form.value('name')) } : {}),
          },
        }),
        (created) => `Key ${created.prefix}… created; its secret is shown once.`,
        (created) => (shownOnce = { note: `Key ${created.prefix}… (${created.mode}) is created.`, key: created.key }),
      );
    },
    () => (all.checked ? [] : ['scopes']),
  );
}

function keyActions(context: PortalContext, key: Key): HTMLElement | string {
  if (key.revoked_at) return '—';
  const rotate = h('button', { type: 'button', class: 'secondary', 'aria-label': `Rotate key ${key.prefix}` }, 'Rotate');
  const revoke = h('button', { type: 'button', class: 'danger', 'aria-label': `Revoke key ${key.prefix}` }, 'Revoke');
  onPress(rotate, `Rotate ${key.prefix}…? It stops working now; a new key with its scopes replaces it.`, () =>
    change(
      context,
      context.api.POST('/keys/{key}/rotate', { params: { path: { key: key.id } } }),
      () => `Key ${key.prefix}… rotated; the new key is shown once.`,
      (rotated) => (shownOnce = { note: `Key ${rotated.prefix}… replaces ${rotated.retired.prefix}…, which is retired.`, key: rotated.key }),
    ),
  );
  onPress(revoke, `Revoke ${key.prefix}…? Requests with it are refused from now on.`, () =>
    change(context, context.api.POST('/keys/{key}/revoke', { params: { path: { key: key.id } } }), () => `Key ${key.prefix}… revoked.`),
  );
  return h('div', { class: 'row-actions' }, rotate, revoke);
}

export const keysPage: PortalPage = {
  path: 'keys',
  title: 'API keys',
  intro: 'The keys your integration calls /v1 with. A new key is shown once.',
  async render(context) {
    const { keys } = await must(context.api.GET('/keys'));
    return [
      newKeyPanel(),
      table<Key>(
        'Keys, newest first',
        [
          ['Key', (k) => h('code', {}, `${k.prefix}…`)],
          ['Name', (k) => k.name ?? '—'],
          ['Mode', (k) => k.mode],
          ['Scopes', (k) => k.scopes.join(', ')],
          ['Expires', (k) => time(k.expires_at, 'never')],
          ['Status', (k) => h('span', { class: `badge badge-${status(k)}` }, status(k))],
          ['Created', (k) => time(k.created_at)],
          ['Actions', (k) => keyActions(context, k)],
        ],
        [...keys].sort((a, b) => b.created_at.localeCompare(a.created_at)),
        'No keys yet: create one below.',
      ),
      h('section', { class: 'panel', 'aria-labelledby': 'create-key-title' }, h('h2', { id: 'create-key-title' }, 'Create a key'), createForm(context)),
    ].filter((node): node is HTMLElement => node !== null);
  },
};
