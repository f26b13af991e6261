import pino, { type DestinationStream, type Logger } from 'pino';

export type { Logger };

/**
 * Anything shaped like an API key (`ik_test_…`, `ik_live_…`, in any letter case: partners paste keys in
 * odd places), wherever it appears in a logged string.
 */
const KEY_TEXT = /ik_(test|live)_[A-Za-z0-9_-]*/gi;

/** A logged string with every key-like run replaced. */
export function withoutKeys(text: string): string {
  return text.replace(KEY_TEXT, 'ik_$1_[redacted]');
}

function scrub(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return withoutKeys(value);
  if (depth > 6 || typeof value !== 'object' || value === null) return value;
  if (value instanceof Error) return { type: value.name, message: withoutKeys(value.message), stack: value.stack && withoutKeys(value.stack) };
  if (Array.isArray(value)) return value.map((item) => scrub(item, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, scrub(item, depth + 1)]));
}

/**
 * JSON logs (pino) on stdout, or on `destination`. Request logs carry `req_id`; they never carry a key,
 * a session token, a secret or the Authorization header: paths are logged without their query string,
 * these fields are redacted should one ever be passed, and any key-like text in any logged string (a key
 * pasted into a path, an error message quoting one) is cut off after its prefix.
 */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    base: { service: 'reference-server' },
    redact: {
      paths: ['authorization', 'headers.authorization', 'req.headers.authorization', 'key', 'plain', 'token', 'secret', '*.key', '*.plain', '*.token', '*.secret'],
      censor: '[redacted]',
    },
    formatters: { log: (object) => scrub(object) as Record<string, unknown> },
    hooks: {
      logMethod(args, method) {
        method.apply(this, args.map((arg) => (typeof arg === 'string' ? withoutKeys(arg) : arg)) as Parameters<typeof method>);
      },
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
