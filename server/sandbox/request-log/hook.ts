// Where the request log meets the request pipeline: every request under /v1 has its answer watched from the
// start; once answered, one made with a partner's key (the edge accepted it) is handed to the recorder.
import type { Response } from 'express';
import { API_BASE_PATH, type EdgeRequest } from '../../edge';
import { spooledUploadOf } from '../../http/multipart-upload';
import type { ApiKey, PartnerId } from '../../store/records';
import { captureAnswer } from './capture';
import type { RequestRecorder } from './recorder';
import { capturedRequest } from './summarise';

/** Watches one request for the log: called by the app before the edge runs. */
export type RequestLogHook = (request: EdgeRequest<ApiKey>, res: Response) => void;

/**
 * `now(partner)`: the partner's time, which its log's times are in. A request refused before its key was
 * accepted (no key, an unknown, revoked or expired one) is in no partner's log: no partner is proven.
 */
export function requestLogHook(recorder: RequestRecorder, now: (partner: PartnerId) => Date): RequestLogHook {
  const prefix = `${API_BASE_PATH}/`;
  return (request, res) => {
    if (!request.target.startsWith(prefix)) return;
    const started = process.hrtime.bigint();
    const answered = captureAnswer(res);
    res.once('finish', () => {
      const key = request.key;
      if (!key) return;
      const durationMs = Number(process.hrtime.bigint() - started) / 1e6;
      const { req } = request;
      recorder.record({
        partnerId: key.partnerId,
        requestId: request.id,
        at: new Date(now(key.partnerId).getTime() - durationMs),
        method: req.method ?? 'GET',
        target: request.target,
        operationId: request.operation?.operationId ?? null,
        status: res.statusCode,
        durationMs,
        keyId: key.id,
        keyPrefix: key.prefix,
        headers: req.headers,
        request: capturedRequest(req, request.bodyRead === 'json' ? request.body : (req as { body?: unknown }).body, request.bodyRead, spooledUploadOf(res)),
        answer: answered(),
      });
    });
  };
}
