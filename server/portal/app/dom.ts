// The portal's few DOM helpers: elements built from plain values (text is always text, never parsed as HTML),
// the status line every page reports through, and the pieces each page repeats (a table, a copy button, a
// formatted JSON body). No framework: the page is small and must load nothing from another host.

type Child = Node | string | number | null | undefined | false;
type Attributes = Record<string, string | number | boolean | null | undefined | EventListener>;

/** An element with attributes (`on…` as listeners, `true` as present, `false`/null/undefined as absent) and children. */
export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attributes: Attributes = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (typeof value === 'function') element.addEventListener(name.slice(2), value);
    else if (value === true) element.setAttribute(name, '');
    else if (value !== false && value !== null && value !== undefined) element.setAttribute(name, String(value));
  }
  append(element, children);
  return element;
}

export function append(parent: Node, children: Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    parent.appendChild(typeof child === 'object' ? child : document.createTextNode(String(child)));
  }
}

/** Replaces an element's children. */
export function fill(parent: Element, ...children: Child[]): void {
  parent.replaceChildren();
  append(parent, children);
}

const SVG = 'http://www.w3.org/2000/svg';

/** An SVG element (the usage chart). */
export function svg(tag: string, attributes: Record<string, string | number> = {}, ...children: Child[]): SVGElement {
  const element = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, String(value));
  append(element, children);
  return element;
}

/** The live region every page reports its outcome in (screen readers announce it). */
export function announce(message: string, kind: 'ok' | 'error' = 'ok'): void {
  const status = document.getElementById('status');
  if (!status) return;
  status.className = `status status-${kind}`;
  status.textContent = message;
}

/** A refusal in the status line, with its status, code and the request id to quote; answers undefined. */
export function report(error: unknown): undefined {
  const e = error as { status?: number; code?: string; message?: string; requestId?: string | null };
  announce(e.code ? `${e.status} ${e.code}: ${e.message}${e.requestId ? ` (request ${e.requestId})` : ''}` : String(e.message ?? error), 'error');
  return undefined;
}

/** A table with a caption, a header row and one row per item; it scrolls inside its own box on a narrow screen. */
export function table<T>(caption: string, columns: Array<[string, (item: T) => Child]>, items: T[], empty: string): HTMLElement {
  if (items.length === 0) return h('p', { class: 'empty' }, empty);
  return h(
    'div',
    { class: 'table-box', tabindex: 0, role: 'region', 'aria-label': caption },
    h(
      'table',
      {},
      h('caption', {}, caption),
      h('thead', {}, h('tr', {}, ...columns.map(([name]) => h('th', { scope: 'col' }, name)))),
      h('tbody', {}, ...items.map((item) => h('tr', {}, ...columns.map(([name, cell]) => h('td', { 'data-label': name }, cell(item)))))),
    ),
  );
}

/** A value to copy (a new key, a secret) with a button that copies it. */
export function copyable(label: string, value: string): HTMLElement {
  const field = h('input', { type: 'text', readonly: true, value, 'aria-label': label, class: 'copy-value', spellcheck: 'false' });
  const button = h('button', { type: 'button', class: 'secondary' }, 'Copy');
  button.addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(value);
    } catch {
      // no clipboard permission: the value is selected for Ctrl+C
      field.select();
      announce(`${label}: selected, press Ctrl+C (or Cmd+C) to copy.`);
      return;
    }
    button.textContent = 'Copied';
    announce(`${label} copied.`);
  });
  return h('div', { class: 'copy' }, field, button);
}

/** A JSON body, formatted when it is JSON, as given otherwise. */
export function formatted(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

/** A time as the reader's locale shows it, with the exact ISO time as its machine-readable value. */
export function time(iso: string | null | undefined, none = '—'): Child {
  if (!iso) return none;
  const at = new Date(iso);
  return h('time', { datetime: iso, title: iso }, Number.isNaN(at.getTime()) ? iso : at.toLocaleString());
}
