// The sandbox command's table: what one command (a row) declares, how its answers are printed, and what it
// was given as its row reads it. The rows are in the modules beside this one, by what they act on.
import { writeFileSync } from 'node:fs';
import type { Client } from 'openapi-fetch';
import { UsageError } from '../../../cli/command';
import type { paths } from '../../sandbox/generated/openapi';
import type { OperationId } from '../../sandbox/generated/server';

export type Api = Client<paths>;

/** A flag of a command: its value's form (none: a switch), the values it takes, whether it must be given. */
export interface Flag {
  /** How the value looks in the usage (`URL`, `all|a,b`); defaults to its choices. */
  value?: string;
  /** The values the contract allows, checked before anything is sent. */
  choices?: readonly string[];
  required?: boolean;
  /** A switch: no value. */
  switch?: boolean;
  help: string;
}

/** A positional argument, always required. */
export interface Arg {
  name: string;
  /** The values the contract allows, checked before anything is sent. */
  choices?: readonly string[];
  /** How it looks in the usage; `<name>` unless given. */
  value?: string;
}

/** What a command was given, read through its table row. */
export interface Given {
  /** The value of an argument by its name. */
  arg(name: string): string;
  /** An argument that takes one of its choices. */
  argOf<C extends string>(name: string, choices: readonly C[]): C;
  /** A flag's value, or undefined when not given (or given empty); a required one is always there. */
  flag(name: string): string | undefined;
  /** A flag that takes one of its choices. */
  flagOf<C extends string>(name: string, choices: readonly C[]): C | undefined;
  /** A flag whose value is a whole number. */
  integer(name: string): number | undefined;
  /** A comma-separated list. */
  list(name: string): string[] | undefined;
  /** A comma-separated list of some of `choices`. */
  listOf<C extends string>(name: string, choices: readonly C[]): C[] | undefined;
  /** A switch. */
  on(name: string): boolean;
  /** The `partner` query parameter of the operations that act for one partner (`--partner`). */
  partner: { partner?: string };
}

/** How an answer is printed; `out` writes to stdout. */
export type Printer = (answer: unknown, given: Given, out: (text: string) => void) => void;

/** One command: the row of the table. */
export interface SandboxCommand {
  /** What users type after the program's name: `keys create`. */
  name: string;
  summary: string;
  /** The sandbox operation it calls (server/sandbox/openapi.yaml); its request must be this operation's. */
  operation: OperationId;
  args?: readonly Arg[];
  flags?: Readonly<Record<string, Flag>>;
  /** The operation's request, typed by the sandbox contract's paths. */
  send(api: Api, given: Given): Promise<{ data?: unknown; error?: unknown; response: Response }>;
  /** Default: the answer as indented JSON. */
  print?: Printer;
}

export const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/** The answer without its secret `field`, then the secret alone on the last line (shown once). */
export const secretLast =
  (field: string): Printer =>
  (answer, _given, out) => {
    const record = typeof answer === 'object' && answer !== null ? answer : {};
    const secret = field in record ? (record as Record<string, unknown>)[field] : undefined;
    out(json(Object.fromEntries(Object.entries(record).filter(([name]) => name !== field))));
    if (typeof secret === 'string') out(`${secret}\n`);
  };

/** A new key: the key alone on the last line. */
export const keyLast: Printer = secretLast('key');

/** A new portal token: the token alone on the last line. */
export const portalTokenLast: Printer = secretLast('portal_token');

/** The fixtures file on stdout, or written privately to `--out`. */
export const fixturesFile: Printer = (answer, given, out) => {
  const file = json(answer);
  const path = given.flag('out');
  if (path === undefined) return out(file);
  writeFileSync(path, file, { mode: 0o600 });
  process.stderr.write(`Fixtures written to ${path} (it holds keys and the sandbox token: keep it private).\n`);
};

/** The answer; then, on stderr, each example template that was not made and why. */
export const examplesPlaced: Printer = (answer, _given, out) => {
  out(json(answer));
  const templates = (answer as { templates?: Array<{ outcome?: string; note?: string }> } | undefined)?.templates ?? [];
  for (const { outcome, note } of templates) if (outcome === 'skipped' && note) process.stderr.write(`Skipped: ${note}\n`);
};

/** The choices of a yes-or-no flag; every other flag's choices are an enumeration of the sandbox contract (ENUMS). */
export const BOOLEANS = ['true', 'false'] as const;

export function missing(command: string, what: string): never {
  throw new UsageError(`${command}: missing ${what}.`);
}
