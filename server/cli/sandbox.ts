// `npm run sandbox -- <command> …`: the sandbox functions from the command line, against the running
// server over HTTP with the admin token (SANDBOX_ADMIN_TOKEN, or the token file in DATA_DIR).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';

const USAGE = `Usage: npm run sandbox -- <command> [options]   (server: --server, default http://localhost:\${PORT:-4000};
       token: --token, default SANDBOX_ADMIN_TOKEN or \${DATA_DIR:-./.data}/sandbox-admin-token;
       partner: --partner ID, the partner the command acts for, default the default partner)

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
  fixtures [--out FILE]                   a ready fixtures file for \`npm run contract -- --fixtures FILE\`
  tick`;

/** Routes of the whole sandbox, not of one partner (server/sandbox/openapi.yaml gives them no `partner`). */
const PARTNERLESS = ['/partners', '/provider', '/signup-codes', '/tick'];

function parse(argv: string[]): { positional: string[]; flags: Record<string, string | true> } {
  const positional: string[] = [];
  const flags: Record<string, string | true> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg.startsWith('--')) {
      const name = arg.slice(2);
      const next = argv[i + 1];
      if (next === undefined || next.startsWith('--')) flags[name] = true;
      else {
        flags[name] = next;
        i++;
      }
    } else positional.push(arg);
  }
  return { positional, flags };
}

const str = (v: string | true | undefined): string | undefined => (typeof v === 'string' ? v : undefined);
const list = (v: string | true | undefined): string[] | undefined => str(v)?.split(',').map((s) => s.trim()).filter(Boolean);

function tokenOf(flags: Record<string, string | true>): string {
  const given = str(flags.token) ?? process.env.SANDBOX_ADMIN_TOKEN;
  if (given) return given;
  const file = resolve(process.env.DATA_DIR || './.data', 'sandbox-admin-token');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  throw new Error(`No admin token: pass --token, set SANDBOX_ADMIN_TOKEN, or start the server once (it writes ${file}).`);
}

async function main(): Promise<number> {
  const { positional, flags } = parse(process.argv.slice(2));
  const [command, ...args] = positional;
  if (flags.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (!command) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const base = (str(flags.server) ?? `http://localhost:${process.env.PORT || 4000}`).replace(/\/+$/, '');
  const token = tokenOf(flags);
  const partner = str(flags.partner);
  const call = async (method: string, path: string, body?: unknown): Promise<any> => {
    const url = new URL(`${base}/sandbox${path}`);
    if (partner !== undefined && !PARTNERLESS.some((route) => path.startsWith(route))) url.searchParams.set('partner', partner);
    const res = await fetch(url, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    const json = await res.json().catch(() => ({}));
    if (!res.ok) {
      process.stderr.write(`${res.status} ${JSON.stringify(json, null, 2)}\n`);
      process.exit(1);
    }
    return json;
  };
  const print = (value: unknown) => process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
  const need = (value: string | undefined, what: string): string => {
    if (!value) throw new Error(`Missing ${what}.\n\n${USAGE}`);
    return value;
  };

  switch (command) {
    case 'partners': {
      const [sub] = args;
      if (sub === 'list') print(await call('GET', '/partners'));
      else if (sub === 'create') print(await call('POST', '/partners', { name: need(str(flags.name), '--name NAME') }));
      else throw new Error(USAGE);
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
      } else throw new Error(USAGE);
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
      } else throw new Error(USAGE);
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
      process.stderr.write(`Unknown command ${command}.\n\n${USAGE}\n`);
      return 2;
  }
}

main().then(
  (code) => process.exit(code),
  (error: Error) => {
    process.stderr.write(`${error.message}\n`);
    process.exit(error.message.startsWith('Usage') || error.message.startsWith('Missing') ? 2 : 1);
  },
);
