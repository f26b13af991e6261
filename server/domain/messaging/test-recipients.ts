import type { ClientId, ClientRecord } from '../../store/records';
import type { TestRecipientRepository } from '../../store/repositories';
import type { Clock } from '../shared/clock';
import { badRequest } from '../shared/errors';
import { recipientOn } from './recipient';

/** At most this many test recipients per client, like the provider's test numbers. */
export const MAX_TEST_RECIPIENTS = 5;

/**
 * Registered test recipients (section 5, rule 3): test-key sends to them are delivered for real (through
 * the simulated provider); every other test-key send is simulated. A recipient is kept as the send's rule
 * spells it (recipient.ts), so a number registered as `+49 151…` receives the sends to `49151…`.
 */
export class TestRecipients {
  constructor(
    private readonly repo: TestRecipientRepository,
    private readonly clock: Clock,
  ) {}

  async register(client: Pick<ClientRecord, 'partner_id' | 'client_ref' | 'channel'>, written: string): Promise<string[]> {
    const recipient = recipientOn(client.channel, written, 'recipient');
    if (!(await this.repo.has(client, recipient))) {
      if ((await this.repo.list(client)).length >= MAX_TEST_RECIPIENTS) {
        throw badRequest(`Client ${client.client_ref} already has ${MAX_TEST_RECIPIENTS} test recipients; remove one first.`);
      }
      await this.repo.add(client, recipient, this.clock());
    }
    return this.repo.list(client);
  }

  remove(client: Pick<ClientRecord, 'partner_id' | 'client_ref' | 'channel'>, written: string): Promise<boolean> {
    return this.repo.remove(client, recipientOn(client.channel, written, 'recipient'));
  }

  /** Whether `recipient`, as the send's rule spells it, is registered. */
  isRegistered(client: ClientId, recipient: string): Promise<boolean> {
    return this.repo.has(client, recipient);
  }

  list(client: ClientId): Promise<string[]> {
    return this.repo.list(client);
  }
}
