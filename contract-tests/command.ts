// What every check command (the drift check, the receiver check, the journeys runner) does the same way, on
// top of the runner of every command of the packages (cli/command.ts: strict options, --help, --version,
// usage errors): the options they share, how a failure becomes an exit code (exit-codes.ts), where the
// implementation under check comes from, and publishing the reports.
import { join, resolve } from 'node:path';
import type { ParseArgsConfig, parseArgs } from 'node:util';
import { UsageError, execute } from '../cli/command';
import { EXIT, TargetUnusableError, type ExitCode } from './exit-codes';
import { githubAnnotations, writeReports, type CheckReport, type ReportFiles } from './report';

export { UsageError };

/** Options of every check command besides --help and --version, for node:util parseArgs. */
const COMMON_OPTIONS = {
  'reports-dir': { type: 'string' },
  quiet: { type: 'boolean', default: false },
} as const;

type Options = NonNullable<ParseArgsConfig['options']>;

/** The parsed values of a command's own options and the common ones. */
export type CommandValues<O extends Options> = ReturnType<typeof parseArgs<{ options: O & typeof COMMON_OPTIONS; strict: true; allowPositionals: true }>>['values'];

interface CheckCommand<O extends Options> {
  /** What users type (`partner-messaging-contract`): prefixes the command's messages and starts its --version. */
  name: string;
  /** The command module's folder (`__dirname`), for --version. */
  home: string;
  /** The usage, printed by --help and after a usage error; ends with EXIT_CODES_HELP. */
  usage: string;
  /** The command's own options (COMMON_OPTIONS are added). */
  options: O;
  /** Runs the check once the command line is known to be well formed and neither --help nor --version was asked for. */
  run(values: CommandValues<O>): Promise<ExitCode>;
}

/** A failure of the check itself, not a verdict on the target: its stack, for the bug report. */
const crashed = (error: unknown) => `the check itself failed: ${(error as Error | undefined)?.stack ?? String(error)}`;

/**
 * Runs a check command with the process's arguments and exits with its code. The runner of every command
 * answers --help and --version (0, before the check runs) and usage errors (2, with the usage); here an
 * unusable target exits 4 with its cause, and any other error, also one thrown outside the run, exits 5 with
 * its stack (the check itself failed, so nothing was concluded about the target).
 */
export function runCheckCommand<O extends Options>(command: CheckCommand<O>): void {
  const exitCrashed = (error: unknown) => {
    console.error(`${command.name}: ${crashed(error)}`);
    process.exit(EXIT.checkFailed);
  };
  process.on('uncaughtException', exitCrashed);
  process.on('unhandledRejection', exitCrashed);
  const run = execute(
    {
      name: command.name,
      home: command.home,
      usage: command.usage,
      options: { ...command.options, ...COMMON_OPTIONS },
      run: (parsed) => command.run(parsed.values as CommandValues<O>),
      failureCode: (error) => (error instanceof TargetUnusableError ? EXIT.unreachable : EXIT.checkFailed),
      failureMessage: (error) => (error instanceof TargetUnusableError ? error.message : crashed(error)),
    },
    process.argv.slice(2),
  );
  void run.then((code) => process.exit(code ?? EXIT.checkFailed));
}

/** A check's setting from its flag, else from the CONTRACT_<NAME> environment variable (empty counts as unset). */
const flagOrEnv = (flag: string | undefined, name: string): string | undefined => flag ?? (process.env[`CONTRACT_${name}`] || undefined);

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
