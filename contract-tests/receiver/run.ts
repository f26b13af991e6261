// Runs the receiver check: a signed webhook.test first (is there a receiver at the URL, with this secret?),
// then every case of cases.ts in order, one delivery at a time, each answer judged and timed.
import { WEBHOOK_TIMEOUT_MS, sendWebhookAttempt, signWebhookBody, webhookUserAgent, type WebhookAttemptOutcome } from '../../client/webhooks';
import { TargetUnusableError } from '../exit-codes';
import { canonicalBytes } from './bodies';
import { receiverCases, type CaseGroup, type ReceiverCase } from './cases';
import { asNewEvent, eventSample } from './events';

const USER_AGENT = webhookUserAgent('receiver check');

export interface ReceiverCaseResult {
  group: CaseGroup;
  name: string;
  /** The expected answer, as printed (`2xx`, `401`, …). */
  expected: string;
  /** One per delivery sent; fewer than the case's deliveries when it stopped early. */
  answers: WebhookAttemptOutcome[];
  /** `skipped`: not checked, the receiver could no longer be reached. */
  outcome: 'passed' | 'failed' | 'skipped';
  message?: string;
  /** For a failed case: the rule it broke (the defect, without the answer), where, and the answer it got. */
  violation?: { rule: string; where?: string; example: string };
  startedAt: number;
  durationMs: number;
}

export interface ReceiverRun {
  url: string;
  limitMs: number;
  preflight: WebhookAttemptOutcome;
  results: ReceiverCaseResult[];
  startedAt: number;
  durationMs: number;
}

export interface ReceiverCheckOptions {
  url: string;
  secret: string;
  /** Acknowledgement time limit; the specification's 5 s unless a stricter one is asked for. */
  timeoutMs?: number;
  onResult?: (result: ReceiverCaseResult) => void;
  now?: () => Date;
}

/**
 * A correctly signed webhook.test, before any case. A receiver that cannot be reached, refuses the signing
 * secret, is not at this URL or redirects cannot be checked: TargetUnusableError names the URL and the cause.
 * Any other answer, a timeout included, is the cases' to judge.
 */
async function preflight(url: string, secret: string, timeoutMs: number, now: () => Date): Promise<WebhookAttemptOutcome> {
  const body = canonicalBytes(asNewEvent(eventSample('webhook.test', 'test').payload, now()));
  const answer = await sendWebhookAttempt({ url, body, signature: signWebhookBody(body, secret), timeoutMs, userAgent: USER_AGENT });
  const status = answer.status;
  if (answer.failure === 'no-connection') throw new TargetUnusableError(`cannot reach the receiver at ${url}: ${answer.error}`);
  if (answer.failure === 'broken') throw new TargetUnusableError(`the receiver at ${url} gave no HTTP answer to a signed webhook.test: ${answer.error}`);
  if (status === 401 || status === 403) {
    throw new TargetUnusableError(`the receiver at ${url} refused a correctly signed webhook.test with ${status}: is --secret its signing secret?`);
  }
  if (status === 404 || status === 405) throw new TargetUnusableError(`no webhook receiver at ${url}: a signed POST of webhook.test answered ${status}`);
  if (status !== null && status >= 300 && status < 400) {
    throw new TargetUnusableError(`${url} answered ${status} (a redirect); the service does not follow redirects: give the receiver's own URL`);
  }
  return answer;
}

function describe(answer: WebhookAttemptOutcome): string {
  return answer.status === null ? `no answer (${answer.error})` : `got ${answer.status}`;
}

async function runCase(c: ReceiverCase, url: string, timeoutMs: number): Promise<ReceiverCaseResult> {
  const startedAt = Date.now();
  const answers: WebhookAttemptOutcome[] = [];
  const result = (outcome: ReceiverCaseResult['outcome'], message?: string, violation?: ReceiverCaseResult['violation']): ReceiverCaseResult => ({
    group: c.group,
    name: c.name,
    expected: c.expect.label,
    answers,
    outcome,
    message,
    violation,
    startedAt,
    durationMs: answers.reduce((sum, a) => sum + a.durationMs, 0),
  });
  for (const [i, delivery] of c.deliveries.entries()) {
    const answer = await sendWebhookAttempt({ url, body: delivery.body, signature: delivery.signature, timeoutMs, userAgent: USER_AGENT });
    answers.push(answer);
    const which = c.deliveries.length > 1 ? `delivery ${i + 1} of ${c.deliveries.length}` : undefined;
    if (answer.failure === 'no-connection') return result('skipped', `not checked: the receiver could no longer be reached (${answer.error})`);
    if (answer.status === null || !c.expect.holds(answer.status)) {
      const expected = `expected ${c.expect.label}${answer.status === null ? ` within ${timeoutMs} ms` : ''}`;
      const got = describe(answer);
      return result('failed', `${which ? `${which}: ` : ''}${got}, ${expected}: ${c.defect}`, { rule: `${expected}: ${c.defect}`, where: which, example: got });
    }
  }
  return result('passed');
}

export async function checkReceiver(o: ReceiverCheckOptions): Promise<ReceiverRun> {
  const limitMs = o.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  if (limitMs > WEBHOOK_TIMEOUT_MS) throw new RangeError(`the time limit cannot exceed the specification's ${WEBHOOK_TIMEOUT_MS} ms`);
  const now = o.now ?? (() => new Date());
  const startedAt = Date.now();
  const first = await preflight(o.url, o.secret, limitMs, now);
  const results: ReceiverCaseResult[] = [];
  for (const c of receiverCases({ secret: o.secret, limitMs, now })) {
    const result = await runCase(c, o.url, limitMs);
    results.push(result);
    o.onResult?.(result);
  }
  return { url: o.url, limitMs, preflight: first, results, startedAt, durationMs: Date.now() - startedAt };
}
