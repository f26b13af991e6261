import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';

/** Another server process holds the SQLite file. */
export class SqliteFileTakenError extends Error {
  constructor(readonly file: string) {
    super(
      `another server is already running on the SQLite file ${file}. One SQLite file serves one server process: it counts ` +
        'the rate limit in its memory, so a second would double every limit. Stop the other one, or give this one its own ' +
        'DATA_DIR; to run several instances on the same data, give each the same DATABASE_URL (PostgreSQL). ' +
        '`npm run keys` and `npm run sandbox` work beside the running server.',
    );
    this.name = 'SqliteFileTakenError';
  }
}

/** The lock file of a data file: beside it, a file of its own. */
export const ownerLockFile = (file: string): string => `${file}.server-lock`;

/**
 * Takes the SQLite file `file` for this server process alone, until `release`: an exclusive lock on a lock
 * file beside it (a SQLite database of its own, in an exclusive transaction that never ends). The lock is the
 * operating system's (fcntl), so it goes with the process however the process ends, a SIGKILL included, and a
 * second server (in this process or another) is refused at once. Other connections to the data file itself
 * (`npm run keys`, the tests' second connection) take no part in it.
 */
export function takeSqliteFile(file: string): { release(): void } {
  const lockFile = ownerLockFile(file);
  mkdirSync(dirname(lockFile), { recursive: true });
  const lock = new Database(lockFile);
  try {
    lock.exec('PRAGMA busy_timeout = 0; BEGIN EXCLUSIVE');
  } catch (error) {
    lock.close();
    if ((error as { code?: string }).code === 'SQLITE_BUSY') throw new SqliteFileTakenError(file);
    throw error;
  }
  return { release: () => lock.close() };
}
