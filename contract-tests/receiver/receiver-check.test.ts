// The receiver check held to its purpose: a correct receiver and one built on the package's middleware pass
// every case; each broken receiver fails exactly the cases of its own defect; a receiver that cannot be used
// stops the run before any case; the command's exit codes and reports are what CI reads.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { validateStrict } from 'ctrf';
import { verifyWebhookSignature } from '../../client/webhooks';
import { payloadViolations, webhookEvents } from '../../mock/webhooks';
import { EXIT, TargetUnusableError } from '../exit-codes';
import { runTsCommand, unusedPort } from '../fixtures/commands';
import { nonCanonicalJson, reserialised } from './bodies';
import { receiverCases } from './cases';
import { eventSample } from './events';
import { SLOW_HANDLER_MS, startMiddlewareReceiver, startReceiver, type Defect, type RunningReceiver } from './fixtures/receivers';
import { checkReceiver } from './run';
import { receiverExitCode } from './summary';

const SECRET = 'whsec_receiver_check_0123456789';
/** A stricter time limit for the slow receiver only, so each of its slow cases costs 1.5 s instead of 5 s. */
const LIMIT_MS = 1_500;

const CASE = {
  templateApproved: `template.status (approved) is acknowledged with a 2xx within ${LIMIT_MS} ms`,
  templateRejected: `template.status (rejected) is acknowledged with a 2xx within ${LIMIT_MS} ms`,
  otherSecret: 'a signature made with another secret is refused with 401',
  reserialisedSignature: 'a signature over the re-serialised body instead of the bytes sent is refused with 401',
  noSignature: 'a delivery without X-Service-Signature is refused with 401',
  otherScheme: 'a signature with another scheme prefix (sha1=) is refused with 401',
  truncated: 'a truncated signature is refused with 401',
  emptyBody: 'an empty body is refused with 400 or 401',
  nonCanonical: 'a correctly signed body in non-canonical JSON (key order, whitespace, escaped unicode) is acknowledged',
  unknownFields: 'a payload with unknown fields is acknowledged',
  duplicate: 'a duplicate delivery (same event_id, same bytes) is acknowledged each time',
  outOfOrder: 'message statuses out of order (read, then delivered, then sent) are each acknowledged',
};

const runCli = (args: string[]) => runTsCommand(join(__dirname, 'cli.ts'), args);

/** A URL on which nothing listens. */
const closedUrl = async () => `http://127.0.0.1:${await unusedPort()}/webhooks`;

describe('what the receiver check sends', () => {
  const cases = receiverCases({ secret: SECRET, limitMs: 5_000 });

  it('every event kind of openapi.yaml is sent, every JSON body it sends holds its event schema', () => {
    const sentKinds = new Set(cases.filter((c) => c.group === 'event').map((c) => c.name.split(' ')[0]));
    expect([...sentKinds].sort()).toEqual(webhookEvents().sort());
    for (const delivery of cases.flatMap((c) => c.deliveries)) {
      if (delivery.body.length === 0) continue;
      const event = JSON.parse(delivery.body.toString('utf8')) as { event: string };
      expect(payloadViolations(event.event, event)).toEqual([]);
    }
  });

  it('deliveries that must be acknowledged carry the signature of their exact bytes; those that must be refused do not', () => {
    for (const c of cases) {
      for (const d of c.deliveries) {
        const valid = verifyWebhookSignature(d.body, d.signature, SECRET);
        if (c.group === 'refuse' && c.name !== CASE.emptyBody) expect({ name: c.name, valid }).toEqual({ name: c.name, valid: false });
        else expect({ name: c.name, valid }).toEqual({ name: c.name, valid: true });
      }
    }
  });

  it('the non-canonical body parses to the same event but is not what JSON.stringify writes: key order, whitespace, escaped unicode', () => {
    const payload = eventSample('message.reaction', 'chat_react').payload;
    const text = nonCanonicalJson(payload);
    expect(JSON.parse(text)).toEqual(payload);
    expect(text).not.toBe(JSON.stringify(payload));
    expect(reserialised(Buffer.from(text)).toString()).not.toBe(text);
    expect(text).toContain('\\ud83d\\udc4d'); // the emoji, escaped
    expect(text).toContain('\r\n    ');
    expect(Object.keys(JSON.parse(text) as object)).toEqual(Object.keys(payload).reverse());
  });

  it('the re-serialisation case is signed over JSON.stringify(JSON.parse(bytes)), not over the bytes sent', () => {
    const [delivery] = cases.find((c) => c.name === CASE.reserialisedSignature)!.deliveries;
    expect(verifyWebhookSignature(reserialised(delivery!.body), delivery!.signature, SECRET)).toBe(true);
    expect(verifyWebhookSignature(delivery!.body, delivery!.signature, SECRET)).toBe(false);
  });
});

