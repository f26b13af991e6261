import type { ClientRecord, PartnerId } from '../records';
import type { ClientRepository } from '../repositories';
import type { SqlConnection } from './connection';
import type { HeldInMemory } from './held-in-memory';

type Row = Omit<ClientRecord, 'connected_at'> & { connected_at: number };

const toClient = (row: Row): ClientRecord => ({
  partner_id: row.partner_id,
  client_ref: row.client_ref,
  channel: row.channel,
  business_name: row.business_name,
  phone_number: row.phone_number,
  phone_number_id: row.phone_number_id,
  business_account_id: row.business_account_id,
  account_key: row.account_key,
  connected_at: new Date(row.connected_at),
});

const COLUMNS = 'partner_id, client_ref, channel, business_name, phone_number, phone_number_id, business_account_id, account_key, connected_at';

export class SqlClientRepository implements ClientRepository {
  constructor(
    private readonly db: SqlConnection,
    private readonly memory: HeldInMemory,
  ) {}

  async insert(c: ClientRecord): Promise<void> {
    await this.db.run(`INSERT INTO clients (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`, [
      c.partner_id,
      c.client_ref,
      c.channel,
      c.business_name,
      c.phone_number,
      c.phone_number_id,
      c.business_account_id,
      c.account_key,
      c.connected_at.getTime(),
    ]);
  }

  /** Asked by nearly every request, hence cached. */
  findByRef(partnerId: PartnerId, clientRef: string): Promise<ClientRecord | undefined> {
    // The partner id cannot contain a newline, so the pair is one unambiguous cache key.
    return this.memory.clientsByRef.get(`${partnerId}\n${clientRef}`, async () => {
      const row = await this.db.get<Row>(`SELECT ${COLUMNS} FROM clients WHERE partner_id = ? AND client_ref = ?`, [partnerId, clientRef]);
      return row && toClient(row);
    });
  }

  async findByAccount(channel: ClientRecord['channel'], accountKey: string): Promise<ClientRecord | undefined> {
    const row = await this.db.get<Row>(`SELECT ${COLUMNS} FROM clients WHERE channel = ? AND account_key = ?`, [channel, accountKey]);
    return row && toClient(row);
  }

  /** GET /clients, hence cached. */
  async page(partnerId: PartnerId, limit: number, offset: number): Promise<ClientRecord[]> {
    const page = await this.memory.clientPages.get(`${partnerId}\n${limit}\n${offset}`, async () => {
      return (await this.db.all<Row>(`SELECT ${COLUMNS} FROM clients WHERE partner_id = ? ORDER BY seq LIMIT ? OFFSET ?`, [partnerId, limit, offset])).map(toClient);
    });
    return page!;
  }

  async count(partnerId: PartnerId): Promise<number> {
    const count = await this.memory.clientCounts.get(partnerId, async () => {
      return (await this.db.get<{ n: number }>('SELECT COUNT(*) AS n FROM clients WHERE partner_id = ?', [partnerId]))!.n;
    });
    return count!;
  }
}
