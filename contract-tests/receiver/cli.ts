// `npm run webhook:check-receiver -- --url URL --secret SECRET`: a conformance check of a partner's webhook
// receiver. Prints a table, writes JUnit XML, CTRF JSON and a Markdown summary, exits with the check codes.
import { WEBHOOK_TIMEOUT_MS } from '../../client/webhooks';
import { formatMs } from '../../mock/webhooks';
import { UsageError, publishReports, reportsDirOf, runCheckCommand, type CommandValues } from '../command';
import { EXIT_CODES_HELP } from '../exit-codes';
import { checkReceiver } from './run';
import { NOT_OBSERVABLE, describeLatency, receiverExitCode, receiverReport, receiverTable, verdict } from './summary';

const USAGE = `Usage: partner-messaging-check-receiver --url URL --secret SECRET [options]
       (in this repository: npm run webhook:check-receiver -- --url URL --secret SECRET [options])

Checks a webhook receiver against section 6 of the specification, over real HTTP:
  events   every example of every event kind of openapi.yaml, signed like the service, must get a 2xx
           within ${formatMs(WEBHOOK_TIMEOUT_MS)}
  refuse   a signature made with another secret, a signature over the re-serialised body, no
           X-Service-Signature, another scheme prefix (sha1=), a truncated signature: 401; an empty body:
           400 or 401
  accept   a correctly signed body in non-canonical JSON, unknown fields, a duplicate delivery, message
           statuses out of order: a 2xx each
A signed webhook.test goes first: a receiver that cannot be reached, refuses it with 401/403, answers
404/405 or redirects stops the run (exit 4) before any case. Each answer is timed; the run prints a table
and writes reports/receiver-junit.xml, reports/receiver-ctrf.json (ctrf.io) and reports/receiver-summary.md.
${NOT_OBSERVABLE}

Options:
  --url URL          the receiver's URL                                   [WEBHOOK_URL]
  --secret SECRET    its signing secret                                   [WEBHOOK_SECRET]
  --timeout-ms MS    acknowledgement time limit, at most ${WEBHOOK_TIMEOUT_MS} (default ${WEBHOOK_TIMEOUT_MS}); lower is stricter
  --reports-dir DIR  default: reports
  --quiet            print only the table and the verdict
  --version          the package's version and the API version of its contract
  -h, --help

${EXIT_CODES_HELP}
  Here 3 means a case could not be sent because the receiver stopped accepting connections ("not checked").`;

const OPTIONS = {
  url: { type: 'string' },
  secret: { type: 'string' },
  'timeout-ms': { type: 'string' },
} as const;

async function run(v: CommandValues<typeof OPTIONS>) {
  const url = v.url ?? process.env.WEBHOOK_URL;
  const secret = v.secret ?? process.env.WEBHOOK_SECRET;
  if (!url || !/^https?:\/\/./.test(url)) throw new UsageError('give --url with the receiver\'s http(s) URL (or WEBHOOK_URL)');
  if (!secret) throw new UsageError('give --secret, the receiver\'s signing secret (or WEBHOOK_SECRET)');
  const timeoutMs = v['timeout-ms'] === undefined ? WEBHOOK_TIMEOUT_MS : Number(v['timeout-ms']);
  if (!Number.isInteger(timeoutMs) || timeoutMs <= 0 || timeoutMs > WEBHOOK_TIMEOUT_MS) {
    throw new UsageError(`--timeout-ms takes a whole number of milliseconds from 1 to ${WEBHOOK_TIMEOUT_MS} (the specification's limit)`);
  }

  if (!v.quiet) console.log(`Receiver check of ${url} (time limit ${timeoutMs} ms)`);
  const result = await checkReceiver({
    url,
    secret,
    timeoutMs,
    onResult: (r) => {
      if (v.quiet) return;
      const mark = { passed: '✔', failed: '✘', skipped: '○' }[r.outcome];
      console.log(`${mark} ${r.name}${r.message ? ` — ${r.message}` : ''}`);
    },
  });
  console.log(`\n${receiverTable(result)}\n\n${describeLatency(result)}\n${verdict(result)}`);
  if (!v.quiet) console.log(NOT_OBSERVABLE);
  publishReports(receiverReport(result), reportsDirOf(v), 'receiver');
  return receiverExitCode(result);
}

runCheckCommand({ name: 'partner-messaging-check-receiver', home: __dirname, usage: USAGE, options: OPTIONS, run });
