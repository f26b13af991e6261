import type { UsageCount, UsageKind } from '../records';
import type { UsageRepository } from '../repositories';
import type { SqliteDatabase } from './database';

export class SqliteUsageRepository implements UsageRepository {
  private readonly incrementStmt;
  private readonly betweenStmt;

  constructor(db: SqliteDatabase) {
    this.incrementStmt = db.prepare(
      `INSERT INTO usage_monthly (period, kind, count) VALUES (?, ?, ?)
       ON CONFLICT (period, kind) DO UPDATE SET count = count + excluded.count`,
    );
    this.betweenStmt = db.prepare<[string, string], { period: string; kind: UsageKind; count: number }>(
      'SELECT period, kind, count FROM usage_monthly WHERE period BETWEEN ? AND ?',
    );
  }

  increment(period: string, kind: UsageKind, by: number): void {
    this.incrementStmt.run(period, kind, by);
  }

  between(from: string, to: string): UsageCount[] {
    return this.betweenStmt.all(from, to);
  }
}
