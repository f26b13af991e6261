// The partner portal (`/portal/`): signs in with a sandbox token, then shows one page per hash route
// (`#/keys`, `#/webhook`, …) for the partner signed in: a portal token's, or the one the admin token picks.
// Every call goes to this server's /sandbox through the sandbox contract's typed client; the page loads
// nothing from another host (its Content-Security-Policy says so to the browser, see server/http/docs-site.ts).
import { announce, fill, h, report } from './dom';
import type { PortalContext, PortalPage } from './page';
import { clockPage } from './pages/clock';
import { deliveriesPage } from './pages/deliveries';
import { faultsPage } from './pages/faults';
import { keysPage } from './pages/keys';
import { requestsPage } from './pages/requests';
import { simulatorPage } from './pages/simulator';
import { usagePage } from './pages/usage';
import { webhookPage } from './pages/webhook';
import { ApiError, keepSession, keptSession, must, sandboxClient, type Session } from './session';

/** The pages, in the navigation's order. */
const PAGES: readonly PortalPage[] = [keysPage, webhookPage, deliveriesPage, requestsPage, simulatorPage, faultsPage, usagePage, clockPage];

const main = document.getElementById('main')!;
const nav = document.getElementById('nav')!;
const account = document.getElementById('account')!;

function pageOf(hash: string): PortalPage {
  const path = hash.replace(/^#\/?/, '');
  return PAGES.find((page) => page.path === path) ?? PAGES[0]!;
}

/** The sign-in form: a partner's portal token, or the admin token (which then picks the partner to act for). */
function signIn(reason?: string): void {
  nav.hidden = true;
  delete main.dataset.page;
  fill(account);
  const token = h('input', { id: 'token', type: 'password', name: 'token', required: true, autocomplete: 'off', spellcheck: 'false' });
  const form = h(
    'form',
    { class: 'panel sign-in', 'aria-labelledby': 'sign-in-title' },
    h('h1', { id: 'sign-in-title', tabindex: -1 }, 'Sign in to your sandbox'),
    reason ? h('p', { class: 'status-error', role: 'alert' }, reason) : null,
    h(
      'div',
      { class: 'field' },
      h('label', { for: 'token' }, 'Sandbox token'),
      token,
      h(
        'span',
        { class: 'hint', id: 'token-hint' },
        "Your partner account's portal token (ptk_…), as your sandbox's provider gave it to you; or the sandbox's admin token (its operator's). It stays in this browser tab only.",
      ),
    ),
    h('div', { class: 'actions' }, h('button', { type: 'submit' }, 'Sign in')),
  );
  token.setAttribute('aria-describedby', 'token-hint');
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (!token.value.trim()) {
      token.focus();
      announce('Enter your sandbox token.', 'error');
      return;
    }
    void signedIn(token.value.trim());
  });
  fill(main, form);
  token.focus();
}

/** Who the token is (`GET /me`): a portal token's partner, or the admin token acting for the default partner until another is picked. */
async function signedIn(token: string): Promise<void> {
  try {
    const caller = await must(sandboxClient(token).GET('/me'));
    const session: Session = { token, access: caller.access, partner: caller.partner.id, partnerName: caller.partner.name };
    keepSession(session);
    if (shown) return fresh();
    await show(session);
    announce(caller.access === 'portal' ? `Signed in as ${caller.partner.name}.` : `Signed in with the admin token, acting for ${caller.partner.name}.`);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) signIn('That token is not accepted by this sandbox.');
    else report(error);
  }
}

/** The header of a signed-in session: the partner (a picker for the admin token) and sign out. */
async function drawAccount(session: Session): Promise<void> {
  const out = h('button', { type: 'button', class: 'secondary' }, 'Sign out');
  out.addEventListener('click', () => {
    keepSession(null);
    fresh();
  });
  if (session.access === 'portal') {
    fill(account, h('span', { class: 'partner-name', 'data-testid': 'partner' }, `${session.partnerName} (${session.partner})`), out);
    return;
  }
  const { partners } = await must(sandboxClient(session.token).GET('/partners'));
  const picker = h('select', { id: 'partner', 'aria-label': 'Partner' }, ...partners.map((p) => h('option', { value: p.id, selected: p.id === session.partner }, `${p.name} (${p.id})`)));
  picker.addEventListener('change', () => {
    const picked = partners.find((p) => p.id === picker.value)!;
    const next = { ...session, partner: picked.id, partnerName: picked.name };
    keepSession(next);
    fresh();
  });
  fill(account, h('label', { for: 'partner', class: 'picker-label' }, 'Partner'), picker, out);
}

function drawNav(current: PortalPage): void {
  fill(
    nav,
    h('ul', {}, ...PAGES.map((page) => h('li', {}, h('a', { href: `#/${page.path}`, 'aria-current': page === current ? 'page' : undefined }, page.title)))),
  );
  nav.hidden = false;
}

let drawing = 0;
/** Whether this document showed a page: what a page keeps (its filters, a key shown once) is then another session's. */
let shown = false;

/** The portal loaded again for the session kept: nothing a page kept for the session before carries over. */
function fresh(): void {
  window.location.reload();
}

/** Draws the page of the current route for the session. */
async function show(session: Session, focus = false): Promise<void> {
  const page = pageOf(window.location.hash);
  const turn = ++drawing;
  drawNav(page);
  await drawAccount(session).catch(report);
  const context: PortalContext = {
    // a portal token acts for its own partner; the admin token for the one picked
    api: sandboxClient(session.token, session.access === 'admin' ? session.partner : undefined),
    session,
    refresh: () => show(session),
  };
  const heading = h('h1', { tabindex: -1 }, page.title);
  document.title = `${page.title} · ${session.partnerName} · Partner portal`;
  try {
    const content = await page.render(context);
    if (turn !== drawing) return;
    fill(main, heading, h('p', { class: 'intro' }, page.intro), ...content);
    shown = true;
    main.dataset.page = page.path;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      keepSession(null);
      signIn('The sandbox no longer accepts this token: sign in again.');
      return;
    }
    fill(main, heading, h('p', { class: 'status-error', role: 'alert' }, `This page could not be loaded: ${(error as Error).message}`));
  }
  if (focus) heading.focus();
}

function start(): void {
  const session = keptSession();
  if (!session) {
    signIn();
    return;
  }
  void show(session);
}

// the skip link moves the focus without touching the route
document.querySelector('.skip')?.addEventListener('click', (event) => {
  event.preventDefault();
  main.focus();
});

window.addEventListener('hashchange', () => {
  if (!window.location.hash.startsWith('#/')) return;
  const session = keptSession();
  if (session) void show(session, true);
  else signIn();
});

start();
