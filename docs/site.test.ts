// The rendered reference in a real browser: builds docs/site/index.html (npm run docs), opens it offline in
// headless Debian Chromium through playwright-core, checks that every operation and webhook of openapi.yaml is
// listed and that the search finds an operation, and saves reports/docs-screenshot.png.
// Without Chromium the test is skipped with the reason, except in CI (CI=true), where it fails.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { parse } from 'yaml';
import { GUIDES, SITE_FILE, SPEC_FILE, buildDocs, type BuildResult } from './build';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const SCREENSHOT = resolve(__dirname, '../reports/docs-screenshot.png');
/** The one remote resource the Redocly page asks for: its "API docs by" badge, which hides itself on error. */
const ALLOWED_FAILED_REMOTE = /^https:\/\/cdn\.redoc\.ly\/redoc\/logo-mini(-full)?\.svg$/;
const inCI = process.env.CI === 'true';
const hasChromium = existsSync(CHROMIUM);
const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

type Json = Record<string, any>;

interface WebhookEntry {
  summary: string;
  /** The page of the webhook in the rendered reference: `#/<tag slug>/<operationId lowercased>`. */
  hash: string;
  /** The event_id of its first payload example, to find the example on the page. */
  exampleEventId: string;
}

const slug = (text: string): string => text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

function expectedEntries(): { operations: string[]; webhooks: WebhookEntry[] } {
  const spec = parse(readFileSync(SPEC_FILE, 'utf8')) as Json;
  const deref = (value: Json): Json =>
    typeof value?.$ref === 'string'
      ? (value.$ref.slice(2).split('/').reduce((node: Json, key: string) => node?.[key], spec) as Json)
      : value;
  const operations: string[] = [];
  for (const item of Object.values(spec.paths as Json)) {
    for (const method of METHODS) if (item[method]) operations.push(String(item[method].summary));
  }
  const webhooks: WebhookEntry[] = [];
  for (const item of Object.values((spec.webhooks ?? {}) as Json)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const examples = op.requestBody.content['application/json'].examples as Json;
      const first = deref(Object.values(examples)[0] as Json);
      webhooks.push({
        summary: String(op.summary),
        hash: `#/${slug(String(op.tags[0]))}/${String(op.operationId).toLowerCase()}`,
        exampleEventId: String(first.value.event_id),
      });
    }
  }
  return { operations, webhooks };
}

/**
 * Opens every tag group of the sidebar (each click shows that group's operations) and returns the union of
 * all menu labels seen, without the method badge ("Send a template messagepost" → "Send a template message").
 */
/**
 * Every label of the navigation: expands each group, then reads the labels as they render until `expected`
 * are all there or 20 s have passed (a loaded machine renders an expanded group late).
 */
async function allMenuLabels(page: Page, expected: string[]): Promise<string[]> {
  const seen = new Set<string>();
  const read = async () => {
    for (const label of await page.locator('[data-testid="menu-item-label"]').allTextContents()) {
      seen.add(label.replace(/(get|put|post|delete|patch)$/i, '').trim());
    }
  };
  await read();
  const groups = page.locator('[data-component-name="Menu/MenuItem"].menu-item-type-group > a');
  const count = await groups.count();
  for (let index = 0; index < count; index += 1) {
    await groups.nth(index).click();
    await read();
  }
  const deadline = Date.now() + 20_000;
  while (expected.some((label) => !seen.has(label)) && Date.now() < deadline) {
    await page.waitForTimeout(250);
    await read();
  }
  return [...seen];
}

if (!hasChromium && !inCI) {
  console.warn(`docs/site.test.ts skipped: ${CHROMIUM} not found (apt-get install -y chromium, or set CHROMIUM_PATH)`);
}

const describeBrowser = hasChromium || inCI ? describe : describe.skip;

