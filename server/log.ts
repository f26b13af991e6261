import pino, { type DestinationStream, type Logger } from 'pino';

export type { Logger };

/**
 * JSON logs (pino) on stdout, or on `destination`. Request logs carry `req_id`; they never carry a key,
 * a session token, a secret or the Authorization header: paths are logged without their query string,
 * and these fields are redacted should one ever be passed.
 */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = {
    level,
    base: { service: 'reference-server' },
    redact: {
      paths: ['authorization', 'headers.authorization', 'req.headers.authorization', 'key', 'plain', 'token', 'secret', '*.key', '*.plain', '*.token', '*.secret'],
      censor: '[redacted]',
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