describe('receivers, each checked over real HTTP', () => {
  const receivers: Array<[string, { start: () => Promise<RunningReceiver>; failing: string[]; defect?: RegExp; timeoutMs?: number }]> = [
    ['a correct receiver (verifyWebhookSignature over the raw bytes) passes every case', { start: () => startReceiver({ secret: SECRET }), failing: [] }],
    ['a receiver built on the Express middleware of the client package passes every case', { start: () => startMiddlewareReceiver({ secret: SECRET }), failing: [] }],
    [
      'a receiver that verifies the re-serialised body fails the re-serialisation case and its non-canonical twin',
      { start: () => broken('verifies-reserialised-body'), failing: [CASE.reserialisedSignature, CASE.nonCanonical], defect: /re-serialis|JSON\.stringify\(JSON\.parse\(body\)\)/ },
    ],
    [
      'a receiver that accepts anything fails every refusal',
      {
        start: () => broken('accepts-anything'),
        failing: [CASE.otherSecret, CASE.reserialisedSignature, CASE.noSignature, CASE.otherScheme, CASE.truncated, CASE.emptyBody],
        defect: /got 200, expected (401|400 or 401)/,
      },
    ],
    [
      `a receiver slower than 5 s over template.status fails both template.status cases by timing out`,
      {
        start: () => broken('slow-template-status'),
        timeoutMs: LIMIT_MS,
        failing: [CASE.templateApproved, CASE.templateRejected],
        defect: new RegExp(`no answer \\(timeout after ${LIMIT_MS} ms\\)`),
      },
    ],
    ['a receiver that refuses unknown fields fails the unknown-fields case', { start: () => broken('refuses-unknown-fields'), failing: [CASE.unknownFields], defect: /got 400, expected 2xx: it refuses fields it does not know/ }],
    ['a receiver that fails on a duplicate fails the duplicate case on the second delivery', { start: () => broken('fails-on-duplicate'), failing: [CASE.duplicate], defect: /delivery 2 of 2: got 409/ }],
    [
      'a receiver that fails on an out-of-order status fails the out-of-order case when delivered follows read',
      { start: () => broken('fails-on-out-of-order-status'), failing: [CASE.outOfOrder], defect: /delivery 2 of 3: got 409/ },
    ],
  ];

  function broken(defect: Defect) {
    return startReceiver({ secret: SECRET, defect });
  }

  it.each(receivers)('%s', async (_name, { start, failing, defect, timeoutMs }) => {
    const receiver = await start();
    try {
      const run = await checkReceiver({ url: receiver.url, secret: SECRET, timeoutMs });
      const failed = run.results.filter((r) => r.outcome === 'failed');
      expect(failed.map((r) => r.name)).toEqual(failing);
      for (const f of failed) expect(f.message).toMatch(defect!);
      expect(run.results.filter((r) => r.outcome === 'skipped')).toEqual([]);
      expect(receiverExitCode(run)).toBe(failing.length ? EXIT.violation : EXIT.passed);
      // a delivery without an answer is one that timed out, never a broken connection
      const unanswered = run.results.flatMap((r) => r.answers).filter((a) => a.status === null);
      expect(unanswered.map((a) => a.failure)).toEqual(unanswered.map(() => 'timeout'));
    } finally {
      await receiver.close();
    }
  }, 30_000 + SLOW_HANDLER_MS);

  it('a receiver that stops listening mid-run leaves the later cases not checked, and the run is incomplete (exit 3), not passed', async () => {
    const receiver = await startReceiver({ secret: SECRET, stopAfter: 5 });
    try {
      const run = await checkReceiver({ url: receiver.url, secret: SECRET });
      expect(run.results.filter((r) => r.outcome === 'passed')).toHaveLength(4); // the preflight was the first request
      const notChecked = run.results.filter((r) => r.outcome === 'skipped');
      expect(notChecked).toHaveLength(run.results.length - 4);
      for (const r of notChecked) expect(r.message).toMatch(/not checked: the receiver could no longer be reached \(ECONNREFUSED\)/);
      expect(receiverExitCode(run)).toBe(EXIT.incomplete);
    } finally {
      await receiver.close();
    }
  });
});

