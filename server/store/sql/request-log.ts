import type { PartnerId, RequestLogEntry } from '../records';
import type { RequestLogFilter, RequestLogRepository } from '../repositories';
import type { SqlConnection } from './connection';

interface Row {
  seq: number;
  partner_id: string;
  request_id: string;
  at: number;
  method: string;
  path: string;
  operation_id: string | null;
  status: number;
  error_code: string | null;
  duration_ms: number;
  key_id: string;
  key_prefix: string;
  detail: string;
}

const COLUMNS = ['partner_id', 'request_id', 'at', 'method', 'path', 'operation_id', 'status', 'error_code', 'duration_ms', 'key_id', 'key_prefix', 'detail'] as const;
/** The entries written by one statement at most (the placeholders of a statement are bounded). */
const ROWS_PER_INSERT = 50;

const toEntry = (row: Row): RequestLogEntry & { seq: number } => ({
  seq: Number(row.seq),
  partnerId: row.partner_id,
  requestId: row.request_id,
  at: new Date(row.at),
  method: row.method,
  path: row.path,
  operationId: row.operation_id,
  status: row.status,
  errorCode: row.error_code,
  durationMs: row.duration_ms,
  keyId: row.key_id,
  keyPrefix: row.key_prefix,
  detail: row.detail,
});

const valuesOf = (e: RequestLogEntry) => [e.partnerId, e.requestId, e.at.getTime(), e.method, e.path, e.operationId, e.status, e.errorCode, e.durationMs, e.keyId, e.keyPrefix, e.detail];

export class SqlRequestLogRepository implements RequestLogRepository {
  constructor(private readonly db: SqlConnection) {}

  async insert(entries: readonly RequestLogEntry[]): Promise<void> {
    const row = `(${COLUMNS.map(() => '?').join(', ')})`;
    for (let i = 0; i < entries.length; i += ROWS_PER_INSERT) {
      const batch = entries.slice(i, i + ROWS_PER_INSERT);
      await this.db.run(`INSERT INTO request_log (${COLUMNS.join(', ')}) VALUES ${batch.map(() => row).join(', ')}`, batch.flatMap(valuesOf));
    }
  }

  async page(partnerId: PartnerId, filter: RequestLogFilter): Promise<Array<RequestLogEntry & { seq: number }>> {
    const where = ['partner_id = ?'];
    const params: unknown[] = [partnerId];
    const narrow = (clause: string, value: unknown) => {
      if (value === undefined) return;
      where.push(clause);
      params.push(value);
    };
    narrow('operation_id = ?', filter.operationId);
    narrow('status = ?', filter.status);
    narrow('error_code = ?', filter.errorCode);
    narrow('request_id = ?', filter.requestId);
    narrow('key_id = ?', filter.keyId);
    narrow('at >= ?', filter.since?.getTime());
    narrow('at < ?', filter.until?.getTime());
    narrow('seq < ?', filter.beforeSeq);
    const rows = await this.db.all<Row>(`SELECT seq, ${COLUMNS.join(', ')} FROM request_log WHERE ${where.join(' AND ')} ORDER BY seq DESC LIMIT ?`, [...params, filter.limit]);
    return rows.map(toEntry);
  }

  async find(partnerId: PartnerId, requestId: string): Promise<RequestLogEntry | undefined> {
    const row = await this.db.get<Row>(`SELECT seq, ${COLUMNS.join(', ')} FROM request_log WHERE partner_id = ? AND request_id = ? ORDER BY seq DESC LIMIT 1`, [partnerId, requestId]);
    return row && toEntry(row);
  }

  async trim(partnerId: PartnerId, keep: number, olderThan: Date): Promise<void> {
    const boundary = await this.db.get<{ seq: number }>('SELECT seq FROM request_log WHERE partner_id = ? ORDER BY seq DESC LIMIT 1 OFFSET ?', [partnerId, keep]);
    await this.db.run('DELETE FROM request_log WHERE partner_id = ? AND (seq <= ? OR at < ?)', [partnerId, boundary ? Number(boundary.seq) : 0, olderThan.getTime()]);
  }
}
