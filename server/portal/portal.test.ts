// The partner portal (/portal/) in headless Chromium, served by the reference server as `npm start` runs it
// (the package's bundle). Signed in as two partners with their portal tokens (and with the admin token and its
// partner picker), it does each page's main task through the page (keys, webhook, deliveries, requests,
// simulator, faults, usage, clock), checks each result through the API, and holds that partner B's pages
// never show partner A's data. Also: nothing is loaded from another host (and the page says so in
// its Content-Security-Policy), the forms refuse what the sandbox contract refuses before a request goes,
// every page reads at 375 px without sideways scrolling and in dark mode, and the portal is used by keyboard.
// Screenshots of each page go to reports/portal/. Waits for conditions only, never for fixed times. On SQLite,
// npm start's store (jest.config.js says why not on PostgreSQL too).
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { SCOPES } from '../../generated/constants';
import { startLikeNpmStart, type StartedServer } from '../../docs/npm-start';
import { browserName, describeWithBrowser, launchRecordedBrowser, type RecordedBrowser } from '../testing/browser';
import { startWebhookReceiver, type WebhookReceiver } from '../testing/webhook-receiver';
import { ENUMS } from '../sandbox/generated/constants';

const SHOTS = resolve(__dirname, '../../reports/portal');
/** Safety nets only: every wait ends as soon as its condition holds. */
const ACTION_MS = 10_000;
const NAVIGATION_MS = 60_000;
const PAGES = ['keys', 'webhook', 'deliveries', 'requests', 'simulator', 'faults', 'usage', 'clock'] as const;
const CUSTOMER = '4915112345678';

interface Partner {
  id: string;
  name: string;
  /** Its portal token, as `POST /sandbox/partners` answered it once. */
  portalToken: string;
  receiver: WebhookReceiver;
  clientRef: string;
  /** The key the portal created for this partner (its secret as the page showed it once). */
  key?: { id: string; prefix: string; secret: string };
}

// a page's main task is a dozen browser steps on a loaded machine (each ends as soon as its condition holds)
jest.setTimeout(120_000);

