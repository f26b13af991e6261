// `npm run contract`: the contract suite against any implementation at a URL (or the in-process reference
// server / the mock), optionally through `prism proxy --errors` and with a webhook receiver. Writes JUnit XML,
// CTRF JSON and a summary, prints GitHub Actions annotations under GITHUB_ACTIONS=true, and exits with the
// shared check exit codes (exit-codes.ts).
import { readFileSync } from 'node:fs';
import { parseBaseline, writeBaseline, type Baseline } from './baseline';
import { UsageError, implementationUnderCheck, publishReports, reportsDirOf, runCheckCommand, type CommandValues } from './command';
import { contractReport } from './contract-report';
import { EXIT_CODES_HELP, TargetUnusableError } from './exit-codes';
import { ENTRIES, FixturesError, loadEntries, type FixtureName } from './fixtures-file';
import { JsonFileError } from './json-lines';
import { preflight } from './reachability';
import { summaryMarkdown } from './report';
import { GENERATED_DEFAULTS } from './generated-requests/phase';
import { runSuite, type AllowMissing, type Waivable } from './runner';
import { behindPrismProxy, ENTRY_OF, externalTarget, withWebhookListener, type RunningTarget } from './targets';

const USAGE = `Usage: partner-messaging-contract --base-url URL --api-key KEY [--fixtures FILE] [options]
       (in this repository: npm run contract -- --base-url URL --api-key KEY [--fixtures FILE] [options])

Runs the contract suite against an implementation of openapi.yaml: every response is held to the document
(status, content type, body schema, headers) and every rule of the specification observable from outside
has a case. Before any case, GET <base-url>/status must answer and the API key must be accepted. Writes
reports/contract-junit.xml, reports/contract-ctrf.json (ctrf.io) and reports/contract-summary.md.

Target (one of):
  --base-url URL            base URL with the version prefix, e.g. http://localhost:4000/v1  [CONTRACT_BASE_URL]
  --api-key KEY             a key with every scope; a live key is best (the suite sends dry runs) [CONTRACT_API_KEY]
  --target NAME             instead: "reference-server" (started here, fixtures from its sandbox) or "mock"
                            (from a clone of the repository only)

Fixtures:
  --fixtures FILE           the fixtures file (JSON); each entry may also come from CONTRACT_<ENTRY>, which wins.
                            Entries: ${Object.keys(ENTRIES).join(', ')}.
                            docs/contract-testing-in-ci.md says how to obtain each; on the reference server
                            \`partner-messaging-sandbox fixtures\` (npm run sandbox -- fixtures) prints a ready file.
  --allow-missing LIST      fixtures (entries, "webhooks" for the receiver, or "all") the run may go without: the
                            cases they unlock are listed as skipped but do not make the run incomplete; with
                            "generated", neither do probes of the contract the generated phase did not send; the
                            summary says the bar was lowered

Judging:
  --shape-only              judge only the shape of every response (documented status, content type, body,
                            headers): a behaviour rule a case breaks, or cannot observe, is listed in the summary
                            but does not fail it nor make the run incomplete. For an implementation that is not
                            there yet (a scaffold answering examples); the summary says the bar was lowered

Webhooks:
  --webhook-listen HOST:PORT   receive the deliveries the run causes (template.status, message.status, webhook.test),
                               verify X-Service-Signature and hold each payload to openapi.yaml's webhooks. Point the
                               service at http://HOST:PORT/webhooks (webhook_configure does it when given)
  --webhook-secret S           the signing secret the service signs with
  --webhook-retries short|full the receiver also tests the implementation's delivery rules: it answers the first
                               attempts of the first event with 500 and holds one attempt of the second past 5 s, and
                               requires the retries on the schedule (short, the default: immediately and about 10 s
                               later, about 15 s in all; full: also the 60 s step, over a minute more)
  --webhook-timeout SECONDS    how long a case waits for a delivery it caused (default 30)
  --review-timeout SECONDS     how long to wait for a template review to finish (default 120; longer is incomplete)

Generated requests (after the cases; from openapi.yaml and the fixtures, every boundary valid and one step past it):
  every probe is sent once before any is sent again, spread over api_key and extra_api_keys, each key within
  its rate-limit window: a spent window is waited for (Retry-After, or the window its headers show). A run
  that does not send every probe of the contract is incomplete (3), naming them, unless --allow-missing generated
  --seed N                  the seed of the draws: the same seed and fixtures send the same requests (default: from
                            the clock; printed with the command that repeats the run)
  --max-requests N          at most N generated requests, shrinking included (default ${GENERATED_DEFAULTS.maxRequests}; 0 skips the phase)
  --budget SECONDS          at most this long for the phase, waits for a window and shrinking included (default
                            ${GENERATED_DEFAULTS.budgetSeconds}: every probe at one key of 600 requests a minute)

Baseline (gradual adoption):
  --baseline FILE           findings accepted for now (JSON: {"accepted": [{"id", "reason"}]}, ids as the report
                            prints them): still reported, they do not fail the run; an entry whose finding no longer
                            occurs is reported stale. A malformed file exits 2 naming the line
  --baseline-update         write FILE with every finding of this run (reasons already given are kept, stale
                            entries dropped); the run is judged with it

Options:
  --like mock               the implementation behaves like the mock: the mock profile's limits, and
                            openapi.yaml's example values for fixtures not given
  --prism-proxy             run through "prism proxy openapi.yaml <base-url> --errors" (an independent validator;
                            needs @stoplight/prism-cli 5.14.2 installed beside the drift check)
  --reports-dir DIR         default: reports
  --quiet                   print only the summary
  --version                 the package's version and the API version of its contract
  -h, --help

${EXIT_CODES_HELP}
  Here 0 also needs every operation answered with a documented 2xx and every case given its fixtures;
  3 names the fixture that unlocks each case not run (--allow-missing lowers the bar, and the summary says so);
  4 also covers GET <base-url>/status answering 404 (no /v1?), the API key refused, and a webhook receiver
  that could not be set up.`;

