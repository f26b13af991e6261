// `npm run webhook:trigger -- EVENT --url URL --secret SECRET [--payload file.json]`: fires one signed event
// at a receiver, as the service would, retrying on the section 6 schedule, and reports each attempt.
import { readFileSync } from 'node:fs';
import { UsageError, runCommand } from '../cli/command';
import { WEBHOOK_RETRY_DELAYS_MS, WEBHOOK_TIMEOUT_MS, deliverWebhook, stampWebhookEvent, webhookUserAgent } from '../client/webhooks';
import { defaultPayload, describeAttempt, formatMs, payloadViolations, webhookEvents } from './webhooks';

const help = () => `Usage: partner-messaging-webhook-trigger EVENT --url URL --secret SECRET [options]
       (in this repository: npm run webhook:trigger -- EVENT --url URL --secret SECRET [options])

Fires one webhook event, signed like the service (X-Service-Signature: sha256=<hex HMAC-SHA256 of the exact
bytes sent>), and retries a non-2xx answer or a timeout (${formatMs(WEBHOOK_TIMEOUT_MS)}) on the schedule
${WEBHOOK_RETRY_DELAYS_MS.map(formatMs).join(', ')}. Exits 0 once delivered, 1 when every attempt failed.

EVENT: ${webhookEvents().join(', ')}

Options:
  --url URL              the receiver                                   [WEBHOOK_URL]
  --secret SECRET        the signing secret                             [WEBHOOK_SECRET]
  --payload FILE         send this file's bytes as they are (default: the event's first example in openapi.yaml)
  --fresh                give the payload a new event_id and timestamp (receivers dedupe on event_id)
  --no-validate          send a payload that breaks the event's schema in openapi.yaml
  --retry-delays-ms LIST comma-separated waits before each retry (default ${WEBHOOK_RETRY_DELAYS_MS.join(',')})
  --timeout-ms MS        per-attempt timeout (default ${WEBHOOK_TIMEOUT_MS})
  --version              the package's version and the API version of its contract
  -h, --help             this text`;

const OPTIONS = {
  url: { type: 'string' },
  secret: { type: 'string' },
  payload: { type: 'string' },
  fresh: { type: 'boolean', default: false },
  'no-validate': { type: 'boolean', default: false },
  'retry-delays-ms': { type: 'string' },
  'timeout-ms': { type: 'string' },
} as const;

type Values = { [Name in keyof typeof OPTIONS]?: (typeof OPTIONS)[Name]['type'] extends 'string' ? string : boolean };

async function trigger(v: Values, positionals: string[]): Promise<number> {
  const [event, ...rest] = positionals;
  const url = v.url ?? process.env.WEBHOOK_URL;
  const secret = v.secret ?? process.env.WEBHOOK_SECRET;
  if (!event || rest.length) throw new UsageError('give exactly one EVENT');
  if (!webhookEvents().includes(event)) throw new UsageError(`unknown event ${event}`);
  if (!url || !/^https?:\/\//.test(url)) throw new UsageError('give --url with an http(s) receiver URL');
  if (!secret) throw new UsageError('give --secret (the signing secret)');
  const retryDelays = v['retry-delays-ms']?.split(',').map((s) => Number(s.trim())) ?? [...WEBHOOK_RETRY_DELAYS_MS];
  if (retryDelays.some((d) => !Number.isInteger(d) || d < 0)) throw new UsageError('--retry-delays-ms takes non-negative integers');
  const timeoutMs = v['timeout-ms'] === undefined ? WEBHOOK_TIMEOUT_MS : Number(v['timeout-ms']);
  if (!Number.isInteger(timeoutMs) || timeoutMs <= 0) throw new UsageError('--timeout-ms takes a positive integer');

  let body: Buffer;
  let payload: unknown;
  if (v.payload) {
    body = readFileSync(v.payload);
    try {
      payload = JSON.parse(body.toString('utf8'));
    } catch (e) {
      throw new UsageError(`${v.payload} is not JSON: ${(e as Error).message}`);
    }
    if (v.fresh) body = Buffer.from(JSON.stringify((payload = stampWebhookEvent(payload as object))));
  } else {
    payload = defaultPayload(event);
    if (v.fresh) payload = stampWebhookEvent(payload as object);
    body = Buffer.from(JSON.stringify(payload));
  }
  if ((payload as { event?: unknown })?.event !== event) console.warn(`warning: the payload's "event" is ${JSON.stringify((payload as { event?: unknown })?.event)}, not ${event}`);
  const violations = payloadViolations(event, payload);
  if (violations.length && !v['no-validate']) {
    throw new UsageError(`the payload breaks the ${event} schema of openapi.yaml:\n  ${violations.join('\n  ')}\n(pass --no-validate to send it anyway)`);
  }

  console.log(`POST ${url}  ${event} (${body.length} bytes)`);
  const result = await deliverWebhook({
    url,
    secret,
    body,
    schedule: retryDelays,
    timeoutMs,
    userAgent: webhookUserAgent('webhook trigger'),
    onAttempt: (a, next) => console.log(describeAttempt(a, retryDelays.length + 1, next)),
  });
  console.log(`signature: ${result.signature}`);
  console.log(result.delivered ? `delivered on attempt ${result.attempts.length}` : `not delivered after ${result.attempts.length} attempts`);
  return result.delivered ? 0 : 1;
}

runCommand({
  name: 'partner-messaging-webhook-trigger',
  home: __dirname,
  usage: help(),
  options: OPTIONS,
  positionals: true,
  run: ({ values, positionals }) => trigger(values, positionals),
});
