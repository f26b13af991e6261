// `npm run webhook:check-receiver -- --url URL --secret SECRET`: a conformance check of a partner's webhook
// receiver. Prints a table, writes JUnit XML, CTRF JSON and a Markdown summary, exits with the check codes.
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { WEBHOOK_TIMEOUT_MS } from '../../client/webhooks';
import { formatMs } from '../../mock/webhooks';
import { EXIT, EXIT_CODES_HELP, type ExitCode } from '../exit-codes';
import { COMMON_OPTIONS, UsageError, runCheckCommand } from '../command';
import { writeRunReports } from '../report';
import { checkReceiver } from './run';
import { NOT_OBSERVABLE, describeLatency, receiverExitCode, receiverSummaryMarkdown, receiverTable, reportedReceiverRun, verdict } from './summary';

const HELP = `Usage: npm run webhook:check-receiver -- --url URL --secret SECRET [options]
       npx partner-messaging-check-receiver --url URL --secret SECRET [options]

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
  -h, --help

${EXIT_CODES_HELP}
  A case that could not be sent because the receiver stopped accepting connections is "not checked" (3).`;

async function main(argv: string[]): Promise<ExitCode> {
  const { values: v } = parseArgs({
    args: argv,
    options: {
      url: { type: 'string' },
      secret: { type: 'string' },
      'timeout-ms': { type: 'string' },
      ...COMMON_OPTIONS,
    },
    strict: true,
  });
  if (v.help) {
    console.log(HELP);
    return EXIT.passed;
  }
  const url = v.url ?? process.env.WEBHOOK_URL;
  const secret = v.secret ?? process.env.WEBHOOK_SECRET;
  if (!url || !/^https?:\/\/./.test(url)) throw new UsageError('give --url with the receiver\'s http(s) URL (or WEBHOOK_URL)');
  if (!secret) throw new UsageError('give --secret, the receiver\'s signing secret (or WEBHOOK_SECRET)');
  const timeoutMs = v['timeout-ms'] === undefined ? WEBHOOK_TIMEOUT_MS : Number(v['timeout-ms']);
  if (!Number.isInteger(timeoutMs) || timeoutMs <= 0 || timeoutMs > WEBHOOK_TIMEOUT_MS) {
    throw new UsageError(`--timeout-ms takes a whole number of milliseconds from 1 to ${WEBHOOK_TIMEOUT_MS} (the specification's limit)`);
  }
  const reportsDir = resolve(v['reports-dir'] ?? join(process.cwd(), 'reports'));
  const files = {
    junit: join(reportsDir, 'receiver-junit.xml'),
    ctrf: join(reportsDir, 'receiver-ctrf.json'),
    summary: join(reportsDir, 'receiver-summary.md'),
  };

  if (!v.quiet) console.log(`Receiver check of ${url} (time limit ${timeoutMs} ms)`);
  const run = await checkReceiver({
    url,
    secret,
    timeoutMs,
    onResult: (r) => {
      if (v.quiet) return;
      const mark = { passed: '✔', failed: '✘', skipped: '○' }[r.outcome];
      console.log(`${mark} ${r.name}${r.message ? ` — ${r.message}` : ''}`);
    },
  });
  writeRunReports(reportedReceiverRun(run), files, receiverSummaryMarkdown(run));
  console.log(`\n${receiverTable(run)}\n\n${describeLatency(run)}\n${verdict(run)}`);
  if (!v.quiet) console.log(`${NOT_OBSERVABLE}\nJUnit XML: ${files.junit}\nCTRF JSON: ${files.ctrf}\nSummary:   ${files.summary}`);
  return receiverExitCode(run);
}

runCheckCommand('check-receiver', HELP, () => main(process.argv.slice(2)));
