import type { components } from '../../generated/openapi';
import type { ConnectedAccount, ProviderAccount } from '../provider/channel-provider';
import type { Channel, ClientRecord } from '../store/records';
import type { Store } from '../store/repositories';
import type { Clock } from './clock';
import { conflict, notFound } from './errors';

type Client = components['schemas']['Client'];
type ClientPage = components['schemas']['ClientPage'];

export function toApiClient(record: ClientRecord): Client {
  const client: Client = { client_ref: record.client_ref, channel: record.channel, business_name: record.business_name };
  if (record.phone_number !== null) client.phone_number = record.phone_number;
  if (record.phone_number_id !== null) client.phone_number_id = record.phone_number_id;
  client.business_account_id = record.business_account_id;
  return client;
}

/** The provider account a client's messaging and media calls address. */
export function accountOf(client: ClientRecord): ProviderAccount {
  return { channel: client.channel, account_key: client.account_key };
}

/** The provider account a client holds; one client per account and channel. */
export function accountKeyOf(account: ConnectedAccount): string {
  return account.channel === 'chat' ? (account.phone_number_id ?? account.business_account_id) : account.business_account_id;
}

/** Reading clients and the connection rules every onboarding path shares. */
export class Clients {
  constructor(
    private readonly store: Pick<Store, 'clients' | 'transaction'>,
    private readonly clock: Clock,
  ) {}

  get(clientRef: string): ClientRecord {
    const client = this.store.clients.findByRef(clientRef);
    if (!client) throw notFound(`No client with client_ref ${clientRef}.`);
    return client;
  }

  /** Oldest first; `limit` and `offset` are already within the contract's bounds. */
  page(limit: number, offset: number): ClientPage {
    const results = this.store.clients.page(limit, offset).map(toApiClient);
    return { results, count: results.length, total: this.store.clients.count(), limit, offset };
  }

  /**
   * Before a hosted session is handed out: a `client_ref` already connected on `chat` gives
   * `number_already_connected` on the chat route; any other existing client under the reference gives
   * `conflict`.
   */
  assertReferenceAvailable(channel: Channel, clientRef: string): void {
    const existing = this.store.clients.findByRef(clientRef);
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
  assertReferenceUnused(clientRef: string): void {
    if (this.store.clients.findByRef(clientRef)) throw conflict(`client_ref ${clientRef} is already connected.`);
  }

  /**
   * Creates the client for an authorized account, atomically: the reference must be free and the
   * account (number or social account) must not be connected under another reference. `andThen` runs in
   * the same transaction (used to consume a session).
   */
  connect(clientRef: string, account: ConnectedAccount, andThen?: () => void): ClientRecord {
    return this.store.transaction(() => {
      this.assertReferenceUnused(clientRef);
      const accountKey = accountKeyOf(account);
      const holder = this.store.clients.findByAccount(account.channel, accountKey);
      if (holder) {
        const what = account.channel === 'chat' ? `The number ${account.phone_number ?? accountKey}` : `The account ${account.username ?? accountKey}`;
        throw conflict(`${what} is already connected under another client reference.`);
      }
      const record: ClientRecord = {
        client_ref: clientRef,
        channel: account.channel,
        business_name: account.business_name,
        phone_number: account.phone_number ?? null,
        phone_number_id: account.phone_number_id ?? null,
        business_account_id: account.business_account_id,
        account_key: accountKey,
        connected_at: this.clock(),
      };
      this.store.clients.insert(record);
      andThen?.();
      return record;
    });
  }
}
