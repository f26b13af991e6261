// `npm run contract`: the contract suite against any implementation at a URL (or the in-process reference
// server / the Prism mock), optionally through `prism proxy --errors`. Writes JUnit XML, CTRF JSON and a
// human summary, and exits with the shared check exit codes.
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { EXIT, EXIT_CODES_HELP, exitCodeOf, type ExitCode } from './exit-codes';
import { COMMON_OPTIONS, UsageError, flagOrEnv, implementationUnderCheck, runCheckCommand } from './command';
import { summaryMarkdown, writeReports } from './report';
import { COVERAGE_CASE, runSuite } from './runner';
import { behindPrismProxy, externalTarget, startMockTarget, startServerTarget, type RunningTarget } from './targets';

const HELP = `Usage: npm run contract -- --base-url URL --api-key KEY [options]

Runs the contract suite against an implementation of openapi.yaml and checks every response against the
document (status, content type, body schema, required headers). Writes reports/contract-junit.xml,
reports/contract-ctrf.json (ctrf.io) and reports/contract-summary.md. An operation left unexercised (a
fixture missing) makes the run incomplete (exit 3) unless --no-require-every-operation.

Target (one of):
  --base-url URL              base URL including the version prefix, e.g. http://localhost:4000/v1  [CONTRACT_BASE_URL]
  --api-key KEY               key with every scope; a live key is best (the suite only sends dry runs) [CONTRACT_API_KEY]
  --target NAME               instead of --base-url: "reference-server" (started in-process) or "mock" (Prism)

Fixtures (optional; the cases that need a missing one are reported as skipped, with the option to pass):
  --chat-client-ref REF       a connected chat client                              [CONTRACT_CHAT_CLIENT_REF]
  --social-client-ref REF     a connected social client                            [CONTRACT_SOCIAL_CLIENT_REF]
  --restricted-api-key KEY    a valid key without the operations' scopes (403)     [CONTRACT_RESTRICTED_API_KEY]
  --test-api-key KEY          a test key (ik_test_) with every scope               [CONTRACT_TEST_API_KEY]
  --rate-limit-key KEY        a key the suite may exhaust (429)                    [CONTRACT_RATE_LIMIT_KEY]
  --approved-template REF     an APPROVED template of the chat client with body placeholders; the suite edits it once
                              (same content) and tries a language change           [CONTRACT_APPROVED_TEMPLATE]
  --approved-template-language CODE                                                [CONTRACT_APPROVED_TEMPLATE_LANGUAGE]
  --inbound-media-id ID       an inbound media id of the chat client               [CONTRACT_INBOUND_MEDIA_ID]
  --signup-auth-code CODE     an unused code for POST /clients/signup              [CONTRACT_SIGNUP_AUTH_CODE]

Options:
  --like mock                 the implementation behaves like the Prism mock (e.g. a deployed mock): apply the mock
                              profile's limits and use openapi.yaml's example values as fixtures
  --prism-proxy               run through "prism proxy openapi.yaml <base-url> --errors" (an independent validator)
  --no-require-every-operation   do not fail when an operation goes unexercised (default: fail)
  --reports-dir DIR           default: reports
  --quiet                     print only the summary
  -h, --help

${EXIT_CODES_HELP}`;

async function main(argv: string[]): Promise<ExitCode> {
  const { values: v } = parseArgs({
    args: argv,
    options: {
      'base-url': { type: 'string' },
      'api-key': { type: 'string' },
      target: { type: 'string' },
      'chat-client-ref': { type: 'string' },
      'social-client-ref': { type: 'string' },
      'restricted-api-key': { type: 'string' },
      'test-api-key': { type: 'string' },
      'rate-limit-key': { type: 'string' },
      'approved-template': { type: 'string' },
      'approved-template-language': { type: 'string' },
      'inbound-media-id': { type: 'string' },
      'signup-auth-code': { type: 'string' },
      'prism-proxy': { type: 'boolean', default: false },
      like: { type: 'string' },
      'no-require-every-operation': { type: 'boolean', default: false },
      ...COMMON_OPTIONS,
    },
    strict: true,
  });
  if (v.help) {
    console.log(HELP);
    return EXIT.passed;
  }
  const opt = (flag: keyof typeof v, name: string) => flagOrEnv(v[flag] as string | undefined, name);
  const requireEveryOperation = !v['no-require-every-operation'];

  let target: RunningTarget;
  if (v.target === 'reference-server') {
    target = await startServerTarget();
    target.profile = { ...target.profile, requireEveryOperation };
  } else if (v.target === 'mock') {
    target = await startMockTarget();
    target.profile = { ...target.profile, requireEveryOperation };
  } else if (v.target !== undefined) {
    throw new UsageError(`unknown --target ${v.target} (reference-server or mock)`);
  } else {
    if (v.like !== undefined && v.like !== 'mock') throw new UsageError(`unknown --like ${v.like} (mock)`);
    const { baseUrl, apiKey } = await implementationUnderCheck(v);
    target = externalTarget({
      baseUrl,
      apiKey,
      chatClientRef: opt('chat-client-ref', 'CHAT_CLIENT_REF'),
      socialClientRef: opt('social-client-ref', 'SOCIAL_CLIENT_REF'),
      restrictedKey: opt('restricted-api-key', 'RESTRICTED_API_KEY'),
      testKey: opt('test-api-key', 'TEST_API_KEY'),
      rateLimitKey: opt('rate-limit-key', 'RATE_LIMIT_KEY'),
      approvedTemplate: opt('approved-template', 'APPROVED_TEMPLATE'),
      approvedTemplateLanguage: opt('approved-template-language', 'APPROVED_TEMPLATE_LANGUAGE'),
      inboundMediaId: opt('inbound-media-id', 'INBOUND_MEDIA_ID'),
      signupAuthCode: opt('signup-auth-code', 'SIGNUP_AUTH_CODE'),
      requireEveryOperation,
      like: v.like === 'mock' ? 'mock' : undefined,
    });
  }
  if (v['prism-proxy']) target = await behindPrismProxy(target);

  const reportsDir = resolve(v['reports-dir'] ?? join(process.cwd(), 'reports'));
  const files = {
    junit: join(reportsDir, 'contract-junit.xml'),
    ctrf: join(reportsDir, 'contract-ctrf.json'),
    summary: join(reportsDir, 'contract-summary.md'),
  };
  try {
    if (!v.quiet) console.log(`Contract suite against ${target.profile.target} at ${target.baseUrl}`);
    const result = await runSuite(target, {
      onResult: (r) => {
        if (v.quiet) return;
        const mark = { passed: '✔', failed: '✘', skipped: '○' }[r.outcome];
        console.log(`${mark} ${r.name}${r.outcome === 'passed' ? '' : ` — ${r.outcome}: ${(r.message ?? '').split('\n').join('\n    ')}`}`);
      },
    });
    writeReports(result, files);
    console.log(`\n${summaryMarkdown(result)}`);
    console.log(`JUnit XML: ${files.junit}\nCTRF JSON: ${files.ctrf}\nSummary:   ${files.summary}`);
    const failed = result.results.filter((r) => r.outcome === 'failed');
    return exitCodeOf({
      violations: failed.filter((r) => r.name !== COVERAGE_CASE).length,
      incomplete: failed.filter((r) => r.name === COVERAGE_CASE).length,
    });
  } finally {
    await target.close();
  }
}

runCheckCommand('contract', HELP, () => main(process.argv.slice(2)));
