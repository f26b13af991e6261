import type { Response } from 'express';
import type { AccessLog } from '../edge';
import type { Logger } from '../log';
import type { ApiKey } from '../store/records';
import { edgeOf } from './types';

/**
 * One access log line per answered request, carrying its request id, when the level takes info lines (none
 * otherwise, so no listener per request): the path without the query string (the logger cuts off any key
 * pasted into the path), the status, the duration and the key's id.
 */
export function accessLog(logger: Logger): AccessLog<ApiKey> | undefined {
  if (!logger.isLevelEnabled('info')) return undefined;
  return (request, durationMs) =>
    logger.child({ req_id: request.id }).info(
      { method: request.req.method, path: decodedPath(request.target), status: request.res.statusCode, duration_ms: durationMs, key_id: request.key?.id },
      'request',
    );
}

/** The path as the partner meant it (percent-decoding undone where it can be), never the query string. */
function decodedPath(target: string): string {
  const path = target.split('?')[0]!;
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** The logger of one request: its lines carry the request id. */
export function requestLogger(logger: Logger, res: Response): Logger {
  return logger.child({ req_id: edgeOf(res)?.id });
}
