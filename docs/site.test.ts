// The rendered reference and the try-it console in a real browser, served by the reference server as
// `npm start` runs it: headless Debian Chromium through playwright-core. Every request the pages make is
// recorded; none may go to another host. Checks the navigation, the webhooks, the scopes, each code-sample
// language tab, the search, the changelog, the console sending a request with a key, and the cosmetic
// fixes, with screenshots in reports/docs-*.png. Waits for conditions only, never for fixed times.
// Without Chromium the test is skipped with the reason, except in CI (CI=true), where it fails.
import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { defaultServerUrl, indexOperations, indexWebhooks, readDocument } from '../spec';
import { browserName, describeWithBrowser, launchRecordedBrowser, type RecordedBrowser } from '../server/testing/browser';
import { GUIDES, SPEC_FILE, consoleLinkOf, slug, withCodeSamples, withGuides } from './build';
import type { CodeSample } from './code-samples';
import { SERVED_SITE_FILE, startLikeNpmStart, type StartedServer } from './npm-start';
import { SAMPLE_LANGUAGES } from './sample-languages';

const REPORTS = resolve(__dirname, '../reports');
/** A rendered page on a loaded machine: generous, since every wait ends as soon as its condition holds. */
const RENDER_MS = 30_000;
/** Loading the page itself on a loaded machine. */
const NAVIGATION_MS = 120_000;

const spec = readDocument(SPEC_FILE);
const DEFAULT_BASE_URL = defaultServerUrl(spec);
const operations = indexOperations(spec);
const webhooks = indexWebhooks(spec);
const samples = new Map(
  indexOperations(withCodeSamples(spec)).map((op) => [op.operationId, op.definition['x-codeSamples'] as CodeSample[]]),
);
/** The page of an operation or webhook in the reference: `#/<tag slug>/<operationId lowercased>`. */
const hashOf = (definition: { tags?: string[]; operationId?: string }): string =>
  `#/${slug(String(definition.tags?.[0]))}/${String(definition.operationId).toLowerCase()}`;

async function screenshot(page: Page, name: string, target?: Locator): Promise<string> {
  mkdirSync(REPORTS, { recursive: true });
  const path = join(REPORTS, `docs-${name}.png`);
  if (target) await target.screenshot({ path });
  else await page.screenshot({ path });
  return path;
}

