// Requests: what the sandbox received from the partner's keys, newest first: each /v1 request with its
// answer's status, error code, request id and duration; searched by the answer's X-Request-Id or filtered by
// operation, status, error code, key and time; paged to older ones; opened, its headers (the key redacted)
// and both bodies, formatted.
import { ERROR_CODES } from '../../../../generated/constants';
import type { components, operations } from '../../../sandbox/generated/openapi';
import { PUBLIC_OPERATIONS } from '../contract';
import { fill, h, report, table, time } from '../dom';
import { OperationForm } from '../forms';
import type { PortalContext, PortalPage } from '../page';
import { must } from '../session';

type Summary = components['schemas']['RequestSummary'];
type Body = components['schemas']['LoggedBody'];
type Query = Omit<NonNullable<operations['sandboxListRequests']['parameters']['query']>, 'partner'>;

/** The search the list shows, and the pages before the one shown (their cursors), kept while the reader stays in the portal. */
let search: Query = {};
let earlier: Array<string | undefined> = [];

/** A logged body as the reader wants to see it: JSON formatted, text as it was, an upload's fields and files, other bytes by size and hash. */
function shownBody(label: string, body: Body | null): Node {
  if (body === null) return h('p', { class: 'empty' }, 'None.');
  const about = h('p', { class: 'hint' }, `${body.content_type ?? 'no content type'}, ${body.size} bytes${body.truncated ? ' (cut: the log keeps the first 64 KiB)' : ''}`);
  let shown: Node;
  if (body.json !== undefined) shown = h('pre', { class: 'body', tabindex: 0, 'aria-label': label }, JSON.stringify(body.json, null, 2));
  else if (body.text !== undefined) shown = h('pre', { class: 'body', tabindex: 0, 'aria-label': label }, body.text);
  else if (body.fields || body.files) {
    shown = h(
      'ul',
      { 'aria-label': label },
      ...Object.entries(body.fields ?? {}).map(([name, value]) => h('li', {}, h('code', {}, name), `: ${value}`)),
      ...(body.files ?? []).map((file) => h('li', {}, h('code', {}, file.field), `: ${file.filename ?? 'a file'} (${file.content_type ?? 'no type'}, ${file.size} bytes, sha256 ${file.sha256})`)),
    );
  } else shown = h('p', { 'aria-label': label }, `sha256 ${body.sha256 ?? '—'}`);
  return h('div', {}, about, shown);
}

async function showDetails(context: PortalContext, requestId: string, into: HTMLElement): Promise<void> {
  const logged = await must(context.api.GET('/requests/{request_id}', { params: { path: { request_id: requestId } } })).catch(report);
  if (!logged) return;
  const heading = h('h2', { tabindex: -1 }, `${logged.method} ${logged.path}`);
  fill(
    into,
    heading,
    h('dl', { class: 'facts' },
      h('dt', {}, 'Request id'), h('dd', {}, h('code', {}, logged.request_id)),
      h('dt', {}, 'At'), h('dd', {}, time(logged.at)),
      h('dt', {}, 'Operation'), h('dd', {}, logged.operation ?? 'not in openapi.yaml'),
      h('dt', {}, 'Answer'), h('dd', { 'data-testid': 'answer' }, `${logged.status}${logged.error_code ? ` ${logged.error_code}` : ''}`),
      h('dt', {}, 'Duration'), h('dd', {}, `${Math.round(logged.duration_ms)} ms`),
      h('dt', {}, 'Key'), h('dd', {}, h('code', {}, `${logged.key_prefix}…`)),
    ),
    h('h3', {}, 'Request headers'),
    h('pre', { class: 'body', tabindex: 0, 'aria-label': 'Request headers' }, Object.entries(logged.request_headers).map(([name, value]) => `${name}: ${value}`).join('\n')),
    h('h3', {}, 'Request body'),
    shownBody('Request body', logged.request_body),
    h('h3', {}, 'Answer body'),
    shownBody('Answer body', logged.response_body),
  );
  into.hidden = false;
  heading.focus();
}

