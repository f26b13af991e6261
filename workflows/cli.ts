// `partner-messaging-workflows --base-url URL --api-key KEY` (`npm run workflows -- …` here): the partner
// journeys of partner-journeys.arazzo.yaml against any implementation, with Redocly's Respect. Writes JUnit XML,
// CTRF JSON, a summary and Respect's own JSON log, and exits with the check exit codes.
import { join } from 'node:path';
import { RESOURCE_ROOT } from '../spec';
import { UsageError, implementationUnderCheck, publishReports, reportsDirOf, runCheckCommand, type CommandValues } from '../contract-tests/command';
import { EXIT_CODES_HELP, TargetUnusableError } from '../contract-tests/exit-codes';
import { envName, FixtureUnavailable, FixturesError, loadEntries, valueSource, type Issuer } from '../contract-tests/fixtures-file';
import { preflight } from '../contract-tests/reachability';
import { DEFAULT_RECIPIENT, JOURNEYS_FILE, NEEDS_CHAT_CLIENT, ONBOARDING, SIGNUP_STEP, journeyInputs, journeys } from './journeys';
import { journeysReport, journeysTable, readRespectLog, respectRun, runRespect } from './respect';

const USAGE = `Usage: partner-messaging-workflows --base-url URL --api-key KEY [--fixtures FILE] [options]
       (in this repository: npm run workflows -- --base-url URL --api-key KEY [--fixtures FILE] [options])

Runs the partner journeys of partner-journeys.arazzo.yaml (Arazzo 1.0) against an implementation of
openapi.yaml with Redocly's Respect: onboarding by code exchange, then reading the client; creating a
template, polling its review until APPROVED, then a dry-run send by template_ref; uploading media, then
sending it by id; the error envelopes of an unknown client, a missing key and an invalid body. Every
response is also checked against openapi.yaml (documented status, content type, body schema). Each run
uses fresh names (client reference, template name), so runs never collide.

Before any journey, GET <base-url>/status must answer and the API key must be accepted. Writes
reports/workflows-junit.xml, reports/workflows-ctrf.json (ctrf.io) and reports/workflows-summary.md, one case
per step, and Respect's JSON log reports/workflows-respect.json.

Target:
  --base-url URL          base URL including the version prefix, e.g. http://localhost:4000/v1  [CONTRACT_BASE_URL]
  --api-key KEY           a key with every scope; a live key (every send is a dry run)         [CONTRACT_API_KEY]

Fixtures (optional):
  --fixtures FILE         the drift check's fixtures file: base_url, api_key, chat_client_ref and
                          signup_auth_code (a code, or an issuer called for a fresh one) are read from it;
                          each entry may also come from CONTRACT_<ENTRY>, which wins, and a flag wins over both
  --chat-client-ref REF   a connected chat client for the template and media journeys (default: the client
                          the onboarding journey connects in the same run)                      [CONTRACT_CHAT_CLIENT_REF]
  --auth-code CODE        an unused signup code for the onboarding journey (default: one made up for the run,
                          which the reference server accepts; an implementation that refuses it leaves the
                          onboarding, template and media journeys not judged: exit 3)          [CONTRACT_SIGNUP_AUTH_CODE]
  --recipient NUMBER      recipient of the dry-run sends (default ${DEFAULT_RECIPIENT})

Options:
  --workflow ID           run only this workflow (repeat for more): ${journeys().map((j) => j.workflowId).join(', ')}
  --reports-dir DIR       default: reports
  --quiet                 do not print Respect's step-by-step output
  --version               the version of this package and the API version of its contract
  -h, --help

${EXIT_CODES_HELP}
  Here 3 means a step was not run or not judged although none failed (a made-up signup code refused, a
  journey without its chat client), or Respect failed without a step failing (its global timeout); 5
  includes Respect exiting without writing its log.`;

const OPTIONS = {
  'base-url': { type: 'string' },
  'api-key': { type: 'string' },
  fixtures: { type: 'string' },
  'chat-client-ref': { type: 'string' },
  'auth-code': { type: 'string' },
  recipient: { type: 'string' },
  workflow: { type: 'string', multiple: true },
} as const;

/**
 * The fixtures the journeys can use, read as the drift check reads them (contract-tests/fixtures-file.ts): the
 * same file (`--fixtures`), each entry overridden by its CONTRACT_<ENTRY> variable, so one CI environment serves
 * both. The signup code may be an issuer, called here for a fresh code.
 */
