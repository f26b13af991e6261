// What a command line names and gives, checked against the command's row before anything is sent.
import { UsageError } from '../../../cli/command';
import { COMMANDS } from '.';
import { missing, type Given, type SandboxCommand } from './table';
import { argUsage, COMMON, flagUsage } from './usage';

/** The command the positional arguments name (one or two words), and the arguments after its name. */
export function commandOf(positionals: string[]): { command: SandboxCommand; rest: string[] } {
  const [first, second] = positionals;
  if (first === undefined) throw new UsageError('No command given.');
  const one = COMMANDS.find((c) => c.name === first);
  if (one) return { command: one, rest: positionals.slice(1) };
  const group = COMMANDS.filter((c) => c.name.startsWith(`${first} `));
  if (group.length === 0) throw new UsageError(`Unknown command '${first}'.`);
  const two = group.find((c) => c.name === `${first} ${second}`);
  if (!two) throw new UsageError(second === undefined ? `${first} needs a sub-command.` : `Unknown ${first} sub-command '${second}'.`);
  return { command: two, rest: positionals.slice(2) };
}

/** `value` as one of `choices`, or a usage error naming `what` takes them. */
export function choose<C extends string>(value: string, choices: readonly C[], what: string): C {
  const chosen = choices.find((choice) => choice === value);
  if (chosen === undefined) throw new UsageError(`${what} takes ${choices.join(', ')}; got '${value}'.`);
  return chosen;
}

export type Values = Record<string, string | boolean | undefined>;

/** What the command was given, checked against its row: no flag it does not take, every required one there. */
export function givenTo(command: SandboxCommand, rest: string[], values: Values): Given {
  const flags = command.flags ?? {};
  const misplaced = Object.keys(values).find((name) => !(name in COMMON) && !(name in flags));
  if (misplaced) throw new UsageError(`${command.name} takes no --${misplaced}.`);
  const args = command.args ?? [];
  if (rest.length > args.length) throw new UsageError(`${command.name} takes no argument '${rest[args.length]}'.`);
  const text = (name: string) => {
    const value = values[name];
    return typeof value === 'string' && value !== '' ? value : undefined;
  };
  for (const [index, arg] of args.entries()) if (!rest[index]) missing(command.name, argUsage(arg));
  for (const [name, flag] of Object.entries(flags)) if (flag.required && text(name) === undefined) missing(command.name, flagUsage(name, flag));
  const takes = (what: string) => `${command.name}: ${what}`;
  for (const [name, flag] of Object.entries(flags)) {
    const value = text(name);
    if (flag.choices && value !== undefined) choose(value, flag.choices, takes(`--${name}`));
  }
  for (const [index, arg] of args.entries()) if (arg.choices) choose(rest[index]!, arg.choices, takes(`<${arg.name}>`));
  const arg = (name: string) => rest[args.findIndex((a) => a.name === name)]!;
  const list = (name: string) => text(name)?.split(',').map((s) => s.trim()).filter(Boolean);
  const partner = text('partner');
  return {
    arg,
    argOf: (name, choices) => choose(arg(name), choices, takes(`<${name}>`)),
    flag: text,
    flagOf: (name, choices) => {
      const value = text(name);
      return value === undefined ? undefined : choose(value, choices, takes(`--${name}`));
    },
    integer: (name) => {
      const value = text(name);
      if (value === undefined) return undefined;
      if (!/^-?\d+$/.test(value)) throw new UsageError(`${takes(`--${name}`)} takes a whole number; got '${value}'.`);
      return Number(value);
    },
    list,
    listOf: (name, choices) => list(name)?.map((value) => choose(value, choices, takes(`--${name}`))),
    on: (name) => values[name] === true,
    partner: partner === undefined ? {} : { partner },
  };
}
