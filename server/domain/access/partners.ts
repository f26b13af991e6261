import { DEFAULT_PARTNER_ID, type Partner, type PartnerId } from '../../store/records';
import type { Store } from '../../store/repositories';
import type { Clock } from '../shared/clock';
import { badRequest, notFound } from '../shared/errors';
import type { IdGenerator } from '../shared/ids';

/**
 * Partner accounts of a shared sandbox: every key and what a key reaches (clients, templates, media,
 * sessions, webhook configuration, deliveries, usage) belongs to one. The default partner always exists;
 * it is the only one of a plain `npm start`.
 */
export class Partners {
  constructor(
    private readonly store: Pick<Store, 'partners'>,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
  ) {}

  async create(name: string): Promise<Partner> {
    const trimmed = name.trim();
    if (trimmed === '' || trimmed.length > 200) throw badRequest('A partner needs a name of 1 to 200 characters.', { details: { name: ['1 to 200 characters'] } });
    const partner: Partner = { id: this.ids.id('ptn'), name: trimmed, created_at: this.clock() };
    await this.store.partners.insert(partner);
    return partner;
  }

  list(): Promise<Partner[]> {
    return this.store.partners.list();
  }

  /** The partner with this id; 404 when there is none. */
  async get(id: PartnerId = DEFAULT_PARTNER_ID): Promise<Partner> {
    const partner = await this.store.partners.findById(id);
    if (!partner) throw notFound(`No partner ${id}.`);
    return partner;
  }
}