describeBrowser(`rendered docs in headless Chromium (${hasChromium ? CHROMIUM : `missing: ${CHROMIUM}`})`, () => {
  let context: BrowserContext;
  let page: Page;
  let profile: string;
  let build: BuildResult;
  const remoteRequests: string[] = [];
  const pageErrors: string[] = [];

  beforeAll(async () => {
    if (!hasChromium) {
      throw new Error(`CI=true but ${CHROMIUM} is missing: .ci/run must install Debian chromium (apt-get install -y chromium)`);
    }
    build = buildDocs(SITE_FILE);
    profile = mkdtempSync(join(tmpdir(), 'docs-chromium-'));
    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      args: CHROMIUM_ARGS,
      viewport: { width: 1440, height: 900 },
    });
    // offline: only the file itself may load; every remote request is recorded and refused
    await context.route('**/*', (route) => {
      const url = route.request().url();
      if (url.startsWith('file:') || url.startsWith('data:') || url.startsWith('blob:')) return route.continue();
      remoteRequests.push(url);
      return route.abort();
    });
    page = context.pages()[0] ?? (await context.newPage());
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto(pathToFileURL(SITE_FILE).href);
    await page.locator('[data-testid="menu-item-label"]').first().waitFor({ timeout: 30_000 });
  }, 120_000);

  afterAll(async () => {
    await context?.close();
    if (profile) rmSync(profile, { recursive: true, force: true });
  });

  it('builds one self-contained HTML file that renders with no remote resource', () => {
    expect(build.bytes).toBeGreaterThan(500_000);
    const html = readFileSync(SITE_FILE, 'utf8');
    expect(html).not.toMatch(/<script[^>]+src="https?:/);
    expect(remoteRequests.filter((url) => !ALLOWED_FAILED_REMOTE.test(url))).toEqual([]);
    expect(pageErrors).toEqual([]);
  });

  it('lists every operation and every webhook of openapi.yaml in the navigation', async () => {
    const { operations, webhooks } = expectedEntries();
    expect(operations).toHaveLength(17);
    expect(webhooks).toHaveLength(9);
    const entries = [...operations, ...webhooks.map((webhook) => webhook.summary)];
    // the partner guides are rendered too, in their own group
    const guides = ['Guides', ...GUIDES.map((guide) => guide.title)];
    const labels = await allMenuLabels(page, [...entries, ...guides]);
    expect(labels).toEqual(expect.arrayContaining(entries));
    expect(labels).toEqual(expect.arrayContaining(guides));
  }, 90_000);

  it('shows every webhook with its signature header and its payload example', async () => {
    const { webhooks } = expectedEntries();
    const missing: string[] = [];
    for (const webhook of webhooks) {
      await page.goto(`${pathToFileURL(SITE_FILE).href}${webhook.hash}`);
      await page.getByRole('heading', { name: webhook.summary }).first().waitFor({ timeout: 15_000 });
      const text = await page.locator('body').innerText();
      if (!text.includes('X-Service-Signature') || !text.includes(webhook.exampleEventId)) missing.push(webhook.summary);
    }
    expect(missing).toEqual([]);
  }, 120_000);

  it('shows the bearer scheme with the scope an operation requires', async () => {
    await page.goto(`${pathToFileURL(SITE_FILE).href}#/templates/createtemplate`);
    await page.getByRole('heading', { name: 'Create a template' }).first().waitFor();
    const text = await page.locator('body').innerText();
    expect(text).toMatch(/bearerAuth\s*\(Required scopes:\s*templates:write\s*\)/);
  }, 60_000);

  it('shows the curl and typed-client code samples of an operation', async () => {
    await page.goto(`${pathToFileURL(SITE_FILE).href}#/messages/sendmessage`);
    await page.getByRole('heading', { name: 'Send a free-form message' }).first().waitFor();
    const text = await page.locator('body').innerText();
    expect(text).toContain('Authorization: Bearer $PARTNER_API_KEY');
    // the typed-client sample is the other entry of the sample menu: one per operation in the page's data
    const html = readFileSync(SITE_FILE, 'utf8');
    expect(html.split('"label":"Typed client"').length - 1).toBe(17);
  }, 60_000);

  it('finds an operation with the search and opens it', async () => {
    await page.locator('[data-component-name="icons/SearchIcon/SearchIcon"]').first().click();
    const input = page.locator('input[placeholder^="Search"]').first();
    await input.waitFor({ timeout: 10_000 });
    await input.fill('send a template message');
    const hit = page.locator('[data-component-name="Search/SearchItem"]', { hasText: 'Send a template message' }).first();
    await hit.waitFor({ timeout: 10_000 });
    await hit.click();
    await page.waitForFunction(() => window.location.hash.includes('sendtemplatemessage'), undefined, { timeout: 10_000 });
    await page.getByRole('heading', { name: 'Send a template message' }).first().waitFor();
    mkdirSync(resolve(SCREENSHOT, '..'), { recursive: true });
    await page.screenshot({ path: SCREENSHOT });
    expect(existsSync(SCREENSHOT)).toBe(true);
  }, 60_000);
});