describeWithBrowser('docs/site.test.ts')(`rendered docs and try-it console in headless Chromium (${browserName()})`, () => {
  let server: StartedServer;
  let browser: RecordedBrowser;
  let context: BrowserContext;
  let page: Page;
  let otherHosts: string[];
  let ownRequests: string[];
  let failedOwn: string[];
  const pageErrors: string[] = [];

  /** Opens a page of the reference and waits for its heading. */
  async function openReference(hash: string, heading: string): Promise<void> {
    await page.goto(`${server.origin}/docs/${hash}`);
    await page.getByRole('heading', { name: heading }).first().waitFor({ timeout: RENDER_MS });
  }

  /** Waits until React took over the server-rendered page: clicks before that do nothing. */
  async function waitForHydration(on: Page): Promise<void> {
    await on.waitForFunction(
      () => {
        const link = document.querySelector('[data-component-name="Menu/MenuItem"] a');
        return link !== null && Object.keys(link).some((key) => key.startsWith('__reactProps'));
      },
      undefined,
      { timeout: RENDER_MS },
    );
  }

  /** Opens the navigation group of a tag (unless open) and answers its items' labels once all `summaries` show. */
  async function openMenuGroup(tag: string, summaries: string[]): Promise<string[]> {
    const group = page.locator('[data-component-name="Menu/MenuItem"].menu-item-type-group').filter({
      has: page.locator(`:scope > a span[data-text="${tag}"]`),
    });
    const items = group.locator('ul[data-component-name="Menu/Menu"] span[data-text]');
    const labels = () => items.evaluateAll((spans) => spans.map((span) => span.getAttribute('data-text')!));
    if ((await labels()).length === 0) await group.locator(':scope > a').click();
    await page.waitForFunction(
      ({ tag: name, wanted }) => {
        const groups = Array.from(document.querySelectorAll('[data-component-name="Menu/MenuItem"].menu-item-type-group'));
        const open = groups.find((g) => g.querySelector(':scope > a span[data-text]')?.getAttribute('data-text') === name);
        const shown = Array.from(open?.querySelectorAll('ul[data-component-name="Menu/Menu"] span[data-text]') ?? []).map((span) => span.getAttribute('data-text'));
        return wanted.every((label: string) => shown.includes(label));
      },
      { tag, wanted: summaries },
      { timeout: RENDER_MS },
    ).catch(() => undefined); // the comparison of the labels names what is missing
    return labels();
  }

  beforeAll(async () => {
    server = await startLikeNpmStart();
    // safety nets only (every wait ends when its condition holds): a 3 MB page loads slowly on a loaded machine;
    // every request is recorded, one to any other host is refused (and fails the first test)
    browser = await launchRecordedBrowser({
      origin: server.origin,
      expectedFailure: (url) => url.includes('/v1/'),
      navigationMs: NAVIGATION_MS,
      actionMs: RENDER_MS,
    });
    ({ context, otherHosts, ownRequests, failedOwn } = browser);
    page = context.pages()[0] ?? (await context.newPage());
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto(`${server.origin}/docs/`);
    await page.locator('[data-testid="menu-item-label"]').first().waitFor({ timeout: RENDER_MS });
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('serves one self-contained page that asks no other host for anything, with its own favicon', async () => {
    expect(statSync(SERVED_SITE_FILE).size).toBeGreaterThan(500_000);
    const html = readFileSync(SERVED_SITE_FILE, 'utf8');
    expect(html).not.toMatch(/<script[^>]+src="https?:/);
    expect(html).not.toMatch(/https:\/\/cdn\.redoc\.ly\//);
    await page.locator('[data-component-name="Menu/MenuItem"]').first().waitFor();
    expect(await page.locator('link[rel="icon"]').getAttribute('href')).toMatch(/^data:image\/svg\+xml,/);
    // the "API docs by Redocly" badge shows its logo from the page itself
    const badge = page.locator('img[alt="redocly logo"]');
    await badge.waitFor();
    expect(await badge.getAttribute('src')).toMatch(/^data:image\/svg\+xml,/);
    expect(otherHosts).toEqual([]);
    expect(ownRequests.some((url) => url.endsWith('/favicon.ico'))).toBe(false);
    expect(failedOwn).toEqual([]);
    expect(pageErrors).toEqual([]);
  });

  it('lists every operation, every webhook, the guides and the changelog in the navigation', async () => {
    await page.goto(`${server.origin}/docs/`);
    await waitForHydration(page);
    expect(operations).toHaveLength(17);
    expect(webhooks).toHaveLength(9);
    expect(GUIDES.map((guide) => guide.title)).toContain('Changelog');
    const topLevel = await page.locator('[data-testid="menu-item-label"] span[data-text]').evaluateAll((labels) => labels.map((label) => label.getAttribute('data-text')));
    expect(topLevel).toEqual(expect.arrayContaining(['Guides', ...GUIDES.map((guide) => guide.title)]));
    // each tag group is opened and read before the next (opening one may fold another)
    const shown: Record<string, string[]> = {};
    const expected: Record<string, string[]> = {};
    for (const item of [...operations, ...webhooks]) {
      const tag = String(item.definition.tags?.[0]);
      (expected[tag] ??= []).push(String(item.definition.summary));
    }
    for (const [tag, summaries] of Object.entries(expected)) shown[tag] = (await openMenuGroup(tag, summaries)).sort();
    for (const summaries of Object.values(expected)) summaries.sort();
    expect(shown).toEqual(expected);
  }, 120_000);

  it('every sidebar, heading and guide link, opened in a new tab, answers 200 and lands on its section', async () => {
    await page.goto(`${server.origin}/docs/`);
    await waitForHydration(page);
    // no link of the page asks the server for a path of its own (a route is a hash: #/templates/createtemplate)
    const pathLinks = await page.locator('a[href^="/"]').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(pathLinks).toEqual([]);
    const sidebar = await page.locator('[data-component-name="Menu/MenuItem"] > a[href^="#/"]').evaluateAll((links) => links.map((link) => link.getAttribute('href')!));
    await openMenuGroup('Templates', operations.filter((op) => op.definition.tags?.[0] === 'Templates').map((op) => String(op.definition.summary)));
    const templates = await page.locator('[data-component-name="Menu/MenuItem"] > a[href^="#/templates/"]').evaluateAll((links) => links.map((link) => link.getAttribute('href')!));
    await openReference('#/templates/createtemplate', 'Create a template');
    const headings = await page.locator('a[aria-label^="link to"][href*="#templates/createtemplate/"]').evaluateAll((links) => links.map((link) => link.getAttribute('href')!));
    // the guides' links to each other (and within one), as the page renders them
    const guides = withGuides(spec, (file) => readFileSync(resolve(__dirname, '..', file), 'utf8'));
    const guideLinks = [
      ...new Set(
        (guides.tags as Array<{ description?: string }>).flatMap((tag) =>
          [...(tag.description ?? '').matchAll(/\]\((#\/(?:[^()\s]|\([^()\s]*\))+)\)/g)].map((m) => m[1]!),
        ),
      ),
    ];
    const toHeadings = guideLinks.filter((link) => link.split('/').length > 2);
    expect(toHeadings.length).toBeGreaterThanOrEqual(4);
    expect(templates.length).toBe(6);
    expect(headings.length).toBeGreaterThan(3);
    // a sample: a quarter of the sidebar, an operation, two heading links, every guide link to a heading and
    // the guide pages with a name Redoc's routes spell differently from GitHub's (parentheses)
    const opened = [
      ...sidebar.filter((_, index) => index % 4 === 1),
      templates[1]!,
      ...headings.slice(0, 2),
      ...toHeadings,
      ...guideLinks.filter((link) => link.includes('(')),
    ];
    const failed: string[] = [];
    for (const link of new Set(opened)) {
      const tab = await context.newPage();
      try {
        const answer = await tab.goto(`${server.origin}/docs/${link}`);
        if (answer?.status() !== 200) failed.push(`${link}: ${answer?.status()}`);
        const target = decodeURIComponent(link.includes('#', 1) ? link.slice(link.lastIndexOf('#') + 1) : link.slice(2));
        // the section's element (`/<route>` for a guide heading, `<route>` otherwise) is scrolled to the top
        const landed = await tab
          .waitForFunction(
            (id) => {
              if (id === '') return window.scrollY === 0;
              const element = document.getElementById(`/${id}`) ?? document.getElementById(id);
              const top = element?.getBoundingClientRect().top;
              return top !== undefined && top >= -2 && top < window.innerHeight / 2;
            },
            target,
            { timeout: RENDER_MS },
          )
          .then(() => true, () => false);
        if (!landed) failed.push(`${link}: section ${target} not shown at the top`);
      } finally {
        await tab.close();
      }
    }
    expect(failed).toEqual([]);
  }, 600_000);

  it('shows every webhook with its signature header and its payload example', async () => {
    const missing: string[] = [];
    for (const webhook of webhooks) {
      await openReference(hashOf(webhook.definition), String(webhook.definition.summary));
      const eventId = String((Object.values(webhook.examples)[0] as { event_id: string }).event_id);
      const text = await page.locator('body').innerText();
      if (!text.includes('X-Service-Signature') || !text.includes(eventId)) missing.push(webhook.event);
    }
    expect(missing).toEqual([]);
  }, 120_000);

  it('shows the bearer scheme with the scope an operation requires', async () => {
    await openReference('#/templates/createtemplate', 'Create a template');
    expect(await page.locator('body').innerText()).toMatch(/bearerAuth\s*\(Required scopes:\s*templates:write\s*\)/);
  }, 60_000);

  describe.each(['sendMessage', 'uploadMedia', 'downloadMedia', 'getStatus'])('the code samples of %s', (operationId) => {
    it('shows each of the nine languages as its own tab, with the sample of that language', async () => {
      const op = operations.find((candidate) => candidate.operationId === operationId)!;
      const expected = samples.get(operationId)!;
      await openReference(hashOf(op.definition), String(op.definition.summary));
      // a tag's operations share one page: the samples panel of this operation is the one beside its heading
      const heading = page.getByRole('heading', { name: String(op.definition.summary) }).first();
      const panel = heading.locator(
        'xpath=ancestor::*[.//*[contains(@class, "panel-request-samples")]][1]//*[contains(@class, "panel-request-samples")]',
      ).first();
      const code = panel.locator('pre').first();
      const menuButton = panel.locator('[data-component-name="Panel/PanelHeader"] button[aria-haspopup="menu"]').last();
      const shown: Record<string, string> = {};
      for (const { label } of SAMPLE_LANGUAGES) {
        const first = expected.find((candidate) => candidate.label === label)!;
        // the page's server put its own base URL in the samples
        const sample = { ...first, source: first.source.split(DEFAULT_BASE_URL).join(server.baseUrl) };
        await menuButton.click();
        await page.locator('[role="menuitem"]', { hasText: new RegExp(`^${label.replace(/[+#]/g, '\\$&')}$`) }).click();
        await menuButton.filter({ hasText: label }).waitFor({ timeout: RENDER_MS });
        // the first line of the sample (the rendered block wraps long lines, so compare without whitespace)
        const firstLine = sample.source.split('\n').find((line) => line.trim() !== '')!.replace(/\s+/g, '');
        await page.waitForFunction(
          ({ element, line }) => (element?.textContent ?? '').replace(/\s+/g, '').includes(line),
          { element: await code.elementHandle(), line: firstLine },
          { timeout: RENDER_MS },
        );
        shown[label] = (await code.innerText()).replace(/\s+/g, '');
        expect(shown[label]).toBe(sample.source.replace(/\s+/g, ''));
      }
      expect(new Set(Object.values(shown)).size).toBe(SAMPLE_LANGUAGES.length);
      if (operationId === 'uploadMedia') await screenshot(page, 'code-sample-csharp', panel);
    }, 120_000);
  });

  it('shows the sample of the request example picked above it, and its copy button copies exactly what it shows', async () => {
    const op = operations.find((candidate) => candidate.operationId === 'sendMessage')!;
    await openReference(hashOf(op.definition), String(op.definition.summary));
    await waitForHydration(page);
    const panel = page.locator('.panel-request-samples').first();
    await panel.locator('[data-component-name="Panel/PanelBody"] [data-component-name="Dropdown/Dropdown"] button').first().click();
    await page.locator('[role="menuitem"]', { hasText: 'Location on chat' }).first().click();
    await panel.locator('[data-component-name="Panel/PanelHeader"] button[aria-haspopup="menu"]').last().click();
    await page.locator('[role="menuitem"]', { hasText: /^Python$/ }).click();
    const wanted = samples
      .get('sendMessage')!
      .find((sample) => sample.label === 'Python' && sample.example === 'chat_location')!
      .source.split(DEFAULT_BASE_URL)
      .join(server.baseUrl);
    const code = panel.locator('pre').first();
    await page.waitForFunction(
      ({ element, text }) => (element?.textContent ?? '').replace(/\s+/g, '') === text,
      { element: await code.elementHandle(), text: wanted.replace(/\s+/g, '') },
      { timeout: RENDER_MS },
    );
    await panel.locator('[data-component-name="CodeBlock/CodeBlockControls"] button').first().click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(wanted);
  }, 90_000);

  it('finds an operation with the search and opens it', async () => {
    await page.goto(`${server.origin}/docs/`);
    await page.locator('[data-component-name="icons/SearchIcon/SearchIcon"]').first().click();
    const input = page.locator('input[placeholder^="Search"]').first();
    await input.waitFor({ timeout: RENDER_MS });
    await input.fill('send a template message');
    const hit = page.locator('[data-component-name="Search/SearchItem"]', { hasText: 'Send a template message' }).first();
    await hit.waitFor({ timeout: RENDER_MS });
    await hit.click();
    await page.waitForFunction(() => window.location.hash.includes('sendtemplatemessage'), undefined, { timeout: RENDER_MS });
    await page.getByRole('heading', { name: 'Send a template message' }).first().waitFor();
    expect(existsSync(await screenshot(page, 'send-template'))).toBe(true);
  }, 60_000);

  it('renders the changelog of the contract as a page, newest release first', async () => {
    await openReference(`#/${slug('Changelog')}`, 'Changelog');
    const text = await page.locator('body').innerText();
    expect(text).toContain('[Unreleased]');
    expect(text).toContain(`[${String(spec.info.version)}] - `);
    await screenshot(page, 'changelog');
  }, 60_000);

  it('keeps a guide heading with code whole in the navigation ("2. Connect a chat client")', async () => {
    await openReference('#/quickstart', 'Quickstart');
    const label = page.locator('[data-testid="menu-item-label"]', { hasText: /^2\. Connect a/ }).first();
    await label.waitFor({ timeout: RENDER_MS });
    expect((await label.innerText()).trim()).toBe('2. Connect a chat client');
    await screenshot(page, 'quickstart');
  }, 60_000);

  it('shows code in table cells on one line per word and guide code blocks without hidden overflow', async () => {
    await openReference('#/webhooks-guide', 'Webhooks guide');
    await page.locator('[data-component-name="Markdown/Markdown"] td code').first().waitFor({ timeout: RENDER_MS });
    await screenshot(page, 'webhooks-guide-table');
    const broken = await page.evaluate(() => {
      const found: string[] = [];
      // an identifier (no space) spread over several lines is the letter-by-letter wrap
      for (const code of Array.from(document.querySelectorAll('[data-component-name="Markdown/Markdown"] td code'))) {
        if (!/\s/.test(code.textContent ?? '') && code.getClientRects().length > 1) found.push(`td: ${code.textContent}`);
      }
      for (const pre of Array.from(document.querySelectorAll('[data-component-name="Markdown/Markdown"] pre'))) {
        if (pre.scrollWidth > pre.clientWidth + 1) found.push(`pre: ${(pre.textContent ?? '').slice(0, 40)}`);
      }
      return found;
    });
    expect(broken).toEqual([]);
    await openReference('#/quickstart', 'Quickstart');
    await page.locator('[data-component-name="Markdown/Markdown"] pre').first().waitFor({ timeout: RENDER_MS });
    const clipped = await page.evaluate(() =>
      Array.from(document.querySelectorAll('[data-component-name="Markdown/Markdown"] pre'))
        .filter((pre) => pre.scrollWidth > pre.clientWidth + 1)
        .map((pre) => (pre.textContent ?? '').slice(0, 40)),
    );
    expect(clipped).toEqual([]);
    await screenshot(page, 'quickstart-code', page.locator('[data-component-name="Markdown/Markdown"] pre').first());
  }, 60_000);

  /** A new tab on the console, at `viewport`, once Swagger UI has drawn its Authorize button. */
  async function openConsole(viewport = { width: 1440, height: 900 }, hash = ''): Promise<Page> {
    const tab = await context.newPage();
    tab.on('pageerror', (error) => pageErrors.push(error.message));
    await tab.setViewportSize(viewport);
    await tab.goto(`${server.origin}/docs/console/${hash}`);
    await tab.locator('button.authorize').first().waitFor({ timeout: RENDER_MS });
    return tab;
  }

  /** Whether the page scrolls sideways: its content wider than the window. */
  const scrollsSideways = (on: Page) => on.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

  it('the console opens on a short introduction with Authorize in the first screen, on a desktop and on a phone', async () => {
    for (const viewport of [{ width: 1440, height: 900 }, { width: 375, height: 812 }]) {
      const tab = await openConsole(viewport);
      try {
        const authorize = (await tab.locator('button.authorize').first().boundingBox())!;
        expect({ viewport, inFirstScreen: authorize.y + authorize.height <= viewport.height }).toEqual({ viewport, inFirstScreen: true });
        const intro = await tab.locator('.information-container .description').innerText();
        expect(intro).toContain('press Authorize');
        expect(intro.length).toBeLessThan(900);
        await screenshot(tab, `console-first-screen-${viewport.width}`);
      } finally {
        await tab.close();
      }
    }
  }, 90_000);

  it('the console keeps the key for the browser tab only: a reload keeps it, a new tab does not, localStorage never holds it', async () => {
    const tab = await openConsole();
    try {
      await tab.locator('button.authorize').first().click();
      const dialog = tab.locator('.dialog-ux');
      await dialog.locator('input').first().fill(server.apiKey);
      await dialog.locator('button.authorize').click();
      await dialog.locator('button.btn-done, button.close-modal').first().click();
      await tab.reload();
      await tab.locator('button.authorize').first().waitFor({ timeout: RENDER_MS });
      const authorized = () => tab.evaluate(() => Boolean((window as unknown as { ui: { authSelectors: { authorized(): { toJS(): Record<string, unknown> } } } }).ui.authSelectors.authorized().toJS().bearerAuth));
      await tab.waitForFunction(() => Boolean((window as unknown as { ui?: { authSelectors: { authorized(): { toJS(): Record<string, unknown> } } } }).ui?.authSelectors.authorized().toJS().bearerAuth), undefined, { timeout: RENDER_MS });
      expect(await authorized()).toBe(true);
      // after the reload, a request goes out with the kept key
      const operation = tab.locator('.opblock', { has: tab.locator('.opblock-summary-path', { hasText: /^\/usage$/ }) }).first();
      await operation.locator('.opblock-summary').click();
      await operation.locator('button.execute').click();
      const status = operation.locator('.live-responses-table tbody .response-col_status').first();
      await status.waitFor({ timeout: RENDER_MS });
      expect((await status.innerText()).trim()).toBe('200');
      expect(await tab.evaluate((key) => Object.values({ ...window.localStorage }).some((value) => value.includes(key)), server.apiKey)).toBe(false);
      const other = await openConsole();
      try {
        expect(await other.evaluate(() => Boolean((window as unknown as { ui: { authSelectors: { authorized(): { toJS(): Record<string, unknown> } } } }).ui.authSelectors.authorized().toJS().bearerAuth))).toBe(false);
      } finally {
        await other.close();
      }
    } finally {
      await tab.close();
    }
  }, 90_000);

  it('the console is dark when the reference is: the system\'s preference, or the reader\'s choice on either page', async () => {
    const isDark = (on: Page) => on.evaluate(() => document.documentElement.classList.contains('dark-mode') || document.documentElement.classList.contains('dark'));
    const tab = await openConsole();
    try {
      await tab.emulateMedia({ colorScheme: 'dark' });
      await tab.reload();
      await tab.locator('button.authorize').first().waitFor({ timeout: RENDER_MS });
      expect(await isDark(tab)).toBe(true);
      expect(await tab.evaluate(() => getComputedStyle(document.querySelector('.swagger-ui')!).backgroundColor)).not.toBe('rgba(0, 0, 0, 0)');
      await screenshot(tab, 'console-dark');
      const reference = await context.newPage();
      try {
        await reference.emulateMedia({ colorScheme: 'dark' });
        await reference.goto(`${server.origin}/docs/`);
        await reference.locator('[data-testid="menu-item-label"]').first().waitFor({ timeout: RENDER_MS });
        expect(await isDark(reference)).toBe(true);
        // the reader's choice on the console is the reference's too (one origin's storage), and back
        await tab.locator('button.console-color-mode').click();
        expect(await isDark(tab)).toBe(false);
        await reference.reload();
        await reference.locator('[data-testid="menu-item-label"]').first().waitFor({ timeout: RENDER_MS });
        expect(await isDark(reference)).toBe(false);
        await tab.reload();
        await tab.locator('button.authorize').first().waitFor({ timeout: RENDER_MS });
        expect(await isDark(tab)).toBe(false);
      } finally {
        await reference.evaluate(() => window.localStorage.removeItem('redoc.colorMode'));
        await reference.close();
      }
    } finally {
      await tab.close();
    }
  }, 90_000);

  it('at 375 px neither the console nor the reference scrolls sideways, with an operation open', async () => {
    const phone = { width: 375, height: 812 };
    const tab = await openConsole(phone, '#/Messages/sendMessage');
    try {
      await tab.locator('#operations-Messages-sendMessage.is-open').waitFor({ timeout: RENDER_MS });
      await tab.locator('#operations-Messages-sendMessage .responses-table').first().waitFor({ timeout: RENDER_MS });
      expect(await scrollsSideways(tab)).toBe(false);
      await screenshot(tab, 'console-375');
      await tab.goto(`${server.origin}/docs/#/messages/sendmessage`);
      await tab.getByRole('heading', { name: 'Send a free-form message' }).first().waitFor({ timeout: RENDER_MS });
      expect(await scrollsSideways(tab)).toBe(false);
    } finally {
      await tab.close();
    }
  }, 90_000);

  it('every operation page of the reference links to its entry in the console, which opens that operation', async () => {
    const missing: string[] = [];
    for (const op of operations) {
      await openReference(hashOf(op.definition), String(op.definition.summary));
      const href = consoleLinkOf(op.definition);
      if ((await page.locator(`a[href="${href}"]`).count()) === 0) missing.push(`${op.operationId}: no link to ${href}`);
    }
    expect(missing).toEqual([]);
    await openReference(hashOf(operations.find((op) => op.operationId === 'createTemplate')!.definition), 'Create a template');
    await page.locator('a[href="console/?operation=Templates/createTemplate"]').first().click();
    await page.waitForURL(`${server.origin}/docs/console/#/Templates/createTemplate`, { timeout: RENDER_MS });
    await page.locator('#operations-Templates-createTemplate.is-open').waitFor({ timeout: RENDER_MS });
  }, 300_000);

  it('an error\'s doc_url lands on the heading of its code in the reference', async () => {
    const refused = await fetch(`${server.baseUrl}/messages/send`, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ client_ref: 'acme-shoes-de', to: '4915112345678', type: 'txt' }),
    });
    const { error } = (await refused.json()) as { error: { code: string; doc_url: string } };
    expect(error.doc_url).toBe(`${server.origin}/docs/#/errors-and-retries/bad_request`);
    const tab = await context.newPage();
    try {
      await tab.goto(error.doc_url);
      const landed = await tab
        .waitForFunction(
          () => {
            const element = document.getElementById('/errors-and-retries/bad_request') ?? document.getElementById('errors-and-retries/bad_request');
            const top = element?.getBoundingClientRect().top;
            return top !== undefined && top >= -2 && top < window.innerHeight / 2 && (element?.textContent ?? '').includes('bad_request');
          },
          undefined,
          { timeout: RENDER_MS },
        )
        .then(() => true, () => false);
      expect(landed).toBe(true);
    } finally {
      await tab.close();
    }
  }, 90_000);

  it('the try-it console sends a request with the key entered on the page and shows the server answer', async () => {
    await page.goto(`${server.origin}/docs/console/`);
    await page.locator('.opblock-summary', { hasText: '/clients' }).first().waitFor({ timeout: RENDER_MS });
    // the key, entered in Swagger UI's Authorize dialog
    await page.locator('button.authorize').first().click();
    const dialog = page.locator('.dialog-ux');
    await dialog.locator('input').first().fill(server.apiKey);
    await dialog.locator('button.authorize').click();
    await dialog.locator('button.btn-done, button.close-modal').first().click();
    await dialog.waitFor({ state: 'detached', timeout: RENDER_MS });
    // GET /clients, executed from the page against this server's /v1
    const operation = page.locator('.opblock', { has: page.locator('.opblock-summary-path', { hasText: /^\/clients$/ }) }).first();
    await operation.locator('.opblock-summary').click();
    await operation.locator('button.execute').click();
    const status = operation.locator('.live-responses-table tbody .response-col_status').first();
    await status.waitFor({ timeout: RENDER_MS });
    expect((await status.innerText()).trim()).toBe('200');
    const body = await operation.locator('.live-responses-table tbody .response-col_description pre').first().innerText();
    expect(JSON.parse(body)).toMatchObject({ results: [], count: 0, total: 0 });
    expect(await operation.locator('.request-url').first().innerText()).toContain(`${server.baseUrl}/clients`);
    expect(ownRequests.some((url) => url.startsWith(`${server.baseUrl}/clients`))).toBe(true);
    await screenshot(page, 'console');
    expect(otherHosts).toEqual([]);
    expect(pageErrors).toEqual([]);
  }, 90_000);
});