function fixturesOf(file: string | undefined): { baseUrl?: string; apiKey?: string; chatClientRef?: string; signupCode?: () => Promise<string> } {
  let values;
  try {
    values = loadEntries(file).values;
  } catch (e) {
    if (e instanceof FixturesError) throw new UsageError(e.message);
    throw e;
  }
  const code = values.signup_auth_code as string | Issuer | undefined;
  return {
    baseUrl: values.base_url as string | undefined,
    apiKey: values.api_key as string | undefined,
    chatClientRef: values.chat_client_ref as string | undefined,
    signupCode: code === undefined ? undefined : valueSource('signupAuthCode', code, true),
  };
}

async function issued(signupCode: () => Promise<string>): Promise<string> {
  try {
    return await signupCode();
  } catch (e) {
    if (e instanceof FixtureUnavailable) throw new TargetUnusableError(`${envName('signup_auth_code')}: ${e.message}`);
    throw e;
  }
}

async function run(v: CommandValues<typeof OPTIONS>) {
  const all = journeys();
  const selected = v.workflow ?? [];
  const unknown = selected.filter((id) => !all.some((j) => j.workflowId === id));
  if (unknown.length) throw new UsageError(`unknown --workflow ${unknown.join(', ')} (one of ${all.map((j) => j.workflowId).join(', ')})`);
  const fixtures = fixturesOf(v.fixtures);
  const chatClientRef = v['chat-client-ref'] ?? fixtures.chatClientRef;
  const running = selected.length ? selected : all.map((j) => j.workflowId);
  if (!chatClientRef && !running.includes(ONBOARDING) && running.some((id) => NEEDS_CHAT_CLIENT.includes(id))) {
    throw new UsageError(`${running.filter((id) => NEEDS_CHAT_CLIENT.includes(id)).join(' and ')} need a chat client: give --chat-client-ref (or chat_client_ref in --fixtures), or run ${ONBOARDING} too`);
  }

  const { baseUrl, apiKey } = implementationUnderCheck(v, fixtures);
  await preflight(baseUrl, apiKey);
  const reportsDir = reportsDirOf(v);
  const respectLog = join(reportsDir, 'workflows-respect.json');
  const signupCode = fixtures.signupCode && running.includes(ONBOARDING) ? fixtures.signupCode : undefined;
  const authCode = v['auth-code'] ?? (signupCode ? await issued(signupCode) : undefined);
  const inputs = journeyInputs({ apiKey, chatClientRef, authCode, recipient: v.recipient });
  console.log(`Partner journeys against ${baseUrl} (client ${inputs.chatClientRef}, template ${inputs.templateName})`);

  const startedAt = Date.now();
  const respect = await runRespect({ file: JOURNEYS_FILE, baseUrl, inputs, workflows: selected, jsonOutput: respectLog, echo: !v.quiet });
  const log = readRespectLog(respectLog);
  if (!log) throw new Error(`Respect exited with ${respect.exitCode} and wrote no log:\n${respect.stderr.trim()}`);
  const standIns = { authCode: authCode === undefined, chatClientFromOnboarding: chatClientRef === undefined };
  const result = respectRun({ log, journeys: all.filter((j) => running.includes(j.workflowId)), baseUrl, startedAt, durationMs: Date.now() - startedAt, standIns });
  const count = (o: string) => result.cases.filter((c) => c.outcome === o).length;
  console.log(`\n${journeysTable(result)}\n`);
  for (const failed of result.cases.filter((c) => c.outcome === 'failed')) console.log(`✘ ${failed.message}\n`);
  for (const unjudged of result.cases.filter((c) => c.skipKind === 'not judged' && c.name.startsWith(SIGNUP_STEP))) console.log(`◌ ${unjudged.message}\n`);
  console.log(`${count('passed')} passed, ${count('failed')} failed, ${count('skipped')} not run or not judged`);
  const report = journeysReport(result, respect.exitCode);
  publishReports(report, reportsDir, 'workflows', { 'Respect log': respectLog });
  return report.exitCode;
}

// the version is the drift check package's, which publishes this command: its package.json is found from
// <root>/contract-tests here and from <package>/dist/contract-tests when bundled
runCheckCommand({ name: 'partner-messaging-workflows', home: join(RESOURCE_ROOT, 'contract-tests'), usage: USAGE, options: OPTIONS, run });