describe('a receiver that cannot be checked stops the run before any case', () => {
  it('nothing listening at the URL: TargetUnusableError naming the URL and ECONNREFUSED', async () => {
    const url = await closedUrl();
    const onResult = jest.fn();
    await expect(checkReceiver({ url, secret: SECRET, onResult })).rejects.toThrow(new TargetUnusableError(`cannot reach the receiver at ${url}: ECONNREFUSED`));
    expect(onResult).not.toHaveBeenCalled();
  });

  it('another signing secret than the receiver\'s: the signed webhook.test is refused and the error asks about --secret', async () => {
    const receiver = await startReceiver({ secret: SECRET });
    try {
      await expect(checkReceiver({ url: receiver.url, secret: 'whsec_another_secret_0000' })).rejects.toThrow(
        `the receiver at ${receiver.url} refused a correctly signed webhook.test with 401: is --secret its signing secret?`,
      );
      expect(receiver.requests).toBe(1);
    } finally {
      await receiver.close();
    }
  });

  it('a URL where no receiver is (404): the error names the URL and the status', async () => {
    const receiver = await startReceiver({ secret: SECRET });
    const url = receiver.url.replace('/webhooks', '/not-the-receiver');
    try {
      await expect(checkReceiver({ url, secret: SECRET })).rejects.toThrow(`no webhook receiver at ${url}: a signed POST of webhook.test answered 404`);
    } finally {
      await receiver.close();
    }
  });
});

