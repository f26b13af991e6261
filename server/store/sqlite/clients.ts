import type { ClientRecord } from '../records';
import type { ClientRepository } from '../repositories';
import type { SqliteDatabase } from './database';
import { ReadCache } from './read-cache';

type Row = Omit<ClientRecord, 'connected_at'> & { connected_at: number };

const toClient = (row: Row): ClientRecord => ({
  client_ref: row.client_ref,
  channel: row.channel,
  business_name: row.business_name,
  phone_number: row.phone_number,
  phone_number_id: row.phone_number_id,
  business_account_id: row.business_account_id,
  account_key: row.account_key,
  connected_at: new Date(row.connected_at),
});

const COLUMNS = 'client_ref, channel, business_name, phone_number, phone_number_id, business_account_id, account_key, connected_at';

export class SqliteClientRepository implements ClientRepository {
  private readonly insertStmt;
  private readonly byRef;
  private readonly byAccount;
  private readonly pageStmt;
  private readonly countStmt;
  private readonly byRefCache;

  constructor(db: SqliteDatabase) {
    this.byRefCache = new ReadCache<ClientRecord>(db);
    this.insertStmt = db.prepare(
      `INSERT INTO clients (${COLUMNS}) VALUES (@client_ref, @channel, @business_name, @phone_number, @phone_number_id,
       @business_account_id, @account_key, @connected_at)`,
    );
    this.byRef = db.prepare<[string], Row>(`SELECT ${COLUMNS} FROM clients WHERE client_ref = ?`);
    this.byAccount = db.prepare<[string, string], Row>(`SELECT ${COLUMNS} FROM clients WHERE channel = ? AND account_key = ?`);
    this.pageStmt = db.prepare<[number, number], Row>(`SELECT ${COLUMNS} FROM clients ORDER BY seq LIMIT ? OFFSET ?`);
    this.countStmt = db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM clients');
  }

  insert(client: ClientRecord): void {
    this.insertStmt.run({ ...client, connected_at: client.connected_at.getTime() });
    this.byRefCache.clear();
  }

  /** Asked by nearly every request, hence cached. */
  findByRef(clientRef: string): ClientRecord | undefined {
    return this.byRefCache.get(clientRef, () => {
      const row = this.byRef.get(clientRef);
      return row && toClient(row);
    });
  }

  findByAccount(channel: ClientRecord['channel'], accountKey: string): ClientRecord | undefined {
    const row = this.byAccount.get(channel, accountKey);
    return row && toClient(row);
  }

  page(limit: number, offset: number): ClientRecord[] {
    return this.pageStmt.all(limit, offset).map(toClient);
  }

  count(): number {
    return this.countStmt.get()!.n;
  }
}
