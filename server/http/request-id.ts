import { randomUUID } from 'node:crypto';
import type { RequestHandler, Response } from 'express';
import type { Logger } from '../log';

/**
 * First step of the pipeline: a fresh UUID v4 in `X-Request-Id` on every response, and, when the level
 * takes info lines, one access log line per request carrying it (path without the query string; the logger
 * cuts off any key pasted into the path).
 */
export function requestId(logger: Logger): RequestHandler {
  const accessLog = logger.isLevelEnabled('info');
  return (req, res, next) => {
    const id = randomUUID();
    res.locals.requestId = id;
    res.setHeader('X-Request-Id', id);
    if (accessLog) {
      const started = process.hrtime.bigint();
      res.on('finish', () => {
        requestLogger(logger, res).info(
          {
            method: req.method,
            path: decodedPath(req.originalUrl),
            status: res.statusCode,
            duration_ms: Number(process.hrtime.bigint() - started) / 1e6,
            key_id: (res.locals.apiKey as { id?: string } | undefined)?.id,
          },
          'request',
        );
      });
    }
    next();
  };
}

/** The path as the partner meant it (percent-decoding undone where it can be), never the query string. */
function decodedPath(url: string): string {
  const path = url.split('?')[0]!;
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** The logger of one request: its lines carry the request id. */
export function requestLogger(logger: Logger, res: Response): Logger {
  return logger.child({ req_id: res.locals.requestId as string | undefined });
}
