// What every check command (the drift check, the receiver check, the journeys runner) does the same way:
// the options they share, and how an error becomes an exit code.
import { EXIT, TargetUnusableError, type ExitCode } from './exit-codes';
import { assertReachable } from './reachability';

/** Options of every check command, for node:util parseArgs. */
export const COMMON_OPTIONS = {
  'reports-dir': { type: 'string' },
  quiet: { type: 'boolean', default: false },
  help: { type: 'boolean', short: 'h', default: false },
} as const;

/** A wrong or missing flag: the command prints the message and its usage, and exits 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/**
 * Runs a check command and exits with its code: a usage error (ours or node:util parseArgs') prints the
 * usage (2), an unusable target its cause (4), anything else its stack (3: nothing could be concluded).
 */
export function runCheckCommand(name: string, usage: string, main: () => Promise<ExitCode>): void {
  main().then(
    (code) => process.exit(code),
    (e: unknown) => {
      if (e instanceof UsageError || (e as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
        console.error(`${name}: ${(e as Error).message}\n\n${usage}`);
        process.exit(EXIT.usage);
      }
      if (e instanceof TargetUnusableError) {
        console.error(`${name}: ${e.message}`);
        process.exit(EXIT.unreachable);
      }
      console.error(`${name}: ${(e as Error).stack ?? e}`);
      process.exit(EXIT.incomplete);
    },
  );
}

/** A check's setting from its flag, else from the CONTRACT_<NAME> environment variable (empty counts as unset). */
export const flagOrEnv = (flag: string | undefined, name: string): string | undefined => flag ?? (process.env[`CONTRACT_${name}`] || undefined);

/**
 * The implementation under check: --base-url (with the version prefix, no trailing slash) and --api-key, or
 * CONTRACT_BASE_URL and CONTRACT_API_KEY; checks the target exists before any case runs.
 */
export async function implementationUnderCheck(values: { 'base-url'?: string; 'api-key'?: string }): Promise<{ baseUrl: string; apiKey: string }> {
  const baseUrl = flagOrEnv(values['base-url'], 'BASE_URL')?.replace(/\/+$/, '');
  const apiKey = flagOrEnv(values['api-key'], 'API_KEY');
  if (!baseUrl || !apiKey) throw new UsageError('give --base-url and --api-key (or CONTRACT_BASE_URL and CONTRACT_API_KEY)');
  if (!/^https?:\/\/./.test(baseUrl)) throw new UsageError(`--base-url must be an http(s) URL, got ${baseUrl}`);
  await assertReachable(`${baseUrl}/status`);
  return { baseUrl, apiKey };
}
