// A throwaway PostgreSQL cluster for the tests: Debian's initdb and pg_ctl (package `postgresql`) make one
// in a temp folder and start it on a free loopback port; each test server gets a fresh database in it.
// initdb refuses to run as root, so as root the cluster belongs to the `postgres` user the package creates.
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';

const POSTGRES_ROOT = '/usr/lib/postgresql';

export interface PostgresCluster {
  /** URL of the cluster's `postgres` database (superuser, trust authentication, loopback only). */
  adminUrl: string;
  stop(): void;
}

/** The bin folder of the newest PostgreSQL installed by Debian's packages, or a reason it cannot be used. */
export function postgresBinaries(): { bin: string } | { missing: string } {
  const versions = existsSync(POSTGRES_ROOT)
    ? readdirSync(POSTGRES_ROOT)
        .filter((v) => existsSync(join(POSTGRES_ROOT, v, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions.length === 0) return { missing: `no PostgreSQL server under ${POSTGRES_ROOT} (apt-get install -y postgresql)` };
  return { bin: join(POSTGRES_ROOT, versions[0]!, 'bin') };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Runs a PostgreSQL program as the cluster's owner: this user, or `postgres` when this is root. */
function runAsOwner(program: string, args: string[]): string {
  const asRoot = process.getuid?.() === 0;
  const [command, commandArgs] = asRoot ? ['runuser', ['-u', 'postgres', '--', program, ...args]] : [program, args];
  return execFileSync(command, commandArgs, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

/**
 * initdb into a temp folder, then `pg_ctl start -w` (which returns once the server accepts connections) on a
 * free port; a port taken meanwhile by another process makes it try another.
 */
export async function startPostgresCluster(): Promise<PostgresCluster> {
  const found = postgresBinaries();
  if ('missing' in found) throw new Error(`Cannot start PostgreSQL for the tests: ${found.missing}.`);
  const dir = mkdtempSync(join(tmpdir(), 'pg-cluster-'));
  const data = join(dir, 'data');
  if (process.getuid?.() === 0) {
    const [uid, gid] = execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim().split('\n').map(Number);
    chownSync(dir, uid!, gid ?? Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim()));
  }
  try {
    runAsOwner(join(found.bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C']);
    for (let attempt = 1; ; attempt++) {
      const port = await freePort();
      const options = [
        `-p ${port}`,
        `-k ${dir}`,
        '-c listen_addresses=127.0.0.1',
        '-c max_connections=400',
        // A throwaway cluster: durability is not what the tests check.
        '-c fsync=off',
        '-c synchronous_commit=off',
        '-c full_page_writes=off',
      ].join(' ');
      try {
        runAsOwner(join(found.bin, 'pg_ctl'), ['-D', data, '-l', join(dir, 'server.log'), '-o', options, '-w', '-t', '60', 'start']);
        const adminUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;
        return {
          adminUrl,
          stop: () => {
            try {
              runAsOwner(join(found.bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop']);
            } finally {
              rmSync(dir, { recursive: true, force: true });
            }
          },
        };
      } catch (error) {
        if (attempt >= 3) throw error;
      }
    }
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    const stderr = (error as { stderr?: string }).stderr;
    throw new Error(`Cannot start PostgreSQL for the tests: ${stderr || (error as Error).message}`);
  }
}

let databases = 0;

/** A new, empty database in the cluster at `adminUrl`; resolves to its URL. */
export async function createTestDatabase(adminUrl: string): Promise<string> {
  const name = `t_${process.pid}_${Date.now().toString(36)}_${++databases}`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
