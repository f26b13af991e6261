// `partner-messaging-sandbox` (npm run sandbox -- <command> …): the sandbox functions from the command line,
// against the running server over HTTP with the admin token (SANDBOX_ADMIN_TOKEN, or the token file in DATA_DIR).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { UsageError, runCommand } from '../../cli/command';

const USAGE = `Usage: partner-messaging-sandbox <command> [options]
       (in this repository: npm run sandbox -- <command> [options])

Drives the reference server's sandbox over HTTP: partners and their keys, connected clients, webhooks and
their deliveries, simulated inbound messages, template reviews and message statuses, trials, signup codes,
and a ready fixtures file for the drift check.

Commands:
  partners list                           partners create --name NAME
  keys list
  keys create --mode test|live [--scopes all|a,b] [--expires never|30d|90d|1y|<ISO>] [--allow-ip a,b] [--name N]
  keys rotate <key id or prefix>          keys revoke <key id or prefix>
  connect <client_ref> --channel chat|social [--phone DIGITS] [--username HANDLE] [--business-name NAME]
  webhook show
  webhook set [--url URL|none] [--events all|a,b] [--secret S] [--rotate-secret]
  webhook test [--client REF] [--message TEXT]
  webhook sample <event kind> [--client REF]
  deliveries [--event-id ID] [--event KIND] [--state pending|succeeded|failed] [--limit N]
  delivery <delivery id>
  redeliver <event id or delivery id>
  inbound <client_ref> --from USER [--text T] [--name N] [--kind message|reaction|read|postback|echo|preferences]
          [--media-file PATH --media-type image|video|audio|document|sticker [--mime TYPE] [--caption C]]
          [--message-id ID] [--emoji E] [--payload P] [--title T] [--value opt_in|opt_out]
  review <client_ref> <template_ref> [--language L] [--status APPROVED|REJECTED|PAUSED|…] [--reason R]
  provider --templates-reachable true|false
  message-status <message_id> delivered|read|failed [--error-code N] [--error-title T]
  test-recipient <client_ref> <recipient>
  trial --ends-at <ISO>|none [--grace-days N] [--key <key id or prefix>]
  signup-code                             a code POST /v1/clients/signup exchanges once
  fixtures [--out FILE]                   a ready fixtures file for \`npm run contract -- --fixtures FILE\` (with a
                                          second partner's client, template and media for the tenant checks)
  tick

Options of every command:
  --server URL   the running server (default http://localhost:\${PORT:-4000})
  --token T      the sandbox admin token (default SANDBOX_ADMIN_TOKEN, else \${DATA_DIR:-./.data}/sandbox-admin-token)
  --partner ID   the partner the command acts for (default: the default partner)
  --version      the package's version and the API version of its contract
  -h, --help

Exit codes: 0 done, 1 the server refused or could not be reached (the URL and the cause are printed), 2 usage.`;

/** Routes of the whole sandbox, not of one partner (server/sandbox/openapi.yaml gives them no `partner`). */
const PARTNERLESS = ['/partners', '/provider', '/signup-codes', '/tick'];

/** The options each command takes besides --server, --token and --partner. */
const COMMAND_OPTIONS: Record<string, readonly string[]> = {
  partners: ['name'],
  keys: ['mode', 'scopes', 'expires', 'allow-ip', 'name'],
  connect: ['channel', 'phone', 'username', 'business-name'],
  webhook: ['url', 'events', 'secret', 'rotate-secret', 'client', 'message'],
  deliveries: ['event-id', 'event', 'state', 'limit'],
  delivery: [],
  redeliver: [],
  inbound: ['from', 'text', 'name', 'kind', 'media-file', 'media-type', 'mime', 'caption', 'message-id', 'emoji', 'payload', 'title', 'value'],
  review: ['language', 'status', 'reason'],
  provider: ['templates-reachable'],
  'message-status': ['error-code', 'error-title'],
  'test-recipient': [],
  trial: ['ends-at', 'grace-days', 'key'],
  'signup-code': [],
  fixtures: ['out'],
  tick: [],
};
const COMMON_OPTIONS = ['server', 'token', 'partner'];
const OPTIONS = Object.fromEntries(
  [...new Set([...COMMON_OPTIONS, ...Object.values(COMMAND_OPTIONS).flat()])].map((name) => [name, { type: name === 'rotate-secret' ? 'boolean' : 'string' }]),
) as Record<string, { type: 'string' | 'boolean' }>;

type Flags = Record<string, string | boolean | undefined>;

const str = (v: string | boolean | undefined): string | undefined => (typeof v === 'string' ? v : undefined);
const list = (v: string | boolean | undefined): string[] | undefined => str(v)?.split(',').map((s) => s.trim()).filter(Boolean);

