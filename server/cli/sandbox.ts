// `partner-messaging-sandbox` (npm run sandbox -- <command> …): the sandbox's operations from the command line,
// against the running server over HTTP with the admin token (SANDBOX_ADMIN_TOKEN, or the token file in DATA_DIR).
// One table of commands (COMMANDS, below): each names the operation of server/sandbox/openapi.yaml it calls,
// its arguments and flags, the request it sends with openapi-fetch over the sandbox contract's generated paths,
// and how its answer is printed; the usage and every command's --help are written from it.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import createClient, { type Client } from 'openapi-fetch';
import { UsageError, runCommand, type Command } from '../../cli/command';
import { ENUMS, LIMITS } from '../sandbox/generated/constants';
import type { paths } from '../sandbox/generated/openapi';
import { OPERATIONS, type OperationId } from '../sandbox/generated/server';

type Api = Client<paths>;

/** A flag of a command: its value's form (none: a switch), the values it takes, whether it must be given. */
interface Flag {
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
interface Arg {
  name: string;
  /** The values the contract allows, checked before anything is sent. */
  choices?: readonly string[];
  /** How it looks in the usage; `<name>` unless given. */
  value?: string;
}

/** What a command was given, read through its table row. */
interface Given {
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
type Printer = (answer: unknown, given: Given, out: (text: string) => void) => void;

/** One command: the row of the table. */
interface SandboxCommand {
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

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/** The answer without its `key`, then the key alone on the last line (shown once). */
const keyLast: Printer = (answer, _given, out) => {
  const record = typeof answer === 'object' && answer !== null ? answer : {};
  const key = 'key' in record ? record.key : undefined;
  out(json(Object.fromEntries(Object.entries(record).filter(([name]) => name !== 'key'))));
  if (typeof key === 'string') out(`${key}\n`);
};

/** The fixtures file on stdout, or written privately to `--out`. */
const fixturesFile: Printer = (answer, given, out) => {
  const file = json(answer);
  const path = given.flag('out');
  if (path === undefined) return out(file);
  writeFileSync(path, file, { mode: 0o600 });
  process.stderr.write(`Fixtures written to ${path} (it holds keys and the sandbox token: keep it private).\n`);
};

/** The answer; then, on stderr, each example template that was not made and why. */
const examplesPlaced: Printer = (answer, _given, out) => {
  out(json(answer));
  const templates = (answer as { templates?: Array<{ outcome?: string; note?: string }> } | undefined)?.templates ?? [];
  for (const { outcome, note } of templates) if (outcome === 'skipped' && note) process.stderr.write(`Skipped: ${note}\n`);
};

/** The choices of a yes-or-no flag; every other flag's choices are an enumeration of the sandbox contract (ENUMS). */
const BOOLEANS = ['true', 'false'] as const;

/** Every command, in the order of the usage. */
const COMMANDS: readonly SandboxCommand[] = [
  {
    name: 'partners list',
    summary: 'the partner accounts',
    operation: 'sandboxListPartners',
    send: (api) => api.GET('/partners'),
  },
  {
    name: 'partners create',
    summary: 'a partner account (its keys: keys create --partner ID)',
    operation: 'sandboxCreatePartner',
    flags: { name: { value: 'NAME', required: true, help: "the partner's name" } },
    send: (api, g) => api.POST('/partners', { body: { name: g.flag('name')! } }),
  },
  {
    name: 'keys list',
    summary: "the partner's API keys",
    operation: 'sandboxListKeys',
    send: (api, g) => api.GET('/keys', { params: { query: g.partner } }),
  },
  {
    name: 'keys create',
    summary: 'an API key; printed alone on the last line, once',
    operation: 'sandboxCreateKey',
    flags: {
      mode: { choices: ENUMS.KeyMode, required: true, help: 'test keys simulate sends, live keys deliver' },
      scopes: { value: 'all|a,b', help: 'the scopes it holds (default all)' },
      expires: { value: 'never|30d|90d|1y|<ISO>', help: 'when it stops working (default never)' },
      'allow-ip': { value: 'a,b', help: 'the addresses or CIDR ranges it may be used from' },
      name: { value: 'N', help: 'a name to recognise it by' },
    },
    send: (api, g) => {
      const scopes = g.flag('scopes');
      return api.POST('/keys', {
        params: { query: g.partner },
        body: {
          mode: g.flagOf('mode', ENUMS.KeyMode)!,
          scopes: scopes === undefined || scopes === 'all' ? 'all' : g.list('scopes'),
          expires: g.flag('expires'), allow_ips: g.list('allow-ip'), name: g.flag('name'),
        },
      });
    },
    print: keyLast,
  },
  {
    name: 'keys rotate',
    summary: 'a replacement key (same mode, scopes, name, allowlist, lifetime); the old one retired at once',
    operation: 'sandboxRotateKey',
    args: [{ name: 'key id or prefix' }],
    send: (api, g) => api.POST('/keys/{key}/rotate', { params: { path: { key: g.arg('key id or prefix') }, query: g.partner } }),
    print: keyLast,
  },
  {
    name: 'keys revoke',
    summary: 'requests with the key get 401 from now on',
    operation: 'sandboxRevokeKey',
    args: [{ name: 'key id or prefix' }],
    send: (api, g) => api.POST('/keys/{key}/revoke', { params: { path: { key: g.arg('key id or prefix') }, query: g.partner } }),
  },
  {
    name: 'connect',
    summary: 'a connected client, as a person completing the hosted page connects it',
    operation: 'sandboxConnectClient',
    args: [{ name: 'client_ref' }],
    flags: {
      channel: { choices: ENUMS.Channel, required: true, help: 'the channel of the client' },
      phone: { value: 'DIGITS', help: 'chat: the number to connect (default: derived from client_ref)' },
      username: { value: 'HANDLE', help: 'social: the account handle (default: derived from client_ref)' },
      'business-name': { value: 'NAME', help: 'the business name (default: client_ref)' },
    },
    send: (api, g) =>
      api.POST('/clients', {
        params: { query: g.partner },
        body: {
          client_ref: g.arg('client_ref'),
          channel: g.flagOf('channel', ENUMS.Channel)!,
          phone_number: g.flag('phone'), username: g.flag('username'), business_name: g.flag('business-name'),
        },
      }),
  },
  {
    name: 'webhook show',
    summary: "the partner's receiver URL, selected events and signing secret",
    operation: 'sandboxGetWebhook',
    send: (api, g) => api.GET('/webhook', { params: { query: g.partner } }),
  },
  {
    name: 'webhook set',
    summary: 'the receiver: URL, selected events, signing secret',
    operation: 'sandboxSetWebhook',
    flags: {
      url: { value: 'URL|none', help: 'where events are delivered (none: nowhere)' },
      events: { value: 'all|a,b', help: 'the event kinds delivered' },
      secret: { value: 'S', help: `the signing secret (${LIMITS.SigningSecret.minLength} characters or more)` },
      'rotate-secret': { switch: true, help: 'issue a new signing secret' },
    },
    send: (api, g) => {
      const url = g.flag('url');
      const events = g.flag('events');
      return api.PUT('/webhook', {
        params: { query: g.partner },
        body: {
          url: url === 'none' ? null : url,
          events: events === undefined ? undefined : events === 'all' ? [] : g.listOf('events', ENUMS.EventKind),
          secret: g.flag('secret'),
          rotate_secret: g.on('rotate-secret') || undefined,
        },
      });
    },
  },
  {
    name: 'webhook test',
    summary: 'fire a signed webhook.test',
    operation: 'sandboxFireTest',
    flags: { client: { value: 'REF', help: 'the client it is about (default: webhook_test)' }, message: { value: 'TEXT', help: 'its test.message' } },
    send: (api, g) => api.POST('/webhook/test', { params: { query: g.partner }, body: { client_ref: g.flag('client'), message: g.flag('message') } }),
  },
  {
    name: 'webhook sample',
    summary: 'fire a signed sample event of any kind',
    operation: 'sandboxFireSample',
    args: [{ name: 'event kind', choices: ENUMS.EventKind }],
    flags: { client: { value: 'REF', help: 'the client it is about (every kind but webhook.test needs one)' } },
    send: (api, g) => {
      const event = g.argOf('event kind', ENUMS.EventKind);
      if (event !== 'webhook.test' && g.flag('client') === undefined) missing(`webhook sample ${event}`, '--client REF (every kind but webhook.test is about a client)');
      return api.POST('/webhook/samples/{event}', { params: { path: { event }, query: g.partner }, body: { client_ref: g.flag('client') } });
    },
  },
  {
    name: 'deliveries',
    summary: 'the delivery log, newest first, every attempt',
    operation: 'sandboxListDeliveries',
    flags: {
      'event-id': { value: 'ID', help: 'the deliveries of one event' },
      event: { value: 'KIND', choices: ENUMS.EventKind, help: 'the deliveries of one event kind' },
      state: { choices: ENUMS.DeliveryState, help: 'the deliveries in one state' },
      limit: { value: 'N', help: 'at most N (1 to 500, default 50)' },
    },
    send: (api, g) =>
      api.GET('/webhook/deliveries', {
        params: {
          query: { ...g.partner, event_id: g.flag('event-id'), event: g.flagOf('event', ENUMS.EventKind), state: g.flagOf('state', ENUMS.DeliveryState), limit: g.integer('limit') },
        },
      }),
  },
  {
    name: 'delivery',
    summary: 'one delivery with its attempts and the exact body sent',
    operation: 'sandboxGetDelivery',
    args: [{ name: 'delivery id' }],
    send: (api, g) => api.GET('/webhook/deliveries/{delivery_id}', { params: { path: { delivery_id: g.arg('delivery id') }, query: g.partner } }),
  },
  {
    name: 'redeliver',
    summary: 'deliver an event again to the current receiver',
    operation: 'sandboxRedeliver',
    args: [{ name: 'event id or delivery id' }],
    send: (api, g) => api.POST('/webhook/redeliver', { params: { query: g.partner }, body: { ref: g.arg('event id or delivery id') } }),
  },
  {
    name: 'inbound',
    summary: 'an end user acts on a client: writes (text or a media file), reacts, reads, taps, changes a preference',
    operation: 'sandboxSimulateInbound',
    args: [{ name: 'client_ref' }],
    flags: {
      from: { value: 'USER', required: true, help: 'the end user: a phone number (chat) or a scoped user id (social)' },
      text: { value: 'T', help: 'the text written (message, echo)' },
      name: { value: 'N', help: "the end user's profile name" },
      kind: { choices: ENUMS.InboundKind, help: 'what the end user does (default message)' },
      'media-file': { value: 'PATH', help: 'a file the end user sends (message)' },
      'media-type': { choices: ENUMS.MediaKind, help: 'its type (with --media-file)' },
      mime: { value: 'TYPE', help: 'its declared MIME type (with --media-file)' },
      caption: { value: 'C', help: 'its caption (with --media-file)' },
      'message-id': { value: 'ID', help: 'the message reacted to, read or tapped in' },
      emoji: { value: 'E', help: 'the reaction (none: the reaction is taken back)' },
      payload: { value: 'P', help: "the postback's payload" },
      title: { value: 'T', help: "the postback's button title" },
      value: { choices: ENUMS.PreferenceValue, help: 'the preference (default opt_out)' },
    },
    send: (api, g) => {
      const file = g.flag('media-file');
      return api.POST('/inbound', {
        params: { query: g.partner },
        body: {
          client_ref: g.arg('client_ref'),
          from: g.flag('from')!,
          text: g.flag('text'),
          name: g.flag('name'),
          kind: g.flagOf('kind', ENUMS.InboundKind),
          message_id: g.flag('message-id'),
          emoji: g.flag('emoji'),
          payload: g.flag('payload'),
          title: g.flag('title'),
          value: g.flagOf('value', ENUMS.PreferenceValue),
          media:
            file === undefined
              ? undefined
              : {
                  type: g.flagOf('media-type', ENUMS.MediaKind) ?? missing('inbound', '--media-type'),
                  content_base64: readFileSync(file).toString('base64'),
                  filename: file.split('/').pop(),
                  mime_type: g.flag('mime'),
                  caption: g.flag('caption'),
                },
        },
      });
    },
  },
  {
    name: 'review',
    summary: "decide a template's review (or its next provider move) now",
    operation: 'sandboxDecideReview',
    args: [{ name: 'client_ref' }, { name: 'template_ref' }],
    flags: {
      language: { value: 'L', help: 'the template language, when its name exists in several' },
      status: { choices: ENUMS.ReviewOutcome, help: 'the decision (default: the planned next move)' },
      reason: { value: 'R', help: 'the reason of a rejection' },
    },
    send: (api, g) =>
      api.POST('/templates/review', {
        params: { query: g.partner },
        body: { client_ref: g.arg('client_ref'), template_ref: g.arg('template_ref'), language: g.flag('language'), status: g.flagOf('status', ENUMS.ReviewOutcome), reason: g.flag('reason') },
      }),
  },
  {
    name: 'provider',
    summary: "the simulated provider's template service up or down, for every partner",
    operation: 'sandboxSetProvider',
    flags: { 'templates-reachable': { choices: BOOLEANS, required: true, help: 'false: every template call fails as unreachable' } },
    send: (api, g) => api.PUT('/provider', { body: { templates_reachable: g.flagOf('templates-reachable', BOOLEANS) === 'true' } }),
  },
  {
    name: 'message-status',
    summary: "move a sent message's delivery status on, as the provider reports it",
    operation: 'sandboxAdvanceMessage',
    args: [{ name: 'message_id' }, { name: 'status', choices: ENUMS.SimulatedMessageStatus, value: ENUMS.SimulatedMessageStatus.join('|') }],
    flags: { 'error-code': { value: 'N', help: "a failure's provider code (default 131000)" }, 'error-title': { value: 'T', help: "a failure's title" } },
    send: (api, g) =>
      api.POST('/messages/{message_id}/status', {
        params: { path: { message_id: g.arg('message_id') }, query: g.partner },
        body: { status: g.argOf('status', ENUMS.SimulatedMessageStatus), error_code: g.integer('error-code'), error_title: g.flag('error-title') },
      }),
  },
  {
    name: 'test-recipient',
    summary: "register a number that receives a client's test-key sends (at most 5)",
    operation: 'sandboxRegisterTestRecipient',
    args: [{ name: 'client_ref' }, { name: 'recipient' }],
    send: (api, g) => api.POST('/test-recipients', { params: { query: g.partner }, body: { client_ref: g.arg('client_ref'), recipient: g.arg('recipient') } }),
  },
  {
    name: 'trial',
    summary: "the partner's trial (or one key's own)",
    operation: 'sandboxSetTrial',
    flags: {
      'ends-at': { value: '<ISO>|none', required: true, help: 'when the trial ends (none: a plan is active)' },
      'grace-days': { value: 'N', help: 'days of grace after its end (default 7)' },
      key: { value: '<key id or prefix>', help: 'the trial of this key alone' },
    },
    send: (api, g) => {
      const endsAt = g.flag('ends-at')!;
      return api.PUT('/trial', {
        params: { query: g.partner },
        body: { ends_at: endsAt === 'none' ? null : endsAt, grace_days: g.integer('grace-days'), key: g.flag('key') },
      });
    },
  },
  {
    name: 'signup-code',
    summary: 'a code POST /v1/clients/signup exchanges once',
    operation: 'sandboxIssueSignupCode',
    send: (api) => api.POST('/signup-codes'),
  },
  {
    name: 'faults add',
    summary: "a failure on demand: one key's requests answered 429, 500 or 502, delayed or cut off, or the partner's webhook events sent twice or out of order",
    operation: 'sandboxAddFault',
    flags: {
      kind: {
        choices: ENUMS.FaultKind,
        required: true,
        help: "429 (with Retry-After), 500, 502, delay, drop (the connection closed without an answer): a key's requests; duplicate_delivery, out_of_order_delivery: the partner's webhook events",
      },
      key: { value: '<key id or prefix>', help: 'the key whose requests take it (every kind but the deliveries)' },
      operation: { value: 'OPERATION_ID', help: 'only the requests of this operation (its operationId, e.g. sendMessage)' },
      times: { value: 'N', help: 'the next N requests or deliveries take it (default 1)' },
      share: { value: 'PERCENT', help: 'instead, this share of them, evenly spread from the first, until cleared' },
      'retry-after': { value: 'SECONDS', help: '429: the Retry-After it answers with (default 1)' },
      'delay-ms': { value: 'MS', help: 'delay: how long each request waits before it goes on' },
    },
    send: (api, g) =>
      api.POST('/faults', {
        params: { query: g.partner },
        body: {
          kind: g.flagOf('kind', ENUMS.FaultKind)!,
          key: g.flag('key'),
          operation: g.flag('operation'),
          times: g.integer('times'),
          share_percent: g.integer('share'),
          retry_after_seconds: g.integer('retry-after'),
          delay_ms: g.integer('delay-ms'),
        },
      }),
  },
  {
    name: 'faults list',
    summary: "the partner's faults, and how many requests or deliveries took each",
    operation: 'sandboxListFaults',
    send: (api, g) => api.GET('/faults', { params: { query: g.partner } }),
  },
  {
    name: 'faults clear',
    summary: "remove the partner's faults (or one key's)",
    operation: 'sandboxClearFaults',
    flags: { key: { value: '<key id or prefix>', help: 'only the faults of this key' } },
    send: (api, g) => api.DELETE('/faults', { params: { query: { ...g.partner, key: g.flag('key') } } }),
  },
  {
    name: 'faults remove',
    summary: 'remove one fault',
    operation: 'sandboxRemoveFault',
    args: [{ name: 'fault id' }],
    send: (api, g) => api.DELETE('/faults/{fault_id}', { params: { path: { fault_id: g.arg('fault id') }, query: g.partner } }),
  },
  {
    name: 'fixtures',
    summary: "a ready fixtures file for `npm run contract -- --fixtures FILE` (with a second partner's client, template and media for the tenant checks)",
    operation: 'sandboxContractFixtures',
    flags: { out: { value: 'FILE', help: 'write it to FILE (readable by you alone) instead of printing it' } },
    send: (api, g) => api.POST('/contract-fixtures', { params: { query: g.partner } }),
    print: fixturesFile,
  },
  {
    name: 'examples',
    summary: "what the reference's request examples name, so its code samples run as shown (an example template whose name and language you already use is skipped, and said so)",
    operation: 'sandboxExamples',
    send: (api, g) => api.POST('/examples', { params: { query: g.partner } }),
    print: examplesPlaced,
  },
  {
    name: 'tick',
    summary: 'run what is due now (simulated reviews, webhook retries)',
    operation: 'sandboxTick',
    send: (api) => api.POST('/tick'),
  },
];

const PROGRAM = 'partner-messaging-sandbox';

/** The options of every command. */
const COMMON: Readonly<Record<string, Flag>> = {
  server: { value: 'URL', help: 'the running server (default http://localhost:${PORT:-4000})' },
  token: { value: 'T', help: 'the sandbox admin token (default SANDBOX_ADMIN_TOKEN, else ${DATA_DIR:-./.data}/sandbox-admin-token)' },
  partner: { value: 'ID', help: 'the partner the command acts for (default: the default partner; ignored by those acting for everyone)' },
};

const EXIT_CODES = 'Exit codes: 0 done, 1 the server refused or could not be reached (the URL and the cause are printed), 2 usage.';

const valueOf = (flag: Flag) => flag.value ?? flag.choices?.join('|') ?? '';
const flagUsage = (name: string, flag: Flag) => (flag.switch ? `--${name}` : `--${name} ${valueOf(flag)}`);
const argUsage = (arg: Arg) => arg.value ?? `<${arg.name}>`;

/** `keys create --mode test|live [--scopes all|a,b] …` */
function synopsis(command: SandboxCommand): string {
  const flags = Object.entries(command.flags ?? {}).map(([name, flag]) => (flag.required ? flagUsage(name, flag) : `[${flagUsage(name, flag)}]`));
  return [command.name, ...(command.args ?? []).map(argUsage), ...flags].join(' ');
}

const optionLines = (flags: Readonly<Record<string, Flag>>) => {
  const entries = Object.entries(flags).map(([name, flag]) => [flagUsage(name, flag), flag.help] as const);
  const width = Math.max(...entries.map(([usage]) => usage.length));
  return entries.map(([usage, help]) => `  ${usage.padEnd(width)}   ${help}`);
};

const USAGE = `Usage: ${PROGRAM} <command> [options]
       (in this repository: npm run sandbox -- <command> [options])

Drives the reference server's sandbox over HTTP: partners and their keys, connected clients, webhooks and
their deliveries, simulated inbound messages, template reviews and message statuses, trials, signup codes,
faults on demand, and a ready fixtures file for the drift check. \`${PROGRAM} <command> --help\` describes one command.

Commands:
${COMMANDS.map((command) => `  ${synopsis(command)}\n      ${command.summary}`).join('\n')}

Options of every command:
${optionLines({ ...COMMON, version: { switch: true, help: "the package's version and the API version of its contract" }, help: { switch: true, help: 'this text, or with a command its own (-h)' } }).join('\n')}

${EXIT_CODES}`;

/** `--help` of one command: what it does, its operation, its arguments and flags. */
function commandHelp(command: SandboxCommand): string {
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

/** The command the positional arguments name (one or two words), and the arguments after its name. */
function commandOf(positionals: string[]): { command: SandboxCommand; rest: string[] } {
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

function missing(command: string, what: string): never {
  throw new UsageError(`${command}: missing ${what}.`);
}

/** `value` as one of `choices`, or a usage error naming `what` takes them. */
function choose<C extends string>(value: string, choices: readonly C[], what: string): C {
  const chosen = choices.find((choice) => choice === value);
  if (chosen === undefined) throw new UsageError(`${what} takes ${choices.join(', ')}; got '${value}'.`);
  return chosen;
}

type Values = Record<string, string | boolean | undefined>;

/** What the command was given, checked against its row: no flag it does not take, every required one there. */
function givenTo(command: SandboxCommand, rest: string[], values: Values): Given {
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

function tokenOf(values: Values): string {
  const flag = values.token;
  const given = (typeof flag === 'string' ? flag : undefined) ?? process.env.SANDBOX_ADMIN_TOKEN;
  if (given) return given;
  const file = resolve(process.env.DATA_DIR || './.data', 'sandbox-admin-token');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  throw new UsageError(`No admin token: pass --token, set SANDBOX_ADMIN_TOKEN, or start the server once (it writes ${file}).`);
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
