import { existsSync } from 'node:fs';
import { EXIT_USAGE, UsageError, execute, runCommand, type Command } from '../../cli/command';
import { ConfigError, databaseFile, loadConfig } from '../config';
import { DomainError } from '../domain/shared/errors';
import { ApiKeys, describeKey, isKeyActive, parseExpiry } from '../domain/access/keys';
import { DEFAULT_PARTNER_ID, type ApiKey, type KeyMode } from '../store/records';
import type { Clock } from '../domain/shared/clock';
import type { IdGenerator } from '../domain/shared/ids';
import type { Store } from '../store/repositories';
import { openStore } from '../store/open';
import { randomIds, systemClock } from '../system';

export const USAGE = `Usage: partner-messaging-keys <command> [--partner ID] [--create-store]
       (in this repository: npm run keys -- <command> [--partner ID] [--create-store])

Manages the reference server's API keys directly in its data (the server may be running), which it finds as
the server does: DATABASE_URL, else DATA_DIR (give the one the server's start printed). It prints the store it
used first. With the server running, \`npm run sandbox -- keys create --mode test\` makes a key through the
server itself, whatever its data.

Commands:
  create --mode test|live --scopes a,b|all [--expires never|30d|90d|1y|ISO-8601] [--allow-ip ip,cidr,...] [--name text]
  list
  rotate <key-id-or-prefix>
  revoke <key-id-or-prefix>
The new key of create and rotate is printed alone on the last line, once.

Options:
  --partner ID     the partner whose keys (default: the default partner)
  --create-store   make a new SQLite store when DATA_DIR holds none (without it, a missing store is refused:
                   keys made in a new store reach no running server)
  --version        the package's version and the API version of its contract
  -h, --help

Data: DATABASE_URL when set, else DATA_DIR (default ./.data). Exit codes: 0 done, 1 refused (no such key or
partner), 2 usage or configuration error (a DATA_DIR without a store, unless --create-store).`;

export interface CliIo {
  out: (line: string) => void;
  err: (line: string) => void;
}

const OPTIONS = {
  mode: { type: 'string' },
  scopes: { type: 'string' },
  expires: { type: 'string' },
  'allow-ip': { type: 'string' },
  name: { type: 'string' },
  partner: { type: 'string' },
  'create-store': { type: 'boolean' },
} as const;

/** Options every command takes. */
const COMMON_OPTIONS = ['partner', 'create-store'];

/** The options each command takes besides --partner. */
const COMMAND_OPTIONS: Record<string, string[]> = { create: ['mode', 'scopes', 'expires', 'allow-ip', 'name'], list: [], rotate: [], revoke: [] };

const list = (text: string | undefined): string[] => (text ?? '').split(',').map((s) => s.trim()).filter((s) => s !== '');

function status(key: ApiKey, now: Date): string {
  if (key.revokedAt) return key.replacedById ? `rotated (→ ${key.replacedById})` : 'revoked';
  return isKeyActive(key, now) ? 'active' : 'expired';
}

interface KeysDeps {
  store: Store;
  clock: Clock;
  ids: IdGenerator;
  /** What the store is, as the first line says it (`/path/.data/reference.sqlite (DATA_DIR=/path/.data)`). */
  location: string;
}

/** How the data is opened: a new store only when asked (`--create-store`). */
export interface OpenOptions {
  createStore: boolean;
}

/** `partner-messaging-keys` on the shared command runner; `open` reaches the data only once the arguments are valid. */
export function keysCommand(open: (options: OpenOptions) => Promise<KeysDeps & { close(): Promise<void> }>, out: (line: string) => void): Command<typeof OPTIONS> {
  return {
    name: 'partner-messaging-keys',
    home: __dirname,
    usage: USAGE,
    options: OPTIONS,
    positionals: true,
    failureCode: (error) => (error instanceof ConfigError ? EXIT_USAGE : 1),
    async run({ values, positionals }) {
      const [command, ...rest] = positionals;
      if (command === undefined) throw new UsageError('No command given.');
      const allowed = COMMAND_OPTIONS[command];
      if (!allowed) throw new UsageError(`Unknown command "${command}".`);
      const misplaced = Object.keys(values).find((option) => !COMMON_OPTIONS.includes(option) && !allowed.includes(option));
      if (misplaced) throw new UsageError(`${command} takes no --${misplaced}.`);
      if (command === 'create') {
        if (values.mode !== 'test' && values.mode !== 'live') throw new UsageError('--mode must be test or live.');
        if (!values.scopes) throw new UsageError('--scopes is required (comma-separated, or all).');
      }
      if (command === 'list' && rest.length > 0) throw new UsageError('list takes no arguments.');
      if ((command === 'rotate' || command === 'revoke') && rest.length !== 1) throw new UsageError(`${command} takes one key id or prefix.`);
      if (command === 'create' && rest.length > 0) throw new UsageError(`Unexpected argument '${rest[0]}'.`);

      const deps = await open({ createStore: values['create-store'] === true });
      try {
        out(`Store: ${deps.location}`);
        const partner = values.partner ?? DEFAULT_PARTNER_ID;
        if (!(await deps.store.partners.findById(partner))) throw new DomainError('not_found', `No partner ${partner}.`);
        await keysAction(new ApiKeys(deps.store, deps.clock, deps.ids), partner, command, rest[0], values, deps.clock, out);
        return 0;
      } finally {
        await deps.close();
      }
    },
  };
}

