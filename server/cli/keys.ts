import { databaseFile, loadConfig } from '../config';
import { DomainError } from '../domain/errors';
import { ApiKeys, describeKey, isKeyActive, parseExpiry } from '../domain/keys';
import type { ApiKey, KeyMode } from '../store/records';
import type { Clock } from '../domain/clock';
import type { IdGenerator } from '../domain/ids';
import type { Store } from '../store/repositories';
import { openSqliteStore } from '../store/sqlite/store';
import { randomIds, systemClock } from '../system';

export const USAGE = `Usage: npm run keys -- <command>
  create --mode test|live --scopes a,b|all [--expires never|30d|90d|1y|ISO-8601] [--allow-ip ip,cidr,...] [--name text]
  list
  rotate <key-id-or-prefix>
  revoke <key-id-or-prefix>
The new key of create and rotate is printed alone on the last line, once. Data: DATA_DIR (default ./.data).`;

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

/** Runs one command of `npm run keys`; returns the exit code (0 ok, 1 refused, 2 usage). */
export function runKeysCli(argv: string[], deps: { store: Store; clock: Clock; ids: IdGenerator; io: CliIo }): number {
  const keys = new ApiKeys(deps.store, deps.clock, deps.ids);
  const { out, err } = deps.io;
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case 'create': {
        const opts = options(rest);
        const unknown = Object.keys(opts).filter((o) => !['mode', 'scopes', 'expires', 'allow-ip', 'name'].includes(o));
        if (unknown.length > 0) throw new UsageError(`Unknown option --${unknown[0]}.`);
        if (opts.mode !== 'test' && opts.mode !== 'live') throw new UsageError('--mode must be test or live.');
        if (!opts.scopes) throw new UsageError('--scopes is required (comma-separated, or all).');
        const { key, plain } = keys.create({
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
        const all = keys.list();
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
        const { key, plain, retired } = keys.rotate(rest[0]!);
        out(`Retired ${retired.id} (${describeKey(retired)}); its replacement is ${key.id} (${describeKey(key)}), shown once:`);
        out(plain);
        return 0;
      }
      case 'revoke': {
        if (rest.length !== 1) throw new UsageError('revoke takes one key id or prefix.');
        const key = keys.revoke(rest[0]!);
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

if (require.main === module) {
  const store = openSqliteStore(databaseFile(loadConfig()));
  const code = runKeysCli(process.argv.slice(2), {
    store,
    clock: systemClock,
    ids: randomIds,
    io: { out: (line) => process.stdout.write(`${line}\n`), err: (line) => process.stderr.write(`${line}\n`) },
  });
  store.close();
  process.exitCode = code;
}
