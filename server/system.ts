import { randomBytes, randomUUID } from 'node:crypto';
import type { Clock } from './domain/shared/clock';
import type { IdGenerator } from './domain/shared/ids';

/** The real clock and randomness, wired by main.ts, the CLI and the test harness's defaults. */
export const systemClock: Clock = () => new Date();

export const randomIds: IdGenerator = {
  // A v4 UUID's 122 random bits without its dashes: randomUUID draws from a buffered pool, several times
  // cheaper per id than randomBytes(16), and ids are minted on every send.
  id: (prefix) => `${prefix}_${randomUUID().replaceAll('-', '')}`,
  secret: (bytes) => randomBytes(bytes).toString('base64url'),
};