async function keysAction(
  keys: ApiKeys,
  partner: string,
  command: string,
  ref: string | undefined,
  values: { mode?: string; scopes?: string; expires?: string; 'allow-ip'?: string; name?: string },
  clock: Clock,
  out: (line: string) => void,
): Promise<void> {
  switch (command) {
    case 'create': {
      const { key, plain } = await keys.create(partner, {
        mode: values.mode as KeyMode,
        scopes: values.scopes === 'all' ? 'all' : list(values.scopes),
        expiresAt: parseExpiry(values.expires ?? 'never', clock()),
        allowedIps: list(values['allow-ip']),
        name: values.name ?? null,
      });
      out(`Created ${key.mode} key ${key.id} (${describeKey(key)}) with scopes ${key.scopes.join(', ')}; expires ${key.expiresAt?.toISOString() ?? 'never'}.`);
      out('It is shown once; store it now:');
      out(plain);
      return;
    }
    case 'list': {
      const now = clock();
      const all = await keys.list(partner);
      if (all.length === 0) out('No keys.');
      for (const key of all) {
        out(
          [key.id, describeKey(key), key.mode, status(key, now), `scopes=${key.scopes.join(',')}`,
            `expires=${key.expiresAt?.toISOString() ?? 'never'}`, `allow-ip=${key.allowedIps.join(',') || 'any'}`,
            `name=${key.name ?? ''}`].join('  '),
        );
      }
      return;
    }
    case 'rotate': {
      const { key, plain, retired } = await keys.rotate(partner, ref!);
      out(`Retired ${retired.id} (${describeKey(retired)}); its replacement is ${key.id} (${describeKey(key)}), shown once:`);
      out(plain);
      return;
    }
    case 'revoke': {
      const key = await keys.revoke(partner, ref!);
      out(`Revoked ${key.id} (${describeKey(key)}); requests with it now get 401.`);
      return;
    }
  }
}

/** Text the command runner writes, as lines. */
const asLines = (write: (line: string) => void) => (text: string) => text.replace(/\n$/, '').split('\n').forEach(write);

/** Runs one command of `npm run keys` on an open store; resolves to the exit code (0 ok, 1 refused, 2 usage). */
export async function runKeysCli(argv: string[], deps: KeysDeps & { io: CliIo }): Promise<number> {
  const command = keysCommand(async () => ({ ...deps, close: async () => undefined }), deps.io.out);
  return (await execute(command, argv, { out: asLines(deps.io.out), err: asLines(deps.io.err) })) ?? 0;
}

/**
 * The data the configuration names, as the server opens it. A SQLite file that is not there is refused unless
 * `createStore`: a key made in a store no server reads would be refused by the running one (401).
 */
export async function openData(options: OpenOptions, env: Record<string, string | undefined> = process.env): Promise<KeysDeps & { close(): Promise<void> }> {
  const config = loadConfig(env);
  const file = databaseFile(config);
  if (!config.databaseUrl && !existsSync(file) && !options.createStore) {
    throw new ConfigError(
      `No store in DATA_DIR=${config.dataDir} (no ${file}): a key made there would reach no running server. ` +
        `Give the DATA_DIR the server printed when it started (DATA_DIR=… npm run keys -- …), ` +
        `use npm run sandbox -- keys create --mode test (through the running server), or pass --create-store to make a new store here.`,
    );
  }
  const created = !config.databaseUrl && !existsSync(file);
  const { store } = await openStore({ databaseUrl: config.databaseUrl, sqliteFile: file });
  const location = config.databaseUrl
    ? `PostgreSQL at ${withoutPassword(config.databaseUrl)} (DATABASE_URL)`
    : `${file} (DATA_DIR=${config.dataDir})${created ? ', created now' : ''}`;
  return { store, clock: systemClock, ids: randomIds, location, close: () => store.close() };
}

/** A database URL as it may be printed: without its password. */
function withoutPassword(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

if (require.main === module) runCommand(keysCommand((options) => openData(options), (line) => process.stdout.write(`${line}\n`)));
