import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { Logger } from '../log';

/**
 * First step of the pipeline: a fresh UUID v4 in `X-Request-Id` on every response, and one access log
 * line per request carrying it (path without the query string, so a key sent there is never logged).
 */
export function requestId(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const id = randomUUID();
    const started = process.hrtime.bigint();
    res.locals.requestId = id;
    res.locals.log = logger.child({ req_id: id });
    res.setHeader('X-Request-Id', id);
    res.on('finish', () => {
      (res.locals.log as Logger).info(
        {
          method: req.method,
          path: req.originalUrl.split('?')[0],
          status: res.statusCode,
          duration_ms: Number(process.hrtime.bigint() - started) / 1e6,
          key_id: (res.locals.apiKey as { id?: string } | undefined)?.id,
        },
        'request',
      );
    });
    next();
  };
}
