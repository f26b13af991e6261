// `npm run workflows -- --base-url URL --api-key KEY`: the partner journeys of partner-journeys.arazzo.yaml
// against any implementation, with Redocly's Respect. Writes JUnit XML, CTRF JSON and Respect's own JSON log,
// and exits with the check exit codes.
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { EXIT, EXIT_CODES_HELP, exitCodeOf, type ExitCode } from '../contract-tests/exit-codes';
import { COMMON_OPTIONS, UsageError, flagOrEnv, implementationUnderCheck, runCheckCommand } from '../contract-tests/command';
import { writeRunReports, type ReportedRun } from '../contract-tests/report';
import { DEFAULT_RECIPIENT, JOURNEYS_FILE, NEEDS_CHAT_CLIENT, ONBOARDING, journeyInputs, journeys } from './journeys';
import { readRespectLog, respectRun, runRespect } from './respect';

const HELP = `Usage: npm run workflows -- --base-url URL --api-key KEY [options]

Runs the partner journeys of workflows/partner-journeys.arazzo.yaml (Arazzo 1.0) against an implementation
of openapi.yaml with Redocly's Respect: onboarding by code exchange, then reading the client; creating a
template, polling its review until APPROVED, then a dry-run send by template_ref; uploading media, then
sending it by id; the error envelopes of an unknown client, a missing key and an invalid body. Every
response is also checked against openapi.yaml (documented status, content type, body schema). Each run
uses fresh names (client reference, template name), so runs never collide.

Writes reports/workflows-junit.xml, reports/workflows-ctrf.json (ctrf.io), one case per step, and
Respect's JSON log reports/workflows-respect.json.

Target:
  --base-url URL          base URL including the version prefix, e.g. http://localhost:4000/v1  [CONTRACT_BASE_URL]
  --api-key KEY           a key with every scope; a live key (every send is a dry run)         [CONTRACT_API_KEY]

Fixtures (optional):
  --chat-client-ref REF   a connected chat client for the template and media journeys (default: the client
                          the onboarding journey connects in the same run)                      [CONTRACT_CHAT_CLIENT_REF]
  --auth-code CODE        an unused signup code for the onboarding journey (default: one made up for the run,
                          which the reference server accepts; a real implementation needs a real one)
                                                                                                [CONTRACT_SIGNUP_AUTH_CODE]
  --recipient NUMBER      recipient of the dry-run sends (default ${DEFAULT_RECIPIENT})

Options:
  --workflow ID           run only this workflow (repeat for more): ${journeys().map((j) => j.workflowId).join(', ')}
  --reports-dir DIR       default: reports
  --quiet                 do not print Respect's step-by-step output
  -h, --help

${EXIT_CODES_HELP}`;

function table(run: ReportedRun): string {
  const rows = [['workflow', 'step', 'result', 'time'], ...run.cases.map((c) => [c.suite[1] ?? '', c.name.split(':')[0] ?? '', { passed: 'pass', failed: 'FAIL', skipped: 'not run' }[c.outcome], `${c.durationMs} ms`])];
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  return rows.map((r) => r.map((cell, i) => cell.padEnd(widths[i]!)).join('  ').trimEnd()).join('\n');
}

async function main(argv: string[]): Promise<ExitCode> {
  const { values: v } = parseArgs({
    args: argv,
    options: {
      'base-url': { type: 'string' },
      'api-key': { type: 'string' },
      'chat-client-ref': { type: 'string' },
      'auth-code': { type: 'string' },
      recipient: { type: 'string' },
      workflow: { type: 'string', multiple: true },
      ...COMMON_OPTIONS,
    },
    strict: true,
  });
  if (v.help) {
    console.log(HELP);
    return EXIT.passed;
  }
  const all = journeys();
  const selected = v.workflow ?? [];
  const unknown = selected.filter((id) => !all.some((j) => j.workflowId === id));
  if (unknown.length) throw new UsageError(`unknown --workflow ${unknown.join(', ')} (one of ${all.map((j) => j.workflowId).join(', ')})`);
  const chatClientRef = flagOrEnv(v['chat-client-ref'], 'CHAT_CLIENT_REF');
  const running = selected.length ? selected : all.map((j) => j.workflowId);
  if (!chatClientRef && !running.includes(ONBOARDING) && running.some((id) => NEEDS_CHAT_CLIENT.includes(id))) {
    throw new UsageError(`${running.filter((id) => NEEDS_CHAT_CLIENT.includes(id)).join(' and ')} need a chat client: give --chat-client-ref, or run ${ONBOARDING} too`);
  }

  const { baseUrl, apiKey } = await implementationUnderCheck(v);
  const reportsDir = resolve(v['reports-dir'] ?? join(process.cwd(), 'reports'));
  const files = { junit: join(reportsDir, 'workflows-junit.xml'), ctrf: join(reportsDir, 'workflows-ctrf.json'), respect: join(reportsDir, 'workflows-respect.json') };
  const inputs = journeyInputs({ apiKey, chatClientRef, authCode: flagOrEnv(v['auth-code'], 'SIGNUP_AUTH_CODE'), recipient: v.recipient });
  console.log(`Partner journeys against ${baseUrl} (client ${inputs.chatClientRef}, template ${inputs.templateName})`);

  const startedAt = Date.now();
  const respect = await runRespect({ file: JOURNEYS_FILE, baseUrl, inputs, workflows: selected, jsonOutput: files.respect, echo: !v.quiet });
  const log = readRespectLog(files.respect);
  if (!log) {
    console.error(`workflows: Respect exited with ${respect.exitCode} and wrote no log:\n${respect.stderr.trim()}`);
    return EXIT.incomplete;
  }
  const run = respectRun({ log, journeys: all.filter((j) => running.includes(j.workflowId)), baseUrl, startedAt, durationMs: Date.now() - startedAt });
  writeRunReports(run, files);
  const count = (o: string) => run.cases.filter((c) => c.outcome === o).length;
  console.log(`\n${table(run)}\n`);
  for (const failed of run.cases.filter((c) => c.outcome === 'failed')) console.log(`✘ ${failed.message}\n`);
  console.log(`${count('passed')} passed, ${count('failed')} failed, ${count('skipped')} not run`);
  console.log(`JUnit XML:    ${files.junit}\nCTRF JSON:    ${files.ctrf}\nRespect log:  ${files.respect}`);
  const code = exitCodeOf({ violations: count('failed'), incomplete: count('skipped') });
  // Respect failing where no step did (a global timeout, a crash after the log) leaves the run unconcluded
  return code === EXIT.passed && respect.exitCode !== 0 ? EXIT.incomplete : code;
}

runCheckCommand('workflows', HELP, () => main(process.argv.slice(2)));
