// The request log's writer: each answered /v1 request of a partner's key is kept in a bounded buffer and
// written in batches off the request's path (summarised and redacted then, not while the partner waits);
// each batch trims the partners it wrote to their bound. Reads flush first, so they see every request
// answered before them.
import type { Logger } from '../../log';
import type { PartnerId, RequestLogEntry } from '../../store/records';
import type { Store } from '../../store/repositories';
import { DAY_MS } from '../../domain/shared/clock';
import type { CapturedAnswer } from './capture';
import { redactHeaders, redactText } from './redact';
import { answerBodyOf, errorCodeOf, requestBodyOf, type CapturedRequest } from './summarise';

/** How much of each partner's log is kept: its last `limit` requests, none older than `days`. */
export interface RequestLogBounds {
  limit: number;
  days: number;
}

/** One answered request, as captured on its path (nothing summarised yet). */
export interface AnsweredRequest {
  partnerId: PartnerId;
  requestId: string;
  /** When it arrived, in the partner's time. */
  at: Date;
  method: string;
  /** Path and query as sent. */
  target: string;
  operationId: string | null;
  status: number;
  durationMs: number;
  keyId: string;
  keyPrefix: string;
  headers: Record<string, string | string[] | undefined>;
  request: CapturedRequest;
  answer: CapturedAnswer;
}

/** Requests waiting to be written at most: past it the oldest waiting are dropped (and said so in the server log). */
const MAX_WAITING = 5000;
/** A batch is written once this many wait, or FLUSH_DELAY_MS after the first of them. */
const BATCH = 200;
const FLUSH_DELAY_MS = 100;

export class RequestRecorder {
  private waiting: AnsweredRequest[] = [];
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly store: Pick<Store, 'requestLog'>,
    readonly bounds: RequestLogBounds,
    private readonly logger: Logger,
  ) {}

  record(request: AnsweredRequest): void {
    if (this.waiting.length >= MAX_WAITING) {
      this.waiting.shift();
      this.logger.warn({ waiting: MAX_WAITING }, 'request log: a request was dropped, the writer is behind');
    }
    this.waiting.push(request);
    if (this.waiting.length >= BATCH) void this.flush();
    else if (!this.timer) {
      this.timer = setTimeout(() => void this.flush(), FLUSH_DELAY_MS);
      this.timer.unref();
    }
  }

  /** Writes every request recorded so far (after any write under way); a failure is logged, never thrown. */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.waiting;
    this.waiting = [];
    this.writing = this.writing.then(() => (batch.length ? this.write(batch) : undefined));
    return this.writing;
  }

  private async write(batch: AnsweredRequest[]): Promise<void> {
    try {
      await this.store.requestLog.insert(batch.map(entryOf));
      const newest = new Map<PartnerId, Date>();
      for (const request of batch) newest.set(request.partnerId, request.at);
      for (const [partnerId, at] of newest) await this.store.requestLog.trim(partnerId, this.bounds.limit, new Date(at.getTime() - this.bounds.days * DAY_MS));
    } catch (error) {
      this.logger.error({ err: error, requests: batch.length }, 'request log: a batch could not be written');
    }
  }
}

function entryOf(request: AnsweredRequest): RequestLogEntry {
  const requestBody = requestBodyOf(request.request);
  const responseBody = answerBodyOf(request.answer);
  return {
    partnerId: request.partnerId,
    requestId: request.requestId,
    at: request.at,
    method: request.method,
    path: redactText(request.target),
    operationId: request.operationId,
    status: request.status,
    errorCode: errorCodeOf(responseBody),
    durationMs: Math.round(request.durationMs * 1000) / 1000,
    keyId: request.keyId,
    keyPrefix: request.keyPrefix,
    detail: JSON.stringify({ request_headers: redactHeaders(request.headers), request_body: requestBody, response_body: responseBody }),
  };
}
