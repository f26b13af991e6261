// `partner-messaging-sandbox` (npm run sandbox -- <command> …): the sandbox's operations from the command line,
// against the running server over HTTP with the admin token or a partner's portal token (--token, SANDBOX_TOKEN;
// else the admin token of SANDBOX_ADMIN_TOKEN or the token file in DATA_DIR).
// One table of commands (sandbox-commands/, COMMANDS): each names the operation of server/sandbox/openapi.yaml it
// calls, its arguments and flags, the request it sends with openapi-fetch over the sandbox contract's generated
// paths, and how its answer is printed; the usage and every command's --help are written from it.
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import createClient from 'openapi-fetch';
import { UsageError, runCommand, type Command } from '../../cli/command';
import type { paths } from '../sandbox/generated/openapi';
import { OPERATIONS } from '../sandbox/generated/server';
import { COMMANDS } from './sandbox-commands';
import { commandOf, givenTo, type Values } from './sandbox-commands/given';
import { json, type Api, type SandboxCommand } from './sandbox-commands/table';
import { COMMON, commandHelp, PROGRAM, USAGE } from './sandbox-commands/usage';

function tokenOf(values: Values): string {
  const flag = values.token;
  const given = (typeof flag === 'string' ? flag : undefined) || process.env.SANDBOX_TOKEN || process.env.SANDBOX_ADMIN_TOKEN;
  if (given) return given;
  const file = resolve(process.env.DATA_DIR || './.data', 'sandbox-admin-token');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  throw new UsageError(`No token: pass --token (the admin token or a portal token), set SANDBOX_TOKEN, or start the server once (it writes the admin token to ${file}).`);
}

/** The sandbox's client: every request the one of `command`'s operation, a failure to send one naming it. */
function sandboxClient(base: string, token: string, command: SandboxCommand): Api {
  const api = createClient<paths>({ baseUrl: `${base}/sandbox`, headers: { authorization: `Bearer ${token}` } });
  const route = OPERATIONS[command.operation];
  api.use({
    onRequest: ({ request, schemaPath }) => {
      if (schemaPath !== route.path || request.method.toLowerCase() !== route.method) {
        throw new Error(`${command.name} sends ${request.method} ${schemaPath}, not ${command.operation} (${route.method.toUpperCase()} ${route.path}).`);
      }
    },
    onError: ({ request, error }) => new Error(`${request.method} ${request.url} could not be sent`, { cause: error }),
  });
  return api;
}

async function sandbox(positionals: string[], values: Values): Promise<number> {
  const { command, rest } = commandOf(positionals);
  const given = givenTo(command, rest, values);
  const server = values.server;
  const base = (typeof server === 'string' ? server : `http://localhost:${process.env.PORT || 4000}`).replace(/\/+$/, '');
  if (!URL.canParse(base) || !/^https?:$/.test(new URL(base).protocol)) throw new UsageError(`--server must be an http(s) URL, got '${base}'.`);
  const api = sandboxClient(base, tokenOf(values), command);
  const { data, error, response } = await command.send(api, given);
  if (!response.ok) {
    throw new Error(`${OPERATIONS[command.operation].method.toUpperCase()} ${response.url} answered ${response.status}:\n${JSON.stringify(error ?? {}, null, 2)}`);
  }
  (command.print ?? ((answer, _given, out) => out(json(answer))))(data, given, (text) => process.stdout.write(text));
  return 0;
}

/** Every flag of every command, for the strict parser; switches take no value. */
const OPTIONS = Object.fromEntries(
  [...Object.entries(COMMON), ...COMMANDS.flatMap((command) => Object.entries(command.flags ?? {}))].map(([name, flag]) => [name, { type: flag.switch ? 'boolean' : 'string' }]),
) as Record<string, { type: 'string' | 'boolean' }>;

/**
 * What is wrong with a command line before anything is sent (an unknown command or flag, a missing argument
 * or flag, a value the contract does not allow), or undefined when it would be sent: the checks of a run, on
 * a client that sends nothing. The guides' command lines are held to it (docs/guides.test.ts).
 */
export async function sandboxUsageError(argv: string[]): Promise<string | undefined> {
  try {
    const { values, positionals } = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
    const { command, rest } = commandOf(positionals);
    const unsent = new Proxy({} as Api, { get: () => async () => ({ response: new Response(null, { status: 204 }) }) });
    await command.send(unsent, givenTo(command, rest, values));
    return undefined;
  } catch (error) {
    if (error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) return (error as Error).message;
    throw error;
  }
}

export const sandboxCommand: Command<typeof OPTIONS> = {
  name: PROGRAM,
  home: __dirname,
  usage: USAGE,
  helpFor: (positionals) => {
    try {
      return positionals.length ? commandHelp(commandOf(positionals).command) : undefined;
    } catch {
      return undefined;
    }
  },
  options: OPTIONS,
  positionals: true,
  run: ({ values, positionals }) => sandbox(positionals, values),
};

if (require.main === module) runCommand(sandboxCommand);
