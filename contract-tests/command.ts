// What every check command (the drift check, the receiver check, the journeys runner) does the same way: the
// options they share, parsing the command line, --help, how an error becomes an exit code, where the
// implementation under check comes from, and publishing the reports.
import { join, resolve } from 'node:path';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { EXIT, TargetUnusableError, type ExitCode } from './exit-codes';
import { githubAnnotations, writeReports, type CheckReport, type ReportFiles } from './report';

/** Options of every check command, for node:util parseArgs. */
const COMMON_OPTIONS = {
  'reports-dir': { type: 'string' },
  quiet: { type: 'boolean', default: false },
  help: { type: 'boolean', short: 'h', default: false },
} as const;

type Options = NonNullable<ParseArgsConfig['options']>;

/** The parsed values of a command's own options and the common ones. */
export type CommandValues<O extends Options> = ReturnType<typeof parseArgs<{ options: O & typeof COMMON_OPTIONS; strict: true; allowPositionals: false }>>['values'];

/** A wrong or missing flag: the command prints the message and its usage, and exits 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

interface CheckCommand<O extends Options> {
  /** Prefixes the command's messages (`contract: …`) and names the tool in its reports. */
  name: string;
  /** The usage, printed by --help and after a usage error; ends with EXIT_CODES_HELP. */
  usage: string;
  /** The command's own options (COMMON_OPTIONS are added). */
  options: O;
  /** Runs the check once the command line is known to be well formed and --help was not asked for. */
  run(values: CommandValues<O>): Promise<ExitCode>;
}

/**
 * Runs a check command and exits with its code. --help prints the usage and exits 0 before anything else
 * happens; an unknown flag or a UsageError prints the message and the usage (2); an unusable target its cause
 * (4); any other error, also one thrown outside the run's promise, its stack (5: the check itself failed, so
 * nothing was concluded about the target).
 */
export function runCheckCommand<O extends Options>(command: CheckCommand<O>, argv: string[] = process.argv.slice(2)): void {
  const exitOn = (e: unknown): never => {
    if (e instanceof UsageError || (e as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      console.error(`${command.name}: ${(e as Error).message}\n\n${command.usage}`);
      process.exit(EXIT.usage);
    }
    if (e instanceof TargetUnusableError) {
      console.error(`${command.name}: ${e.message}`);
      process.exit(EXIT.unreachable);
    }
    console.error(`${command.name}: the check itself failed: ${(e as Error).stack ?? e}`);
    process.exit(EXIT.checkFailed);
  };
  process.on('uncaughtException', exitOn);
  process.on('unhandledRejection', exitOn);
  let values: CommandValues<O>;
  try {
    values = parseArgs({ args: argv, options: { ...command.options, ...COMMON_OPTIONS }, strict: true, allowPositionals: false }).values as CommandValues<O>;
  } catch (e) {
    return exitOn(e);
  }
  if ((values as { help?: boolean }).help) {
    console.log(command.usage);
    process.exit(EXIT.passed);
  }
  command.run(values).then((code) => process.exit(code), exitOn);
}

/** A check's setting from its flag, else from the CONTRACT_<NAME> environment variable (empty counts as unset). */
export const flagOrEnv = (flag: string | undefined, name: string): string | undefined => flag ?? (process.env[`CONTRACT_${name}`] || undefined);

/**
 * The implementation under check: --base-url (with the version prefix) and --api-key, else CONTRACT_BASE_URL
 * and CONTRACT_API_KEY, else what `fallback` holds (the drift check's fixtures file). Usage errors only; the
 * preflight (reachability.ts) then checks the target before any case.
 */
export function implementationUnderCheck(
  values: { 'base-url'?: string; 'api-key'?: string },
  fallback: { baseUrl?: string; apiKey?: string } = {},
): { baseUrl: string; apiKey: string } {
  const baseUrl = (flagOrEnv(values['base-url'], 'BASE_URL') ?? fallback.baseUrl)?.replace(/\/+$/, '');
  const apiKey = flagOrEnv(values['api-key'], 'API_KEY') ?? fallback.apiKey;
  if (!baseUrl || !apiKey) throw new UsageError('give --base-url and --api-key (or CONTRACT_BASE_URL and CONTRACT_API_KEY)');
  if (!/^https?:\/\/./.test(baseUrl)) throw new UsageError(`--base-url must be an http(s) URL, got ${baseUrl}`);
  return { baseUrl, apiKey };
}

/** The folder the reports go to: --reports-dir, else `reports` in the working directory. */
export const reportsDirOf = (values: { 'reports-dir'?: string }): string => resolve(values['reports-dir'] ?? join(process.cwd(), 'reports'));

/**
 * Writes a run's reports (`<name>-junit.xml`, `<name>-ctrf.json`, `<name>-summary.md`), prints GitHub Actions
 * annotations when GITHUB_ACTIONS=true, then where the reports are (and any `more` files the check wrote).
 */
export function publishReports(report: CheckReport, dir: string, name: string, more: Record<string, string> = {}): ReportFiles {
  const files = writeReports(report, dir, name);
  if (process.env.GITHUB_ACTIONS === 'true') for (const line of githubAnnotations(report)) console.log(line);
  const listed: Record<string, string> = { 'JUnit XML': files.junit, 'CTRF JSON': files.ctrf, Summary: files.summary, ...more };
  const width = Math.max(...Object.keys(listed).map((label) => label.length)) + 2;
  for (const [label, file] of Object.entries(listed)) console.log(`${`${label}:`.padEnd(width)}${file}`);
  return files;
}
