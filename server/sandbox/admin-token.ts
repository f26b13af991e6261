import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { IdGenerator } from '../domain/shared/ids';

/**
 * The bearer token of /sandbox: SANDBOX_ADMIN_TOKEN when set; else the one kept in DATA_DIR from an earlier
 * start; else a new one, kept there (readable by its owner only) and reported as `generated` so the first
 * start prints it.
 */
export function sandboxAdminToken(given: string | null, dataDir: string, ids: IdGenerator): { token: string; generated: boolean } {
  if (given) return { token: given, generated: false };
  const file = join(dataDir, 'sandbox-admin-token');
  if (existsSync(file)) return { token: readFileSync(file, 'utf8').trim(), generated: false };
  const token = `sbx_${ids.secret(24)}`;
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, `${token}\n`, { mode: 0o600 });
  return { token, generated: true };
}
