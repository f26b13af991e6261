// Headless Debian Chromium through playwright-core, for the tests that drive the served pages in a browser
// (the rendered docs and console, the partner portal): where Chromium is, the flags it runs with on these
// machines, and a browser context that records every request and refuses any to another host. Without
// Chromium such a test is skipped with the reason, except in CI (CI=true), where it fails.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const inCI = process.env.CI === 'true';
export const hasChromium = existsSync(CHROMIUM);

/** `describe` when Chromium is there (or in CI, where its absence fails); else `describe.skip`, saying why. */
export function describeWithBrowser(file: string): jest.Describe {
  if (!hasChromium && !inCI) console.warn(`${file} skipped: ${CHROMIUM} not found (apt-get install -y chromium, or set CHROMIUM_PATH)`);
  return hasChromium || inCI ? describe : describe.skip;
}

/** The title part naming the browser a suite runs in. */
export const browserName = (): string => (hasChromium ? CHROMIUM : `missing: ${CHROMIUM}`);

export interface RecordedBrowser {
  context: BrowserContext;
  /** Every request to `origin`, by URL. */
  ownRequests: string[];
  /** Every request to another host (refused). */
  otherHosts: string[];
  /** `<status> <url>` of each answer of `origin` with a status of 400 or more that `expectedFailure` does not excuse. */
  failedOwn: string[];
  close(): Promise<void>;
}

export interface BrowserOptions {
  /** The only host the pages may reach. */
  origin: string;
  viewport?: { width: number; height: number };
  /** Answers of `origin` that may fail (the API's own refusals). */
  expectedFailure?: (url: string) => boolean;
  /** Safety nets only: every wait of a test ends as soon as its condition holds. */
  navigationMs: number;
  actionMs: number;
}

/** A fresh Chromium profile whose pages may reach `origin` alone; what they ask for is recorded. */
export async function launchRecordedBrowser({ origin, viewport = { width: 1440, height: 900 }, expectedFailure = () => false, navigationMs, actionMs }: BrowserOptions): Promise<RecordedBrowser> {
  if (!hasChromium) throw new Error(`CI=true but ${CHROMIUM} is missing: .ci/run must install Debian chromium (apt-get install -y chromium)`);
  const profile = mkdtempSync(join(tmpdir(), 'chromium-'));
  const context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS, viewport });
  context.setDefaultNavigationTimeout(navigationMs);
  context.setDefaultTimeout(actionMs);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
  const recorded = { ownRequests: [] as string[], otherHosts: [] as string[], failedOwn: [] as string[] };
  await context.route('**/*', (route) => {
    const url = route.request().url();
    if (url.startsWith('data:') || url.startsWith('blob:')) return route.continue();
    if (new URL(url).origin === origin) {
      recorded.ownRequests.push(url);
      return route.continue();
    }
    recorded.otherHosts.push(url);
    return route.abort();
  });
  context.on('response', (response) => {
    if (response.status() >= 400 && new URL(response.url()).origin === origin && !expectedFailure(response.url())) {
      recorded.failedOwn.push(`${response.status()} ${response.url()}`);
    }
  });
  return {
    context,
    ...recorded,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
