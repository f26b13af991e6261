// How every command of the packages reads its arguments and ends (clig.dev's conventions): node:util
// parseArgs with strict options; --help prints the usage (a sub-command's own, when the command has them)
// and exits 0 having done nothing else; --version prints the package's version and the API version it
// carries; an unknown option, a missing value or a UsageError prints the message and the usage and exits 2;
// any other failure prints its message with its causes and exits with the command's failure code.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { API_VERSION } from '../generated/constants';

/** A wrong, missing or conflicting argument: exit 2 with the usage. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

export const EXIT_USAGE = 2;

export type Options = NonNullable<ParseArgsConfig['options']>;
type Parsed<O extends Options> = ReturnType<typeof parseArgs<{ options: O; allowPositionals: true; strict: true }>>;

export interface Command<O extends Options> {
  /** What users type: `partner-messaging-keys`. */
  name: string;
  /** The command module's folder (`__dirname`): the package's version is read from the package.json above it. */
  home: string;
  /** The usage text: printed by --help and after a usage error. */
  usage: string;
  /** The help of what the positional arguments name (a sub-command's own `--help`), or undefined for the usage. */
  helpFor?(positionals: string[]): string | undefined;
  /** Options besides --help and --version. */
  options: O;
  /** Positional arguments allowed (a sub-command, an event name); default none. */
  positionals?: boolean;
  /**
   * Runs the command. A number is the exit code (the process ends with it); nothing means the command keeps
   * running (a server) and ends itself.
   */
  run(args: Parsed<O>): Promise<number | void> | number | void;
  /** The exit code of a failure that is not a usage error (default 1); may name a code per kind of error. */
  failureCode?(error: unknown): number;
  /** What a failure that is not a usage error prints after the command's name (default: its message with its causes). */
  failureMessage?(error: unknown): string;
}

interface Manifest {
  name?: string;
  version?: string;
}

/** The version of the package a command belongs to: the nearest package.json above `home` that has one. */
export function packageVersion(home: string): string {
  for (let dir = home; ; dir = dirname(dir)) {
    const file = join(dir, 'package.json');
    if (existsSync(file)) {
      const manifest = JSON.parse(readFileSync(file, 'utf8')) as Manifest;
      if (manifest.version) return manifest.version;
    }
    if (dirname(dir) === dir) return 'unknown';
  }
}

/** An error's message followed by its causes: `fetch failed: connect ECONNREFUSED 127.0.0.1:4000`. */
export function withCauses(error: unknown): string {
  const parts: string[] = [];
  for (let e: unknown = error, depth = 0; e !== undefined && e !== null && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const message = e instanceof Error ? e.message : String(e);
    if (message && !parts.some((part) => part.includes(message))) parts.push(message);
    if (!(e instanceof Error)) break;
  }
  return parts.join(': ');
}

const isParseError = (error: unknown) => String((error as { code?: unknown })?.code ?? '').startsWith('ERR_PARSE_ARGS');

/** Runs `command` with `argv`; resolves to the exit code, or undefined while it keeps running. */
export async function execute<O extends Options>(
  command: Command<O>,
  argv: string[],
  io: { out(text: string): void; err(text: string): void } = { out: (t) => process.stdout.write(t), err: (t) => process.stderr.write(t) },
): Promise<number | undefined> {
  let parsed: Parsed<O> | undefined;
  const config = {
    args: argv,
    options: { ...command.options, help: { type: 'boolean', short: 'h' }, version: { type: 'boolean' } } as O,
    allowPositionals: true,
    strict: true,
  } as const;
  try {
    parsed = parseArgs(config) as Parsed<O>;
    const flags = parsed.values as { help?: boolean; version?: boolean };
    if (flags.help) {
      io.out(`${command.helpFor?.(parsed.positionals) ?? command.usage}\n`);
      return 0;
    }
    if (flags.version) {
      io.out(`${command.name} ${packageVersion(command.home)} (Partner Messaging API ${API_VERSION})\n`);
      return 0;
    }
    if (!command.positionals && parsed.positionals.length > 0) throw new UsageError(`Unexpected argument '${parsed.positionals[0]}'.`);
    const code = await command.run(parsed);
    return typeof code === 'number' ? code : undefined;
  } catch (error) {
    if (error instanceof UsageError || isParseError(error)) {
      io.err(`${command.name}: ${(error as Error).message}\n\n${(parsed && command.helpFor?.(parsed.positionals)) ?? command.usage}\n`);
      return EXIT_USAGE;
    }
    io.err(`${command.name}: ${command.failureMessage?.(error) ?? withCauses(error)}\n`);
    return command.failureCode?.(error) ?? 1;
  }
}

/** The process entry of a command: runs it with the process's arguments and exits with its code. */
export function runCommand<O extends Options>(command: Command<O>): void {
  void execute(command, process.argv.slice(2)).then((code) => {
    if (code !== undefined) process.exit(code);
  });
}