describeWithBrowser('server/portal/portal.test.ts')(`the partner portal in headless Chromium (${browserName()})`, () => {
  let server: StartedServer;
  let browser: RecordedBrowser;
  let page: Page;
  const adminToken = `sbx_portal_${randomBytes(12).toString('hex')}`;
  const pageErrors: string[] = [];
  const consoleErrors: string[] = [];
  const partners: Partner[] = [];
  let A: Partner;
  let B: Partner;

  /** A sandbox call with the admin token for `partner`; the parsed answer (throws on a non-2xx). */
  async function sandbox<T = any>(method: string, path: string, partner?: Partner, body?: unknown): Promise<T> {
    const url = `${server.origin}/sandbox${path}${partner ? `${path.includes('?') ? '&' : '?'}partner=${partner.id}` : ''}`;
    const res = await fetch(url, {
      method,
      headers: { authorization: `Bearer ${adminToken}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
    return (await res.json()) as T;
  }

  /** A /v1 call with a key; status, parsed body and the answer's X-Request-Id. */
  async function v1(key: string, method: string, path: string, body?: unknown): Promise<{ status: number; body: any; requestId: string }> {
    const res = await fetch(`${server.baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: await res.json().catch(() => null), requestId: res.headers.get('x-request-id') ?? '' };
  }

  async function screenshot(name: string): Promise<void> {
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
  }

  /** Opens a page of the portal (by its link's route when the portal is open, else by loading it) and waits until it is drawn. */
  async function open(path: (typeof PAGES)[number]): Promise<void> {
    const at = page.url();
    if (at.startsWith(`${server.origin}/portal/`) && new URL(at).hash !== `#/${path}`) {
      await page.evaluate((hash) => {
        window.location.hash = hash;
      }, `#/${path}`);
    } else {
      // the page as a reader arriving at it sees it
      await page.goto('about:blank');
      await page.goto(`${server.origin}/portal/#/${path}`);
    }
    await page.locator(`main[data-page="${path}"] > p.intro`).waitFor();
  }

  const form = (name: string): Locator => page.getByRole('form', { name });
  const status = (text: string | RegExp): Promise<void> => page.locator('#status').filter({ hasText: text }).waitFor();

  /** Picks the partner the admin token acts for, in the header: the portal loads again for it. */
  async function actFor(partner: Partner): Promise<void> {
    await Promise.all([page.waitForEvent('load'), page.getByLabel('Partner', { exact: true }).selectOption(partner.id)]);
    await page.locator('main[data-page] > p.intro').waitFor();
    expect(await page.getByLabel('Partner', { exact: true }).inputValue()).toBe(partner.id);
  }

  /** Signs out (when signed in: the portal loads again, forgetting the session) and signs in with the partner's portal token. */
  async function signInAs(partner: Partner): Promise<void> {
    await open('keys');
    const out = page.getByRole('button', { name: 'Sign out' });
    if (await out.count()) await Promise.all([page.waitForEvent('load'), out.click()]);
    await page.getByLabel('Sandbox token').fill(partner.portalToken);
    await page.keyboard.press('Enter');
    await status(`Signed in as ${partner.name}.`);
    await page.getByTestId('partner').filter({ hasText: partner.id }).waitFor();
  }

  /** Waits until `check` holds (polled), or fails with what it last saw. */
  async function eventually<T>(read: () => Promise<T>, holds: (value: T) => boolean, what: string): Promise<T> {
    const until = Date.now() + ACTION_MS;
    for (;;) {
      const value = await read();
      if (holds(value)) return value;
      if (Date.now() > until) throw new Error(`${what}: still ${JSON.stringify(value)}`);
      await new Promise((done) => setTimeout(done, 50));
    }
  }

  beforeAll(async () => {
    // the reviews wait for the page's decision
    server = await startLikeNpmStart({ SANDBOX_ADMIN_TOKEN: adminToken, TEMPLATE_REVIEW_DELAY_MS: '3600000', TICK_INTERVAL_MS: '50' });
    for (const name of ['Acme Shoes', 'Bolt Bikes']) {
      const created = await sandbox<{ id: string; name: string; portal_token: string }>('POST', '/partners', undefined, { name: `${name} ${randomBytes(3).toString('hex')}` });
      partners.push({
        id: created.id,
        name: created.name,
        portalToken: created.portal_token,
        receiver: await startWebhookReceiver(),
        clientRef: `${name.split(' ')[0]!.toLowerCase()}-shop`,
      });
    }
    [A, B] = partners as [Partner, Partner];
    browser = await launchRecordedBrowser({
      origin: server.origin,
      // the sandbox's and the API's own refusals, which the test provokes
      expectedFailure: (url) => url.includes('/sandbox/') || url.includes('/v1/'),
      navigationMs: NAVIGATION_MS,
      actionMs: ACTION_MS,
    });
    page = browser.context.pages()[0] ?? (await browser.context.newPage());
    page.on('pageerror', (error) => pageErrors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    page.on('dialog', (dialog) => void dialog.accept());
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    for (const partner of partners) await partner.receiver.close();
  });

  it('serves the portal under a strict Content-Security-Policy, and signs in with the admin token by keyboard', async () => {
    const res = await fetch(`${server.origin}/portal/`);
    expect(res.status).toBe(200);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).not.toMatch(/unsafe|https?:|\*/);
    expect((await fetch(`${server.origin}/portal`, { redirect: 'manual' })).headers.get('location')).toBe('portal/');

    await page.goto(`${server.origin}/portal/`);
    // the focus starts in the token field: the keyboard alone signs in
    await page.getByLabel('Sandbox token').waitFor();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('token');
    await page.keyboard.type('sbx_not_the_token');
    await page.keyboard.press('Enter');
    await page.getByText('That token is not accepted by this sandbox.').waitFor();
    await screenshot('sign-in');
    await page.getByLabel('Sandbox token').fill(adminToken);
    await page.keyboard.press('Enter');
    await status('Signed in with the admin token');
    // the partner picker lists every partner account
    const listed = await page.getByLabel('Partner', { exact: true }).locator('option').evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
    expect(listed).toEqual(expect.arrayContaining([A.id, B.id]));
    await actFor(A);
    // a page chosen by keyboard: Tab to its link in the navigation, Enter; its heading takes the focus
    const webhookLink = page.getByRole('link', { name: 'Webhook' });
    for (let i = 0; i < 20 && !(await webhookLink.evaluate((link) => link === document.activeElement)); i++) await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.locator('main h1', { hasText: 'Webhook' }).waitFor();
    await page.waitForFunction(() => document.activeElement?.tagName === 'H1' && document.activeElement.textContent === 'Webhook');
    expect(await page.getByRole('link', { name: 'Webhook' }).getAttribute('aria-current')).toBe('page');
  });

  it("signs in with a partner's portal token: that partner's account alone, without a partner picker", async () => {
    await signInAs(A);
    const from = browser.ownRequests.length;
    expect(await page.getByLabel('Partner', { exact: true }).count()).toBe(0);
    for (const path of PAGES) await open(path);
    // the token's partner is the only one the pages act for: no partner is named, none listed
    const made = browser.ownRequests.slice(from).filter((url) => new URL(url).pathname.startsWith('/sandbox/'));
    expect(made.length).toBeGreaterThanOrEqual(PAGES.length);
    expect(made.filter((url) => new URL(url).searchParams.has('partner') || new URL(url).pathname === '/sandbox/partners')).toEqual([]);
  });

  it('keys: creates a key with scopes and an expiry, shown once with a copy button; rotates and revokes one', async () => {
    await open('keys');
    const create = form('Create a key');
    await create.getByLabel('Name').fill('A integration');
    await create.getByLabel('Mode').selectOption('test');
    await create.getByLabel('Every scope').uncheck();
    for (const scope of ['clients:read', 'messages:send', 'templates:read', 'templates:write']) await create.getByLabel(scope, { exact: true }).check();
    await create.getByLabel('Expires on').fill('2031-01-31');
    await create.getByRole('button', { name: 'Create key' }).click();
    await status(/created; its secret is shown once/);
    const shown = page.getByRole('textbox', { name: 'New key' });
    const secret = await shown.inputValue();
    expect(secret).toMatch(/^ik_test_/);
    await page.getByRole('button', { name: 'Copy' }).click();
    await status('New key copied.');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await screenshot('keys');

    // through the API: the key is A's, with those scopes and that expiry, and it works
    const { keys } = await sandbox<{ keys: any[] }>('GET', '/keys', A);
    const made = keys.find((key) => secret.startsWith(key.prefix));
    expect(made).toMatchObject({ name: 'A integration', mode: 'test', scopes: ['clients:read', 'messages:send', 'templates:read', 'templates:write'], expires_at: '2031-01-31T00:00:00.000Z', partner_id: A.id });
    A.key = { id: made.id, prefix: made.prefix, secret };
    expect((await v1(secret, 'GET', '/usage')).status).toBe(200);
    // shown once: drawn again, the page has only its prefix
    await open('keys');
    expect(await page.getByRole('textbox', { name: 'New key' }).count()).toBe(0);
    expect(await page.locator('main').innerText()).not.toContain(secret);

    // a second key, rotated, then its replacement revoked
    await create.getByLabel('Name').fill('A to rotate');
    await create.getByRole('button', { name: 'Create key' }).click();
    await status(/created/);
    const second = (await sandbox<{ keys: any[] }>('GET', '/keys', A)).keys.find((key) => key.name === 'A to rotate');
    await page.getByRole('button', { name: `Rotate key ${second.prefix}` }).click();
    await status(`Key ${second.prefix}… rotated`);
    const replacement = await page.getByRole('textbox', { name: 'New key' }).inputValue();
    const afterRotation = (await sandbox<{ keys: any[] }>('GET', '/keys', A)).keys;
    const retired = afterRotation.find((key) => key.id === second.id);
    const successor = afterRotation.find((key) => key.id === retired.replaced_by_id);
    expect(replacement.startsWith(successor.prefix)).toBe(true);
    expect((await v1(replacement, 'GET', '/usage')).status).toBe(200);
    await page.getByRole('button', { name: `Revoke key ${successor.prefix}` }).click();
    await status(`Key ${successor.prefix}… revoked.`);
    expect((await sandbox<{ keys: any[] }>('GET', '/keys', A)).keys.find((key) => key.id === successor.id).revoked_at).not.toBeNull();
    expect((await v1(replacement, 'GET', '/usage')).status).toBe(401);
  });

  it('webhook: sets the receiver, rotates the signing secret and fires a test event', async () => {
    await open('webhook');
    const before = await sandbox<{ secret: string }>('GET', '/webhook', A);
    const receiver = form('Receiver');
    await receiver.getByLabel('Receiver URL').fill(A.receiver.url);
    await receiver.getByRole('button', { name: 'Save receiver' }).click();
    await status('Receiver saved.');
    await page.getByTestId('receiver-url').filter({ hasText: A.receiver.url }).waitFor();
    await page.getByRole('button', { name: 'Rotate secret' }).click();
    await status('Signing secret rotated');
    const after = await sandbox<{ url: string; events: unknown; secret: string }>('GET', '/webhook', A);
    expect(after).toMatchObject({ url: A.receiver.url, events: 'all' });
    expect(after.secret).not.toBe(before.secret);
    A.receiver.state.secret = after.secret;
    // the secret shown on demand is the one deliveries are signed with
    await page.getByRole('button', { name: 'Show secret' }).click();
    expect(await page.getByRole('textbox', { name: 'Signing secret' }).inputValue()).toBe(after.secret);

    const test = form('Send a test event');
    await test.getByLabel('Message').fill('Hello from the portal');
    await test.getByRole('button', { name: 'Send webhook.test' }).click();
    await status(`sent to ${A.receiver.url}`);
    await eventually(async () => A.receiver.received.map((d) => d.body.event as string), (events) => events.includes('webhook.test'), "A's receiver gets the test event");
    expect(A.receiver.problems).toEqual([]);
    await screenshot('webhook');
  });

  it('simulator: connects a client, an end user writes in, a sent message is read, a template review is rejected; a sample event of the client is fired', async () => {
    await open('simulator');
    const connect = form('Connect a client');
    await connect.getByLabel('Client reference').fill(A.clientRef);
    await connect.getByLabel('Channel').selectOption('chat');
    await connect.getByRole('button', { name: 'Connect' }).click();
    await status(`Client ${A.clientRef} connected on chat`);

    const inbound = form('An end user acts');
    await inbound.getByLabel('Client reference').fill(A.clientRef);
    await inbound.getByLabel('From').fill(CUSTOMER);
    await inbound.getByLabel('What they do').selectOption('message');
    await inbound.getByLabel('Text').fill('Do you ship to Berlin?');
    await inbound.getByRole('button', { name: 'Send as the end user' }).click();
    await status(/message\.received \S+ raised and sent to/);
    await eventually(
      async () => A.receiver.received.find((d) => d.body.event === 'message.received'),
      (delivery) => delivery?.body.data?.message?.text?.body === 'Do you ship to Berlin?' || JSON.stringify(delivery?.body ?? '').includes('Do you ship to Berlin?'),
      "A's receiver gets the end user's message",
    );

    // a message A's key sends (to a registered test recipient: really sent), then read through the page
    await sandbox('POST', '/test-recipients', A, { client_ref: A.clientRef, recipient: CUSTOMER });
    const sent = await v1(A.key!.secret, 'POST', '/messages/send', { client_ref: A.clientRef, to: CUSTOMER, type: 'text', text: { body: 'Yes, we do.' } });
    expect(sent.status).toBe(200);
    const moveForm = form('Move a message');
    await moveForm.getByLabel('Message id').fill(sent.body.message_id);
    await moveForm.getByLabel('New status').selectOption('read');
    await moveForm.getByRole('button', { name: 'Move' }).click();
    await status(`Message ${sent.body.message_id} is read`);
    await eventually(
      async () => A.receiver.received.filter((d) => d.body.event === 'message.status').map((d) => JSON.stringify(d.body)),
      (bodies) => bodies.some((body) => body.includes(sent.body.message_id) && body.includes('"read"')),
      "A's receiver gets the message's read status",
    );

    // a template A's key submits, its review decided through the page
    const template = await v1(A.key!.secret, 'POST', '/templates', { client_ref: A.clientRef, name: 'portal_welcome', language: 'en_US', category: 'UTILITY', body: { text: 'Welcome to Acme.' } });
    expect(template.status).toBe(201);
    const review = form('Decide a template review');
    await review.getByLabel('Client reference').fill(A.clientRef);
    await review.getByLabel('Template (id or name)').fill('portal_welcome');
    await review.getByLabel('Language').fill('en_US');
    await review.getByLabel('Outcome').selectOption('REJECTED');
    await review.getByLabel('Reason (rejections)').fill('Too short');
    await review.getByRole('button', { name: 'Decide' }).click();
    await status('Template portal_welcome (en_US) is REJECTED.');
    const read = await v1(A.key!.secret, 'GET', `/templates/portal_welcome?client_ref=${A.clientRef}&language=en_US`);
    expect(read.body).toMatchObject({ status: 'REJECTED' });
    await screenshot('simulator');

    // a sample event of the client, from the webhook page
    await open('webhook');
    const sample = form('Send a sample event');
    await sample.getByLabel('Event').selectOption('message.reaction');
    await sample.getByLabel('Client', { exact: true }).fill(A.clientRef);
    await sample.getByRole('button', { name: 'Send sample' }).click();
    await status(/message\.reaction \S+ sent to/);
    await eventually(async () => A.receiver.received.map((d) => d.body.event as string), (events) => events.includes('message.reaction'), "A's receiver gets the sample event");
    expect(A.receiver.problems).toEqual([]);
  });

  it("deliveries: shows an event's attempts, status codes, durations and exact body, and redelivers it", async () => {
    const { deliveries } = await sandbox<{ deliveries: any[] }>('GET', '/webhook/deliveries?event=webhook.test', A);
    const test = deliveries[0];
    await eventually(async () => (await sandbox<any>('GET', `/webhook/deliveries/${test.id}`, A)).state, (state) => state === 'succeeded', 'the test event is delivered');
    const stored = await sandbox<{ body: string; attempts: Array<{ status_code: number }> }>('GET', `/webhook/deliveries/${test.id}`, A);
    await open('deliveries');
    const filters = form('Filter deliveries');
    await filters.getByLabel('Event', { exact: true }).selectOption('webhook.test');
    await filters.getByRole('button', { name: 'Filter' }).click();
    await page.getByRole('button', { name: `Details of webhook.test ${test.event_id}` }).click();
    const body = page.getByLabel(`Body of ${test.event_id}`);
    await body.waitFor();
    expect(await body.textContent()).toBe(stored.body);
    const attempts = page.getByRole('region', { name: `Attempts of ${test.id}` });
    expect(await attempts.locator('td[data-label="Status code"]').first().textContent()).toBe('200');
    expect(await attempts.locator('td[data-label="Duration"]').first().textContent()).toMatch(/^\d+ ms$/);
    await screenshot('deliveries');
    await page.getByRole('button', { name: `Redeliver ${test.event_id}` }).first().click();
    await status(`${test.event_id} redelivered to ${A.receiver.url}`);
    const again = await sandbox<{ deliveries: any[] }>('GET', `/webhook/deliveries?event_id=${test.event_id}`, A);
    expect(again.deliveries.map((d) => d.trigger).sort()).toEqual(['automatic', 'manual']);
    await eventually(async () => A.receiver.received.filter((d) => d.body.event_id === test.event_id).length, (count) => count >= 2, 'the redelivery reaches the receiver');
  });

  it('faults: adds a fault for a key, lists how many requests took it, and clears them', async () => {
    await open('faults');
    const add = form('Add a fault');
    // the choices are the contract's enumeration
    expect(await add.getByLabel('Kind').locator('option').evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value).filter(Boolean))).toEqual([...ENUMS.FaultKind]);
    await add.getByLabel('Kind').selectOption('500');
    await add.getByLabel('Key').selectOption(A.key!.id);
    await add.getByLabel('Only this operation').selectOption('getUsage');
    await add.getByLabel('Times').fill('1');
    await add.getByRole('button', { name: 'Add fault' }).click();
    await status('Fault 500 added');
    const { faults } = await sandbox<{ faults: any[] }>('GET', '/faults', A);
    expect(faults).toEqual([expect.objectContaining({ kind: '500', key_id: A.key!.id, operation: 'getUsage', times: 1, applied: 0 })]);
    expect((await v1(A.key!.secret, 'GET', '/usage')).status).toBe(500);
    await open('faults');
    expect(await page.locator('td[data-label="Taken"]').first().textContent()).toBe('1');
    await screenshot('faults');
    await page.getByRole('button', { name: 'Clear all faults' }).click();
    await status('1 fault cleared.');
    expect((await sandbox<{ faults: any[] }>('GET', '/faults', A)).faults).toEqual([]);
    expect((await v1(A.key!.secret, 'GET', '/usage')).status).toBe(200);
  });

  it('usage: charts the current month and the twelve before it, with the figures the API answers', async () => {
    const usage = await sandbox<{ current: any; history: any[] }>('GET', '/usage', A);
    expect(usage.current.inbound_messages).toBeGreaterThanOrEqual(1);
    await open('usage');
    expect(await page.getByTestId('current-total').textContent()).toBe(`${usage.current.total_messages} message${usage.current.total_messages === 1 ? '' : 's'}`);
    expect(await page.locator('svg.chart g.month').count()).toBe(13);
    expect(await page.locator('svg.chart g.month').last().getAttribute('data-period')).toBe(usage.current.period);
    const rows = await page.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => Array.from(tr.querySelectorAll('td')).map((td) => td.textContent)));
    expect(rows).toEqual(
      [usage.current, ...usage.history].map((m) => [m.period, String(m.inbound_messages), String(m.outbound_messages), String(m.outbound_template_messages), String(m.total_messages)]),
    );
    await screenshot('usage');
  });

  it("requests: finds a request by its answer's X-Request-Id and shows it with both bodies formatted; filters by status", async () => {
    const missing = await v1(A.key!.secret, 'GET', `/templates/no_such_template?client_ref=${A.clientRef}&language=en_US`);
    expect(missing.status).toBe(404);
    // the log is written off the request path: the API lists the request once it is written
    const logged = await eventually(
      () => sandbox<{ requests: any[] }>('GET', `/requests?request_id=${missing.requestId}`, A),
      (list) => list.requests.length === 1,
      'the request is in the log',
    );
    await open('requests');
    const search = form('Search requests');
    await search.getByLabel('Request id').fill(missing.requestId);
    await search.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('button', { name: `Details of request ${missing.requestId}` }).click();
    await page.getByTestId('answer').filter({ hasText: `404 ${missing.body.error.code}` }).waitFor();
    expect(await page.locator('td[data-label="Request id"]').allTextContents()).toEqual([missing.requestId]);
    expect(logged.requests[0]).toMatchObject({ status: 404, error_code: missing.body.error.code, operation: 'getTemplate', key_prefix: A.key!.prefix });
    const answer = (await page.getByLabel('Answer body').textContent())!;
    expect(JSON.parse(answer)).toEqual(missing.body);
    expect(answer).toBe(JSON.stringify(missing.body, null, 2));
    const headers = (await page.getByLabel('Request headers').textContent())!;
    expect(headers).not.toContain(A.key!.secret);
    await screenshot('requests');

    await search.getByLabel('Request id').fill('');
    await search.getByLabel('Status').fill('404');
    await search.getByRole('button', { name: 'Search' }).click();
    await page.locator('td[data-label="Request id"]', { hasText: missing.requestId }).waitFor();
    const listed = await page.locator('td[data-label="Status"]').allTextContents();
    expect(new Set(listed)).toEqual(new Set(['404']));
    const api = await sandbox<{ requests: any[] }>('GET', '/requests?status=404', A);
    expect(await page.locator('td[data-label="Request id"]').allTextContents()).toEqual(api.requests.map((r) => r.request_id));
  });

  it("clock: advances A's time, which closes A's customer service window and no other partner's clock moves; resets it", async () => {
    await open('clock');
    expect(await page.getByTestId('ahead').textContent()).toBe('not ahead');
    const advance = form('Advance the clock');
    await advance.getByLabel('Advance by').fill('25 hours');
    await advance.getByRole('button', { name: 'Advance', exact: true }).click();
    await advance.getByText(/^Must match /).waitFor();
    await advance.getByLabel('Advance by').fill('25h');
    await advance.getByRole('button', { name: 'Advance', exact: true }).click();
    await status(/1d 1h ahead of the server's/);
    await page.getByTestId('ahead').filter({ hasText: '1d 1h ahead' }).waitFor();
    expect((await sandbox<{ offset_seconds: number }>('GET', '/clock', A)).offset_seconds).toBe(90_000);
    expect((await sandbox<{ offset_seconds: number }>('GET', '/clock', B)).offset_seconds).toBe(0);
    await screenshot('clock');
    // the customer wrote in (the simulator) 25 hours ago in A's time: the window is closed
    const late = await v1(A.key!.secret, 'POST', '/messages/send', { client_ref: A.clientRef, to: CUSTOMER, type: 'text', text: { body: 'Still there?' } });
    expect({ status: late.status, code: late.body?.error?.code }).toEqual({ status: 422, code: 'outside_service_window' });
    // and the refusal is found in the request log by its error code
    await eventually(
      () => sandbox<{ requests: any[] }>('GET', '/requests?error_code=outside_service_window', A),
      (list) => list.requests.some((r) => r.request_id === late.requestId),
      'the refusal is in the log',
    );
    // the search of the requests test is kept while the reader stays in the portal: its status is cleared
    await open('requests');
    await form('Search requests').getByLabel('Status').fill('');
    await form('Search requests').getByLabel('Error code').selectOption('outside_service_window');
    await form('Search requests').getByRole('button', { name: 'Search' }).click();
    await page.locator('td[data-label="Request id"]', { hasText: late.requestId }).waitFor();

    await open('clock');
    await page.getByRole('button', { name: "Reset to the server's time" }).click();
    await status(/not ahead of the server's/);
    expect((await sandbox<{ offset_seconds: number }>('GET', '/clock', A)).offset_seconds).toBe(0);
  });

  it('forms refuse what the sandbox contract refuses, before a request goes', async () => {
    await open('webhook');
    const puts = () => browser.ownRequests.filter((url) => url.includes('/sandbox/webhook')).length;
    const asked = puts();
    const receiver = form('Receiver');
    await receiver.getByLabel('Receiver URL').fill('ftp://example.com/hook');
    await receiver.getByRole('button', { name: 'Save receiver' }).click();
    await receiver.getByText('Must match ^https?://').waitFor();
    expect(await receiver.getByLabel('Receiver URL').getAttribute('aria-invalid')).toBe('true');
    expect(puts()).toBe(asked);
    // the event kinds offered are the contract's
    expect(await receiver.locator('fieldset input[type=checkbox]').evaluateAll((boxes) => boxes.map((b) => (b as HTMLInputElement).value))).toEqual([...ENUMS.EventKind]);
    await open('faults');
    const add = form('Add a fault');
    await add.getByLabel('Kind').selectOption('delay');
    await add.getByLabel('Delay (ms)').fill('120001');
    await add.getByRole('button', { name: 'Add fault' }).click();
    await add.getByText('At most 120000.').waitFor();
    await open('keys');
    const create = form('Create a key');
    await create.getByLabel('Every scope').uncheck();
    await create.getByRole('button', { name: 'Create key' }).click();
    await create.getByText('Pick at least 1.').waitFor();
    expect(await create.locator('fieldset input[type=checkbox]').evaluateAll((boxes) => boxes.map((b) => (b as HTMLInputElement).value))).toEqual([...SCOPES]);
    expect((await sandbox<{ faults: any[] }>('GET', '/faults', A)).faults).toEqual([]);
    expect((await sandbox<{ url: string }>('GET', '/webhook', A)).url).toBe(A.receiver.url);
  });

  it("partner B's pages never show partner A's data, and B's own work stays B's", async () => {
    await signInAs(B);
    const aDelivery = (await sandbox<{ deliveries: any[] }>('GET', '/webhook/deliveries', A)).deliveries;
    const aSecret = (await sandbox<{ secret: string }>('GET', '/webhook', A)).secret;
    const aKeys = (await sandbox<{ keys: any[] }>('GET', '/keys', A)).keys;
    const aRequests = (await sandbox<{ requests: any[] }>('GET', '/requests', A)).requests;
    expect(aRequests.length).toBeGreaterThan(0);
    const secretsOfA = [A.receiver.url, aSecret, A.clientRef, ...aKeys.map((key) => key.prefix), ...aDelivery.map((d) => d.event_id), ...aRequests.map((r) => r.request_id), 'portal_welcome'];
    const shownOnPages = async () => {
      const texts: string[] = [];
      for (const path of PAGES) {
        await open(path);
        if (path === 'webhook') await page.getByRole('button', { name: 'Show secret' }).click();
        texts.push(`${path}: ${await page.locator('main').innerText()} ${await page.locator('main').evaluate((main) => Array.from(main.querySelectorAll('input, option')).map((e) => (e as HTMLInputElement).value).join(' '))}`);
      }
      return texts;
    };
    for (const text of await shownOnPages()) for (const secret of secretsOfA) expect({ text, secret, shown: text.includes(secret) }).toMatchObject({ shown: false });

    // B does its own work through the same pages: a key, a receiver, a test event
    await open('keys');
    await form('Create a key').getByLabel('Name').fill('B integration');
    await form('Create a key').getByRole('button', { name: 'Create key' }).click();
    await status(/created/);
    const bSecret = await page.getByRole('textbox', { name: 'New key' }).inputValue();
    await open('webhook');
    await form('Receiver').getByLabel('Receiver URL').fill(B.receiver.url);
    await form('Receiver').getByRole('button', { name: 'Save receiver' }).click();
    await status('Receiver saved.');
    B.receiver.state.secret = (await sandbox<{ secret: string }>('GET', '/webhook', B)).secret;
    await form('Send a test event').getByRole('button', { name: 'Send webhook.test' }).click();
    await status(`sent to ${B.receiver.url}`);
    await eventually(async () => B.receiver.received.length, (count) => count >= 1, "B's receiver gets B's test event");
    // through the API: B's key is B's, A's account is as A left it
    const bKeys = (await sandbox<{ keys: any[] }>('GET', '/keys', B)).keys;
    expect(bKeys.map((key) => key.name)).toEqual(['B integration']);
    expect(bSecret.startsWith(bKeys[0].prefix)).toBe(true);
    expect((await sandbox<{ keys: any[] }>('GET', '/keys', A)).keys.map((key) => key.id).sort()).toEqual(aKeys.map((key) => key.id).sort());
    expect((await sandbox<{ url: string }>('GET', '/webhook', A)).url).toBe(A.receiver.url);
    expect(A.receiver.received.some((d) => d.body.event_id === B.receiver.received[0]!.body.event_id)).toBe(false);
    // and back on A, A's pages show none of B's
    await open('deliveries');
    expect(await page.locator('main').innerText()).toContain(B.receiver.received[0]!.body.event_id);
    await signInAs(A);
    await open('deliveries');
    expect(await page.locator('main').innerText()).not.toContain(B.receiver.received[0]!.body.event_id);
    await open('keys');
    expect(await page.locator('main').innerText()).not.toContain(bKeys[0].prefix);
  });

  it('every page reads at 375 px wide without sideways scrolling, and in dark mode', async () => {
    await page.setViewportSize({ width: 375, height: 812 });
    for (const path of PAGES) {
      await open(path);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect({ path, width }).toEqual({ path, width: 375 });
      await screenshot(`${path}-375`);
    }
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.setViewportSize({ width: 1280, height: 900 });
    for (const path of PAGES) {
      await open(path);
      const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      expect({ path, background }).toEqual({ path, background: 'rgb(21, 23, 26)' });
      await screenshot(`${path}-dark`);
    }
    await page.emulateMedia({ colorScheme: 'light' });
  });

  it('asked no other host for anything, and the page raised no error', () => {
    expect(browser.otherHosts).toEqual([]);
    expect(browser.failedOwn).toEqual([]);
    expect(pageErrors).toEqual([]);
    // the refusals the test provoked are the only console errors (a refused sign-in, the fault's 500 is the API's, not the page's)
    expect(consoleErrors.filter((text) => !/Failed to load resource: the server responded with a status of (401|400)/.test(text))).toEqual([]);
  });
});
