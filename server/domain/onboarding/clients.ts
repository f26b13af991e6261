import type { ConnectedAccount, ProviderAccount } from '../../provider/channel-provider';
import type { Channel, ClientRecord, PartnerId } from '../../store/records';
import { DuplicateError, type Store } from '../../store/repositories';
import type { Clock } from '../shared/clock';
import { conflict, notFound } from '../shared/errors';

/** One page of a partner's clients, and how many it has in all. */
export interface ClientsPage {
  clients: ClientRecord[];
  total: number;
}

/** The provider account a client's messaging and media calls address. */
export function accountOf(client: ClientRecord): ProviderAccount {
  return { channel: client.channel, account_key: client.account_key };
}

/** The provider account a client holds; one client per account and channel. */
export function accountKeyOf(account: ConnectedAccount): string {
  return account.channel === 'chat' ? (account.phone_number_id ?? account.business_account_id) : account.business_account_id;
}

/** Reading a partner's clients and the connection rules every onboarding path shares. */
export class Clients {
  constructor(
    private readonly store: Pick<Store, 'clients' | 'transaction'>,
    private readonly clock: Clock,
  ) {}

  /** The partner's client; another partner's client under the same reference is not found either. */
  async get(partnerId: PartnerId, clientRef: string): Promise<ClientRecord> {
    const client = await this.store.clients.findByRef(partnerId, clientRef);
    if (!client) throw notFound(`No client with client_ref ${clientRef}.`);
    return client;
  }

  /** The client holding a provider account, of whichever partner (the provider's notifications name accounts). */
  ofAccount(account: ProviderAccount): Promise<ClientRecord | undefined> {
    return this.store.clients.findByAccount(account.channel, account.account_key);
  }

  /** Oldest first; `limit` and `offset` are already within the contract's bounds. */
  async page(partnerId: PartnerId, limit: number, offset: number): Promise<ClientsPage> {
    return { clients: await this.store.clients.page(partnerId, limit, offset), total: await this.store.clients.count(partnerId) };
  }

  /**
   * Before a hosted session is handed out: a `client_ref` already connected on `chat` gives
   * `number_already_connected` on the chat route; any other existing client under the reference gives
   * `conflict`.
   */
  async assertReferenceAvailable(partnerId: PartnerId, channel: Channel, clientRef: string): Promise<void> {
    const existing = await this.store.clients.findByRef(partnerId, clientRef);
    if (!existing) return;
    if (channel === 'chat' && existing.channel === 'chat') {
      throw conflict(
        `Client ${clientRef} already has the number ${existing.phone_number ?? existing.account_key} connected.`,
        'number_already_connected',
      );
    }
    throw conflict(`client_ref ${clientRef} is already connected.`);
  }

  /** Code exchange: any client under the reference gives `conflict`. */
  async assertReferenceUnused(partnerId: PartnerId, clientRef: string, clients: Store['clients'] = this.store.clients): Promise<void> {
    if (await clients.findByRef(partnerId, clientRef)) throw conflict(`client_ref ${clientRef} is already connected.`);
  }

  /**
   * Creates the client for an authorized account, atomically: the reference must be free and the
   * account (number or social account) must not be connected under another reference. `andThen` runs in
   * the same transaction (used to consume a session). An account belongs to one client of any partner,
   * as a number is registered once with the real provider. Two connections racing for the same reference
   * or account (on this instance or another) end with one client and a 409 for the other.
   */
  async connect(partnerId: PartnerId, clientRef: string, account: ConnectedAccount, andThen?: (tx: Store) => Promise<void>): Promise<ClientRecord> {
    const accountKey = accountKeyOf(account);
    const what = account.channel === 'chat' ? `The number ${account.phone_number ?? accountKey}` : `The account ${account.username ?? accountKey}`;
    const taken = () => conflict(`${what} or client_ref ${clientRef} is already connected.`);
    try {
      return await this.store.transaction(async (tx) => {
        await this.assertReferenceUnused(partnerId, clientRef, tx.clients);
        if (await tx.clients.findByAccount(account.channel, accountKey)) {
          throw conflict(`${what} is already connected under another client reference.`);
        }
        const record: ClientRecord = {
          partner_id: partnerId,
          client_ref: clientRef,
          channel: account.channel,
          business_name: account.business_name,
          phone_number: account.phone_number ?? null,
          phone_number_id: account.phone_number_id ?? null,
          business_account_id: account.business_account_id,
          account_key: accountKey,
          connected_at: this.clock(),
        };
        await tx.clients.insert(record);
        await andThen?.(tx);
        return record;
      });
    } catch (error) {
      throw error instanceof DuplicateError ? taken() : error;
    }
  }
}