describe('npm run webhook:check-receiver', () => {
  it('against a correct receiver: exit 0, the table, and JUnit XML and CTRF JSON reports with every case passed', async () => {
    const receiver = await startReceiver({ secret: SECRET });
    const reports = mkdtempSync(join(tmpdir(), 'receiver-reports-'));
    try {
      const { code, stdout } = await runCli(['--url', receiver.url, '--secret', SECRET, '--reports-dir', reports, '--quiet']);
      expect(code).toBe(EXIT.passed);
      expect(stdout).toMatch(/#\s+group\s+case\s+expected\s+got\s+time\s+result/);
      expect(stdout).toMatch(/Response times of 28 answered deliveries: median \d+ ms, p95 \d+ ms, max \d+ ms \(limit 5000 ms\)/);
      expect(stdout).toContain('PASSED: 25 passed, 0 failed, 0 not checked');
      const junit = readFileSync(join(reports, 'receiver-junit.xml'), 'utf8');
      expect(junit).toMatch(/<testsuites name="check-receiver" tests="25" failures="0" errors="0" skipped="0"/);
      expect(junit).toContain('classname="check-receiver.refuse" name="a truncated signature is refused with 401"');
      const ctrf = JSON.parse(readFileSync(join(reports, 'receiver-ctrf.json'), 'utf8'));
      expect(() => validateStrict(ctrf)).not.toThrow();
      expect(ctrf.results.summary).toMatchObject({ tests: 25, passed: 25, failed: 0 });
      expect(readFileSync(join(reports, 'receiver-summary.md'), 'utf8')).toContain('# Receiver check of');
    } finally {
      await receiver.close();
    }
  }, 60_000);

  it('against a receiver that accepts anything: exit 1, and the reports name each refusal it failed', async () => {
    const receiver = await startReceiver({ secret: SECRET, defect: 'accepts-anything' });
    const reports = mkdtempSync(join(tmpdir(), 'receiver-reports-'));
    try {
      const { code, stdout } = await runCli(['--url', receiver.url, '--secret', SECRET, '--reports-dir', reports, '--quiet']);
      expect(code).toBe(EXIT.violation);
      expect(stdout).toContain('FAILED: 19 passed, 6 failed, 0 not checked');
      const ctrf = JSON.parse(readFileSync(join(reports, 'receiver-ctrf.json'), 'utf8'));
      expect(() => validateStrict(ctrf)).not.toThrow();
      const failed = ctrf.results.tests.filter((t: { status: string }) => t.status === 'failed');
      expect(failed.map((t: { name: string }) => t.name)).toContain(CASE.noSignature);
      expect(failed.every((t: { suite: string[]; message: string }) => t.suite.join('.') === 'check-receiver.refuse' && /got 200/.test(t.message))).toBe(true);
      expect(readFileSync(join(reports, 'receiver-junit.xml'), 'utf8')).toMatch(/tests="25" failures="6"/);
      expect(ctrf.extra).toMatchObject({ exitCode: EXIT.violation, verdict: 'FAILED: 6 distinct violations in 6 cases' });
      const summary = readFileSync(join(reports, 'receiver-summary.md'), 'utf8');
      expect(summary).toContain('**FAILED: 6 distinct violations in 6 cases** (exit code 1)');
      expect(summary).toMatch(/^- \*\*expected 401: .*\*\* — 1×; e\.g\. got 200 \(case: a delivery without X-Service-Signature is refused with 401\) \[id [0-9a-f]{10}\]$/m);
    } finally {
      await receiver.close();
    }
  }, 60_000);

  it('against a URL where nothing listens: exit 4 naming the URL and the cause, before any case', async () => {
    const url = await closedUrl();
    const { code, stdout, stderr } = await runCli(['--url', url, '--secret', SECRET, '--reports-dir', mkdtempSync(join(tmpdir(), 'receiver-reports-'))]);
    expect(code).toBe(EXIT.unreachable);
    expect(stderr).toContain(`cannot reach the receiver at ${url}: ECONNREFUSED`);
    expect(stdout).not.toMatch(/[✔✘]/);
  }, 60_000);

  it.each([
    ['an unknown flag', ['--url', 'http://127.0.0.1:1/webhooks', '--secret', 's', '--retries', '3']],
    ['a missing --secret', ['--url', 'http://127.0.0.1:1/webhooks']],
    ['a time limit above the specification\'s 5 s', ['--url', 'http://127.0.0.1:1/webhooks', '--secret', 's', '--timeout-ms', '6000']],
  ])('%s is a usage error: exit 2 with the usage', async (_name, args) => {
    const { code, stderr } = await runCli(args);
    expect(code).toBe(EXIT.usage);
    expect(stderr).toContain('Usage: partner-messaging-check-receiver --url URL --secret SECRET');
  }, 60_000);

  it('--help prints the usage with the exit codes and what cannot be observed, and exits 0', async () => {
    const { code, stdout } = await runCli(['--help']);
    expect(code).toBe(EXIT.passed);
    expect(stdout).toContain('4  the target could not be reached or is misconfigured');
    expect(stdout).toContain('whether the receiver deduplicates');
    expect(stdout).toContain('constant time');
  }, 60_000);
});