const OPTIONS = {
  'base-url': { type: 'string' },
  'api-key': { type: 'string' },
  target: { type: 'string' },
  fixtures: { type: 'string' },
  'allow-missing': { type: 'string' },
  'webhook-listen': { type: 'string' },
  'webhook-secret': { type: 'string' },
  'webhook-timeout': { type: 'string' },
  'webhook-retries': { type: 'string' },
  'review-timeout': { type: 'string' },
  'prism-proxy': { type: 'boolean', default: false },
  'shape-only': { type: 'boolean', default: false },
  like: { type: 'string' },
  seed: { type: 'string' },
  'max-requests': { type: 'string' },
  budget: { type: 'string' },
  baseline: { type: 'string' },
  'baseline-update': { type: 'boolean', default: false },
} as const;

type Values = CommandValues<typeof OPTIONS>;

function seconds(value: string | undefined, flag: string, fallback: number): number {
  if (value === undefined) return fallback * 1000;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new UsageError(`${flag} must be a positive number of seconds, got ${value}`);
  return n * 1000;
}

/** A whole number of a flag (0 allowed), else the fallback. */
function whole(value: string | undefined, flag: string, fallback: number): number {
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value)) throw new UsageError(`${flag} must be a whole number, got ${value}`);
  return Number(value);
}

/** The baseline file's entries; none when --baseline-update starts a new file. */
function baselineOf(file: string | undefined, update: boolean): Baseline | undefined {
  if (update && file === undefined) throw new UsageError('--baseline-update needs --baseline FILE (the file to write)');
  if (file === undefined) return undefined;
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    if (update && (e as { code?: string }).code === 'ENOENT') return { file, entries: [] };
    throw new UsageError(`cannot read the baseline ${file}: ${(e as Error).message}`);
  }
  try {
    return parseBaseline(text, file);
  } catch (e) {
    if (e instanceof JsonFileError) throw new UsageError(e.message);
    throw e;
  }
}

function allowMissingOf(value: string | undefined): AllowMissing {
  if (value === undefined) return new Set();
  if (value === 'all') return 'all';
  const byEntry = new Map<string, Waivable>([...Object.entries(ENTRY_OF).map(([fixture, entry]) => [entry, fixture as FixtureName] as const), ['generated', 'generated']]);
  return new Set(
    value.split(',').map((name) => {
      const waived = byEntry.get(name.trim());
      if (!waived) throw new UsageError(`--allow-missing: unknown fixture ${name} (one of ${[...byEntry.keys()].join(', ')}, or all)`);
      return waived;
    }),
  );
}

/**
 * The targets this repository starts itself. The published drift check leaves that module out (its build
 * marks it external), so there --target is a usage error saying what to do instead.
 */
async function localTargets(): Promise<typeof import('./local-targets')> {
  try {
    return await import('./local-targets');
  } catch (error) {
    if (!['MODULE_NOT_FOUND', 'ERR_MODULE_NOT_FOUND'].includes(String((error as { code?: unknown }).code))) throw error;
    throw new UsageError(
      "--target starts this repository's own reference server or mock, so it works from a clone only (npm run contract -- --target …). " +
        'With the packages installed, start one (npx partner-messaging-server, or npx partner-messaging-mock) and give its --base-url.',
    );
  }
}

