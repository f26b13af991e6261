import type { Partner, PartnerId } from '../records';
import type { PartnerRepository } from '../repositories';
import type { SqlConnection } from './connection';

type Row = Omit<Partner, 'created_at'> & { created_at: number };

const toPartner = (row: Row): Partner => ({ id: row.id, name: row.name, created_at: new Date(row.created_at) });

export class SqlPartnerRepository implements PartnerRepository {
  constructor(private readonly db: SqlConnection) {}

  async insert(partner: Partner): Promise<void> {
    await this.db.run('INSERT INTO partners (id, name, created_at) VALUES (?, ?, ?)', [partner.id, partner.name, partner.created_at.getTime()]);
  }

  async findById(id: PartnerId): Promise<Partner | undefined> {
    const row = await this.db.get<Row>('SELECT id, name, created_at FROM partners WHERE id = ?', [id]);
    return row && toPartner(row);
  }

  async list(): Promise<Partner[]> {
    return (await this.db.all<Row>('SELECT id, name, created_at FROM partners ORDER BY seq')).map(toPartner);
  }
}
