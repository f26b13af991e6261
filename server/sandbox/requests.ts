// The partner's request log in the sandbox: pages of its /v1 requests, newest first, and one request with its bodies.
import type { Domain } from '../domain';
import { badRequest, notFound } from '../domain/shared/errors';
import type { PartnerId, RequestLogEntry } from '../store/records';
import type { Store } from '../store/repositories';
import type { Query, Schemas } from './operation-types';

/** What the request log is read through: its store, and the recorder's entries not yet written. */
export interface RequestLogSource {
  store: Pick<Store, 'requestLog'>;
  /** Writes what the recorder still holds, so a read sees every request answered before it. */
  flush(): Promise<void>;
}

const summaryOf = (entry: RequestLogEntry): Schemas['RequestSummary'] => ({
  request_id: entry.requestId,
  at: entry.at.toISOString(),
  method: entry.method,
  path: entry.path,
  operation: entry.operationId,
  status: entry.status,
  error_code: entry.errorCode,
  duration_ms: entry.durationMs,
  key_id: entry.keyId,
  key_prefix: entry.keyPrefix,
});

/** The cursor of the page after the one ending at `seq`: opaque to callers. */
const cursorAfter = (seq: number) => Buffer.from(`r${seq}`).toString('base64url');

function seqOf(cursor: string): number {
  const match = /^r([0-9]{1,15})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match) throw badRequest('The cursor is not one a page of the request log gave.', { details: { cursor: ['is not a next_cursor of this log'] } });
  return Number(match[1]);
}

export class SandboxRequests {
  constructor(
    private readonly domain: Domain,
    private readonly log: RequestLogSource,
  ) {}

  async list(partner: PartnerId, filter: Query<'sandboxListRequests'>): Promise<Schemas['RequestList']> {
    await this.log.flush();
    const limit = filter.limit ?? 50;
    const keyId = filter.key === undefined ? undefined : (await this.domain.keys.find(partner, filter.key)).id;
    const entries = await this.log.store.requestLog.page(partner, {
      operationId: filter.operation,
      status: filter.status,
      errorCode: filter.error_code,
      requestId: filter.request_id,
      keyId,
      since: filter.since === undefined ? undefined : new Date(filter.since),
      until: filter.until === undefined ? undefined : new Date(filter.until),
      beforeSeq: filter.cursor === undefined ? undefined : seqOf(filter.cursor),
      limit: limit + 1,
    });
    const page = entries.slice(0, limit);
    return { requests: page.map(summaryOf), next_cursor: entries.length > limit ? cursorAfter(page[page.length - 1]!.seq) : null };
  }

  async get(partner: PartnerId, requestId: string): Promise<Schemas['LoggedRequest']> {
    await this.log.flush();
    const entry = await this.log.store.requestLog.find(partner, requestId);
    if (!entry) throw notFound(`No request ${requestId} in the partner's request log (it keeps the most recent requests only).`);
    return { ...summaryOf(entry), ...(JSON.parse(entry.detail) as Pick<Schemas['LoggedRequest'], 'request_headers' | 'request_body' | 'response_body'>) };
  }
}