async function chooseTarget(v: Values): Promise<RunningTarget> {
  if (v.target === 'reference-server') return (await localTargets()).startServerTarget();
  if (v.target === 'mock') return (await localTargets()).startMockTarget();
  if (v.target !== undefined) throw new UsageError(`unknown --target ${v.target} (reference-server or mock)`);
  if (v.like !== undefined && v.like !== 'mock') throw new UsageError(`unknown --like ${v.like} (mock)`);
  let entries;
  try {
    entries = loadEntries(v.fixtures);
  } catch (e) {
    if (e instanceof FixturesError) throw new UsageError(e.message);
    throw e;
  }
  const fromFile = { baseUrl: entries.values.base_url as string | undefined, apiKey: entries.values.api_key as string | undefined };
  const { baseUrl, apiKey } = implementationUnderCheck(v, fromFile);
  return externalTarget({ baseUrl, apiKey, entries, like: v.like === 'mock' ? 'mock' : undefined });
}

async function run(v: Values) {
  const allowMissing = allowMissingOf(v['allow-missing']);
  const webhookTimeoutMs = seconds(v['webhook-timeout'], '--webhook-timeout', 30);
  const reviewTimeoutMs = seconds(v['review-timeout'], '--review-timeout', 120);
  const baseline = baselineOf(v.baseline, v['baseline-update']);
  const generated = {
    seed: whole(v.seed, '--seed', Date.now() % 2 ** 31),
    maxRequests: whole(v['max-requests'], '--max-requests', GENERATED_DEFAULTS.maxRequests),
    budgetMs: seconds(v.budget, '--budget', GENERATED_DEFAULTS.budgetSeconds),
  };
  const listen = v['webhook-listen'];
  const listenAt = listen === undefined ? undefined : /^(.+):(\d+)$/.exec(listen);
  if (listen !== undefined && !listenAt) throw new UsageError(`--webhook-listen must be HOST:PORT, got ${listen}`);
  if (listen !== undefined && !v['webhook-secret']) throw new UsageError('--webhook-listen needs --webhook-secret (the secret the service signs with)');
  const retries = v['webhook-retries'] ?? 'short';
  if (retries !== 'short' && retries !== 'full') throw new UsageError(`--webhook-retries must be short or full, got ${retries}`);

  let target = await chooseTarget(v);
  try {
    await preflight(target.baseUrl, target.fixtures.apiKey);
    if (listenAt) {
      target = await withWebhookListener(target, { host: listenAt[1]!, port: Number(listenAt[2]), secret: v['webhook-secret']!, timeoutMs: webhookTimeoutMs, retries }).catch((e) => {
        throw new TargetUnusableError(`the webhook receiver could not be set up: ${(e as Error).message}`);
      });
    }
    if (v['prism-proxy']) target = await behindPrismProxy(target);

    if (!v.quiet) console.log(`Contract suite against ${target.profile.target} at ${target.baseUrl}`);
    if (!v.quiet && generated.maxRequests > 0) console.log(`Generated requests: seed ${generated.seed} (repeat with --seed ${generated.seed})`);
    const result = await runSuite(target, {
      allowMissing,
      reviewTimeoutMs,
      shapeOnly: v['shape-only'],
      generated,
      baseline: baseline && { baseline, update: v['baseline-update'] },
      onResult: (r) => {
        if (v.quiet) return;
        const mark = { passed: '✔', failed: '✘', skipped: '○' }[r.outcome];
        const rules = (list: typeof r.occurrences) => list.map((o) => `${o.rule}${o.where ? ` (${o.where})` : ''}`).join('; ');
        const why = r.outcome === 'failed' ? rules(r.occurrences) : r.unjudged ? `behaviour not judged: ${rules(r.unjudged)}` : r.skip?.reason;
        console.log(`${mark} ${r.name}${why ? ` — ${why}` : ''}`);
      },
    });
    const update = result.baseline?.update;
    if (update) {
      writeBaseline(baseline!.file, update.entries);
      const known = new Set(update.previous.map((e) => e.id));
      const fresh = update.entries.filter((e) => !known.has(e.id)).length;
      const dropped = update.previous.filter((e) => !update.entries.some((x) => x.id === e.id)).length;
      console.log(`Baseline written to ${baseline!.file}: ${update.entries.length} accepted (${fresh} new, ${dropped} stale removed).`);
    }
    const report = contractReport(result);
    console.log(`\n${summaryMarkdown(report)}`);
    publishReports(report, reportsDirOf(v), 'contract');
    return result.exitCode;
  } finally {
    await target.close();
  }
}

runCheckCommand({ name: 'partner-messaging-contract', home: __dirname, usage: USAGE, options: OPTIONS, run });
