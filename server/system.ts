import { randomBytes, randomFillSync } from 'node:crypto';
import type { Clock } from './domain/shared/clock';
import type { IdGenerator } from './domain/shared/ids';

/** The real clock and randomness, wired by main.ts, the CLI and the test harness's defaults. */
export const systemClock: Clock = () => new Date();

export const randomIds: IdGenerator = {
  id: (prefix) => `${prefix}_${randomHex(16)}`,
  secret: (bytes) => randomBytes(bytes).toString('base64url'),
};

// Ids are minted on every send. A call into the CSPRNG costs about the same for 16 bytes as for 4 KiB, so
// bytes are drawn a pool at a time and each is handed out once (as node:crypto's randomUUID does).
const pool = Buffer.allocUnsafeSlow(4096);
let drawn = pool.length;

/** `bytes` fresh random bytes (at most the pool's size) as lower-case hex. */
function randomHex(bytes: number): string {
  if (drawn + bytes > pool.length) {
    randomFillSync(pool);
    drawn = 0;
  }
  const hex = pool.toString('hex', drawn, drawn + bytes);
  drawn += bytes;
  return hex;
}
