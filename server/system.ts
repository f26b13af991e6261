import { randomBytes } from 'node:crypto';
import type { Clock } from './domain/clock';
import type { IdGenerator } from './domain/ids';

/** The real clock and randomness, wired by main.ts, the CLI and the test harness's defaults. */
export const systemClock: Clock = () => new Date();

export const randomIds: IdGenerator = {
  id: (prefix) => `${prefix}_${randomBytes(16).toString('hex')}`,
  secret: (bytes) => randomBytes(bytes).toString('base64url'),
};
