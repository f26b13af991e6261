import { ConfigError, databaseFile, loadConfig } from '../config';
import { DomainError } from '../domain/errors';
import { ApiKeys, describeKey, isKeyActive, parseExpiry } from '../domain/keys';
import { DEFAULT_PARTNER_ID, type ApiKey, type KeyMode } from '../store/records';
import type { Clock } from '../domain/clock';
import type { IdGenerator } from '../domain/ids';
import type { Store } from '../store/repositories';
import { openStore } from '../store/open';
import { randomIds, systemClock } from '../system';

export const USAGE = `Usage: npm run keys -- <command> [--partner ID]
  create --mode test|live --scopes a,b|all [--expires never|30d|90d|1y|ISO-8601] [--allow-ip ip,cidr,...] [--name text]
  list
  rotate <key-id-or-prefix>
  revoke <key-id-or-prefix>
The new key of create and rotate is printed alone on the last line, once. --partner: the partner whose keys
(default: the default partner). Data: DATABASE_URL when set, else DATA_DIR (default ./.data).`;

export interface CliIo {
  out: (line: string) => void;
  err: (line: string) => void;
}

class UsageError extends Error {}

function options(args: string[]): Record<string, string> {
  const parsed: Record<string, string> = {};
  for (let i = 0; i < args.length; i++) {
    const name = args[i]!;
    const value = args[i + 1];
    if (!name.startsWith('--') || value === undefined || value.startsWith('--')) throw new UsageError(`Unexpected argument "${name}".`);
    parsed[name.slice(2)] = value;
    i++;
  }
  return parsed;
}

const list = (text: string | undefined) => (text ?? '').split(',').map((s) => s.trim()).filter((s) => s !== '');

function status(key: ApiKey, now: Date): string {
  if (key.revokedAt) return key.replacedById ? `rotated (→ ${key.replacedById})` : 'revoked';
  return isKeyActive(key, now) ? 'active' : 'expired';
}

/** `--partner ID` anywhere in the arguments, taken out of them. */
function partnerOption(argv: string[]): { partner: string; rest: string[] } {
  const at = argv.indexOf('--partner');
  if (at === -1) return { partner: DEFAULT_PARTNER_ID, rest: argv };
  const partner = argv[at + 1];
  if (partner === undefined || partner.startsWith('--')) throw new UsageError('--partner needs a partner id.');
  return { partner, rest: [...argv.slice(0, at), ...argv.slice(at + 2)] };
}

/** Runs one command of `npm run keys`; returns the exit code (0 ok, 1 refused, 2 usage). */
export async function runKeysCli(argv: string[], deps: { store: Store; clock: Clock; ids: IdGenerator; io: CliIo }): Promise<number> {
  const keys = new ApiKeys(deps.store, deps.clock, deps.ids);
  const { out, err } = deps.io;
  try {
    const { partner, rest: args } = partnerOption(argv);
    const [command, ...rest] = args;
    if (command !== undefined && !(await deps.store.partners.findById(partner))) throw new DomainError('not_found', `No partner ${partner}.`);
    switch (command) {
      case 'create': {
        const opts = options(rest);
        const unknown = Object.keys(opts).filter((o) => !['mode', 'scopes', 'expires', 'allow-ip', 'name'].includes(o));
        if (unknown.length > 0) throw new UsageError(`Unknown option --${unknown[0]}.`);
        if (opts.mode !== 'test' && opts.mode !== 'live') throw new UsageError('--mode must be test or live.');
        if (!opts.scopes) throw new UsageError('--scopes is required (comma-separated, or all).');
        const { key, plain } = await keys.create(partner, {
          mode: opts.mode as KeyMode,
          scopes: opts.scopes === 'all' ? 'all' : list(opts.scopes),
          expiresAt: parseExpiry(opts.expires ?? 'never', deps.clock()),
          allowedIps: list(opts['allow-ip']),
          name: opts.name ?? null,
        });
        out(`Created ${key.mode} key ${key.id} (${describeKey(key)}) with scopes ${key.scopes.join(', ')}; expires ${key.expiresAt?.toISOString() ?? 'never'}.`);
        out('It is shown once; store it now:');
        out(plain);
        return 0;
      }
      case 'list': {
        if (rest.length > 0) throw new UsageError('list takes no arguments.');
        const now = deps.clock();
        const all = await keys.list(partner);
        if (all.length === 0) out('No keys.');
        for (const key of all) {
          out(
            [key.id, describeKey(key), key.mode, status(key, now), `scopes=${key.scopes.join(',')}`,
              `expires=${key.expiresAt?.toISOString() ?? 'never'}`, `allow-ip=${key.allowedIps.join(',') || 'any'}`,
              `name=${key.name ?? ''}`].join('  '),
          );
        }
        return 0;
      }
      case 'rotate': {
        if (rest.length !== 1) throw new UsageError('rotate takes one key id or prefix.');
        const { key, plain, retired } = await keys.rotate(partner, rest[0]!);
        out(`Retired ${retired.id} (${describeKey(retired)}); its replacement is ${key.id} (${describeKey(key)}), shown once:`);
        out(plain);
        return 0;
      }
      case 'revoke': {
        if (rest.length !== 1) throw new UsageError('revoke takes one key id or prefix.');
        const key = await keys.revoke(partner, rest[0]!);
        out(`Revoked ${key.id} (${describeKey(key)}); requests with it now get 401.`);
        return 0;
      }
      default:
        throw new UsageError(command ? `Unknown command "${command}".` : 'No command given.');
    }
  } catch (error) {
    if (error instanceof UsageError) {
      err(error.message);
      err(USAGE);
      return 2;
    }
    if (error instanceof DomainError) {
      err(error.message);
      return 1;
    }
    throw error;
  }
}

async function main(): Promise<number> {
  const io: CliIo = { out: (line) => process.stdout.write(`${line}\n`), err: (line) => process.stderr.write(`${line}\n`) };
  if (process.argv.slice(2).includes('--help')) {
    io.out(USAGE);
    return 0;
  }
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    io.err(`Configuration error: ${error.message}`);
    return 2;
  }
  const { store } = await openStore({ databaseUrl: config.databaseUrl, sqliteFile: databaseFile(config) });
  try {
    return await runKeysCli(process.argv.slice(2), { store, clock: systemClock, ids: randomIds, io });
  } finally {
    await store.close();
  }
}

if (require.main === module) {
  main().then(
    (code) => (process.exitCode = code),
    (error: Error) => {
      process.stderr.write(`${error.message}\n`);
      process.exitCode = 1;
    },
  );
}
