// The sandbox command's usage and each command's --help, written from the table of commands.
import { OPERATIONS } from '../../sandbox/generated/server';
import { COMMANDS } from '.';
import type { Arg, Flag, SandboxCommand } from './table';

export const PROGRAM = 'partner-messaging-sandbox';

/** The options of every command. */
export const COMMON: Readonly<Record<string, Flag>> = {
  server: { value: 'URL', help: 'the running server (default http://localhost:${PORT:-4000})' },
  token: { value: 'T', help: "the admin token or a partner's portal token (default SANDBOX_TOKEN, else SANDBOX_ADMIN_TOKEN, else ${DATA_DIR:-./.data}/sandbox-admin-token)" },
  partner: { value: 'ID', help: "the partner the command acts for (default: the portal token's, or with the admin token the default partner; ignored by those acting for everyone)" },
};

export const EXIT_CODES = 'Exit codes: 0 done, 1 the server refused or could not be reached (the URL and the cause are printed), 2 usage.';

const valueOf = (flag: Flag) => flag.value ?? flag.choices?.join('|') ?? '';
export const flagUsage = (name: string, flag: Flag) => (flag.switch ? `--${name}` : `--${name} ${valueOf(flag)}`);
export const argUsage = (arg: Arg) => arg.value ?? `<${arg.name}>`;

/** `keys create --mode test|live [--scopes all|a,b] …` */
export function synopsis(command: SandboxCommand): string {
  const flags = Object.entries(command.flags ?? {}).map(([name, flag]) => (flag.required ? flagUsage(name, flag) : `[${flagUsage(name, flag)}]`));
  return [command.name, ...(command.args ?? []).map(argUsage), ...flags].join(' ');
}

export const optionLines = (flags: Readonly<Record<string, Flag>>) => {
  const entries = Object.entries(flags).map(([name, flag]) => [flagUsage(name, flag), flag.help] as const);
  const width = Math.max(...entries.map(([usage]) => usage.length));
  return entries.map(([usage, help]) => `  ${usage.padEnd(width)}   ${help}`);
};

export const USAGE = `Usage: ${PROGRAM} <command> [options]
       (in this repository: npm run sandbox -- <command> [options])

Drives the reference server's sandbox over HTTP: partners, their portal tokens and keys, connected clients,
webhooks and their deliveries, simulated inbound messages, template reviews and message statuses, trials,
signup codes, the request log, the partner's clock, faults on demand, and a ready fixtures file for the drift
check. With the admin token every command acts for any partner (--partner); with a partner's portal token,
for that partner alone. \`${PROGRAM} <command> --help\` describes one command.

Commands:
${COMMANDS.map((command) => `  ${synopsis(command)}\n      ${command.summary}`).join('\n')}

Options of every command:
${optionLines({ ...COMMON, version: { switch: true, help: "the package's version and the API version of its contract" }, help: { switch: true, help: 'this text, or with a command its own (-h)' } }).join('\n')}

${EXIT_CODES}`;

/** `--help` of one command: what it does, its operation, its arguments and flags. */
export function commandHelp(command: SandboxCommand): string {
  const route = OPERATIONS[command.operation];
  const lines = [
    `Usage: ${PROGRAM} ${synopsis(command)} [--server URL] [--token T]${OPERATIONS[command.operation].parameters.query.includes('partner') ? ' [--partner ID]' : ''}`,
    '',
    `${command.summary[0]!.toUpperCase()}${command.summary.slice(1)}.`,
    `Calls ${route.method.toUpperCase()} /sandbox${route.path} (${command.operation}, server/sandbox/openapi.yaml).`,
  ];
  if (command.flags && Object.keys(command.flags).length) lines.push('', 'Options:', ...optionLines(command.flags));
  lines.push('', 'Options of every command:', ...optionLines(COMMON), '', EXIT_CODES);
  return lines.join('\n');
}