function searchForm(context: PortalContext, keys: components['schemas']['Key'][]): HTMLFormElement {
  const form = new OperationForm('sandboxListRequests', { label: 'Search requests', submit: 'Search', from: 'query' });
  // the time range is picked in the reader's local time and sent as the instant it names
  const instant = (name: 'since' | 'until') => {
    const value = form.value(name);
    return value === undefined ? undefined : new Date(String(value)).toISOString();
  };
  const local = (iso: string | undefined) => (iso ? new Date(new Date(iso).getTime() - new Date(iso).getTimezoneOffset() * 60_000).toISOString().slice(0, 16) : '');
  return form.build(
    [
      form.control('request_id', 'Request id', { value: search.request_id ?? '', hint: 'The X-Request-Id of an answer, as your logs or an error report quote it.' }),
      form.control('operation', 'Operation', { choices: PUBLIC_OPERATIONS, none: 'any', value: search.operation ?? '' }),
      form.control('status', 'Status', { value: search.status === undefined ? '' : String(search.status) }),
      form.control('error_code', 'Error code', { choices: ERROR_CODES, none: 'any', value: search.error_code ?? '' }),
      form.control('key', 'Key', { choices: keys.map((key) => [key.id, `${key.prefix}…${key.name ? ` (${key.name})` : ''}`]), none: 'any', value: search.key ?? '' }),
      form.control('since', 'From', { type: 'datetime-local', value: local(search.since) }),
      form.control('until', 'Until', { type: 'datetime-local', value: local(search.until) }),
      form.control('limit', 'Per page', { value: search.limit === undefined ? '' : String(search.limit) }),
    ],
    async () => {
      search = { ...(form.body('request_id', 'operation', 'status', 'error_code', 'key', 'limit') as Query), since: instant('since'), until: instant('until') };
      earlier = [];
      await context.refresh();
    },
  );
}

function pager(context: PortalContext, next: string | null): HTMLElement | null {
  const buttons: HTMLElement[] = [];
  if (earlier.length > 0) {
    const newer = h('button', { type: 'button', class: 'secondary' }, 'Newer');
    newer.addEventListener('click', () => {
      search = { ...search, cursor: earlier.pop() };
      void context.refresh();
    });
    buttons.push(newer);
  }
  if (next !== null) {
    const older = h('button', { type: 'button', class: 'secondary' }, 'Older');
    older.addEventListener('click', () => {
      earlier.push(search.cursor);
      search = { ...search, cursor: next };
      void context.refresh();
    });
    buttons.push(older);
  }
  return buttons.length ? h('nav', { class: 'row-actions', 'aria-label': 'Pages of requests' }, ...buttons) : null;
}

export const requestsPage: PortalPage = {
  path: 'requests',
  title: 'Requests',
  intro: 'What the sandbox received from your keys, newest first, with its answer. Keys, secrets and tokens are never kept.',
  async render(context) {
    const [{ requests, next_cursor }, { keys }] = await Promise.all([must(context.api.GET('/requests', { params: { query: search } })), must(context.api.GET('/keys'))]);
    const details = h('section', { class: 'panel request-details', id: 'request-details', hidden: true, 'aria-label': 'Request details' });
    const open = (request: Summary) => {
      const button = h('button', { type: 'button', class: 'secondary', 'aria-controls': details.id, 'aria-label': `Details of request ${request.request_id}` }, 'Details');
      button.addEventListener('click', () => void showDetails(context, request.request_id, details));
      return button;
    };
    return [
      h('section', { class: 'panel filters', 'aria-label': 'Search' }, searchForm(context, keys)),
      table<Summary>(
        'Requests, newest first',
        [
          ['At', (r) => time(r.at)],
          ['Request', (r) => h('span', {}, h('strong', {}, r.method), ' ', h('code', {}, r.path))],
          ['Operation', (r) => r.operation ?? '—'],
          ['Status', (r) => h('span', { class: `badge badge-${r.status < 400 ? 'active' : 'failed'}` }, String(r.status))],
          ['Error code', (r) => r.error_code ?? '—'],
          ['Request id', (r) => h('code', {}, r.request_id)],
          ['Duration', (r) => `${Math.round(r.duration_ms)} ms`],
          ['Key', (r) => h('code', {}, `${r.key_prefix}…`)],
          ['', open],
        ],
        requests,
        'No requests match. Requests made with your keys to /v1 show here.',
      ),
      pager(context, next_cursor),
      details,
    ].filter((node): node is HTMLElement => node !== null);
  },
};