function tokenOf(flags: Flags): string {
  const given = str(flags.token) ?? process.env.SANDBOX_ADMIN_TOKEN;
  if (given) return given;
  const file = resolve(process.env.DATA_DIR || './.data', 'sandbox-admin-token');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  throw new UsageError(`No admin token: pass --token, set SANDBOX_ADMIN_TOKEN, or start the server once (it writes ${file}).`);
}

async function sandbox(positionals: string[], flags: Flags): Promise<number> {
  const [command, ...args] = positionals;
  if (command === undefined) throw new UsageError('No command given.');
  const allowed = COMMAND_OPTIONS[command];
  if (!allowed) throw new UsageError(`Unknown command '${command}'.`);
  const misplaced = Object.keys(flags).find((name) => !COMMON_OPTIONS.includes(name) && !allowed.includes(name));
  if (misplaced) throw new UsageError(`${command} takes no --${misplaced}.`);
  const unknownSub = (sub: string | undefined): never => {
    throw new UsageError(sub === undefined ? `${command} needs a sub-command.` : `Unknown ${command} sub-command '${sub}'.`);
  };
  const base = (str(flags.server) ?? `http://localhost:${process.env.PORT || 4000}`).replace(/\/+$/, '');
  if (!URL.canParse(base) || !/^https?:$/.test(new URL(base).protocol)) throw new UsageError(`--server must be an http(s) URL, got '${base}'.`);
  const token = tokenOf(flags);
  const partner = str(flags.partner);
  const call = async (method: string, path: string, body?: unknown): Promise<any> => {
    const url = new URL(`${base}/sandbox${path}`);
    if (partner !== undefined && !PARTNERLESS.some((route) => path.startsWith(route))) url.searchParams.set('partner', partner);
    let res: Response;
    try {
      res = await fetch(url, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
        body: body !== undefined ? JSON.stringify(body) : undefined,
      });
    } catch (error) {
      throw new Error(`${method} ${url.href} could not be sent`, { cause: error });
    }
    const json = await res.json().catch(() => ({}));
    if (!res.ok) throw new Error(`${method} ${url.href} answered ${res.status}:\n${JSON.stringify(json, null, 2)}`);
    return json;
  };
  const print = (value: unknown) => process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
  const need = (value: string | undefined, what: string): string => {
    if (!value) throw new UsageError(`${command}: missing ${what}.`);
    return value;
  };

  switch (command) {
    case 'partners': {
      const [sub] = args;
      if (sub === 'list') print(await call('GET', '/partners'));
      else if (sub === 'create') print(await call('POST', '/partners', { name: need(str(flags.name), '--name NAME') }));
      else unknownSub(sub);
      return 0;
    }
    case 'keys': {
      const [sub, ref] = args;
      if (sub === 'list') print(await call('GET', '/keys'));
      else if (sub === 'create') {
        const scopes = str(flags.scopes);
        const created = await call('POST', '/keys', {
          mode: need(str(flags.mode), '--mode test|live'),
          scopes: scopes === undefined || scopes === 'all' ? 'all' : list(scopes),
          ...(str(flags.expires) ? { expires: str(flags.expires) } : {}),
          ...(list(flags['allow-ip']) ? { allow_ips: list(flags['allow-ip']) } : {}),
          ...(str(flags.name) ? { name: str(flags.name) } : {}),
        });
        const { key, ...rest } = created;
        print(rest);
        process.stdout.write(`${key}\n`);
      } else if (sub === 'rotate' || sub === 'revoke') {
        const result = await call('POST', `/keys/${encodeURIComponent(need(ref, 'the key id or prefix'))}/${sub}`);
        const { key, ...rest } = result;
        print(rest);
        if (key) process.stdout.write(`${key}\n`);
      } else unknownSub(sub);
      return 0;
    }
    case 'connect':
      print(
        await call('POST', '/clients', {
          client_ref: need(args[0], 'client_ref'),
          channel: need(str(flags.channel), '--channel chat|social'),
          ...(str(flags.phone) ? { phone_number: str(flags.phone) } : {}),
          ...(str(flags.username) ? { username: str(flags.username) } : {}),
          ...(str(flags['business-name']) ? { business_name: str(flags['business-name']) } : {}),
        }),
      );
      return 0;
    case 'webhook': {
      const [sub, kind] = args;
      if (sub === 'show') print(await call('GET', '/webhook'));
      else if (sub === 'set') {
        const events = str(flags.events);
        const url = str(flags.url);
        print(
          await call('PUT', '/webhook', {
            ...(url !== undefined ? { url: url === 'none' ? null : url } : {}),
            ...(events !== undefined ? { events: events === 'all' ? [] : list(events) } : {}),
            ...(str(flags.secret) ? { secret: str(flags.secret) } : {}),
            ...(flags['rotate-secret'] ? { rotate_secret: true } : {}),
          }),
        );
      } else if (sub === 'test') {
        print(await call('POST', '/webhook/test', { ...(str(flags.client) ? { client_ref: str(flags.client) } : {}), ...(str(flags.message) ? { message: str(flags.message) } : {}) }));
      } else if (sub === 'sample') {
        print(await call('POST', `/webhook/samples/${need(kind, 'the event kind')}`, str(flags.client) ? { client_ref: str(flags.client) } : {}));
      } else unknownSub(sub);
      return 0;
    }
    case 'deliveries': {
      const query = new URLSearchParams();
      for (const [flag, name] of [['event-id', 'event_id'], ['event', 'event'], ['state', 'state'], ['limit', 'limit']] as const) {
        const value = str(flags[flag]);
        if (value) query.set(name, value);
      }
      print(await call('GET', `/webhook/deliveries${query.size ? `?${query}` : ''}`));
      return 0;
    }
    case 'delivery':
      print(await call('GET', `/webhook/deliveries/${encodeURIComponent(need(args[0], 'the delivery id'))}`));
      return 0;
    case 'redeliver':
      print(await call('POST', '/webhook/redeliver', { ref: need(args[0], 'the event id or delivery id') }));
      return 0;
    case 'inbound': {
      const mediaFile = str(flags['media-file']);
      const body: Record<string, unknown> = { client_ref: need(args[0], 'client_ref'), from: need(str(flags.from), '--from') };
      for (const [flag, name] of [
        ['text', 'text'],
        ['name', 'name'],
        ['kind', 'kind'],
        ['message-id', 'message_id'],
        ['emoji', 'emoji'],
        ['payload', 'payload'],
        ['title', 'title'],
        ['value', 'value'],
      ] as const) {
        const value = str(flags[flag]);
        if (value !== undefined) body[name] = value;
      }
      if (mediaFile) {
        body.media = {
          type: need(str(flags['media-type']), '--media-type'),
          content_base64: readFileSync(mediaFile).toString('base64'),
          filename: mediaFile.split('/').pop(),
          ...(str(flags.mime) ? { mime_type: str(flags.mime) } : {}),
          ...(str(flags.caption) ? { caption: str(flags.caption) } : {}),
        };
      }
      print(await call('POST', '/inbound', body));
      return 0;
    }
    case 'review':
      print(
        await call('POST', '/templates/review', {
          client_ref: need(args[0], 'client_ref'),
          template_ref: need(args[1], 'template_ref'),
          ...(str(flags.language) ? { language: str(flags.language) } : {}),
          ...(str(flags.status) ? { status: str(flags.status) } : {}),
          ...(str(flags.reason) ? { reason: str(flags.reason) } : {}),
        }),
      );
      return 0;
    case 'provider':
      print(await call('PUT', '/provider', { templates_reachable: need(str(flags['templates-reachable']), '--templates-reachable true|false') === 'true' }));
      return 0;
    case 'message-status':
      print(
        await call('POST', `/messages/${encodeURIComponent(need(args[0], 'message_id'))}/status`, {
          status: need(args[1], 'delivered|read|failed'),
          ...(str(flags['error-code']) ? { error_code: Number(str(flags['error-code'])) } : {}),
          ...(str(flags['error-title']) ? { error_title: str(flags['error-title']) } : {}),
        }),
      );
      return 0;
    case 'test-recipient':
      print(await call('POST', '/test-recipients', { client_ref: need(args[0], 'client_ref'), recipient: need(args[1], 'recipient') }));
      return 0;
    case 'trial': {
      const endsAt = need(str(flags['ends-at']), '--ends-at <ISO>|none');
      print(
        await call('PUT', '/trial', {
          ends_at: endsAt === 'none' ? null : endsAt,
          ...(str(flags['grace-days']) ? { grace_days: Number(str(flags['grace-days'])) } : {}),
          ...(str(flags.key) ? { key: str(flags.key) } : {}),
        }),
      );
      return 0;
    }
    case 'signup-code':
      print(await call('POST', '/signup-codes'));
      return 0;
    case 'fixtures': {
      const file = `${JSON.stringify(await call('POST', '/contract-fixtures'), null, 2)}\n`;
      const out = str(flags.out);
      if (out) {
        writeFileSync(out, file, { mode: 0o600 });
        process.stderr.write(`Fixtures written to ${out} (it holds keys and the sandbox token: keep it private).\n`);
      } else process.stdout.write(file);
      return 0;
    }
    case 'tick':
      print(await call('POST', '/tick'));
      return 0;
    default:
      throw new UsageError(`Unknown command '${command}'.`);
  }
}

runCommand({
  name: 'partner-messaging-sandbox',
  home: __dirname,
  usage: USAGE,
  options: OPTIONS,
  positionals: true,
  run: ({ values, positionals }) => sandbox(positionals, values as Flags),
});
