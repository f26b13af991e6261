import type { TestRecipientRepository } from '../store/repositories';
import type { Clock } from './clock';
import { badRequest } from './errors';

/** At most this many test recipients per client, like the provider's test numbers. */
export const MAX_TEST_RECIPIENTS = 5;

/**
 * Registered test recipients (section 5, rule 3): test-key sends to them are delivered for real (through
 * the simulated provider); every other test-key send is simulated.
 */
export class TestRecipients {
  constructor(
    private readonly repo: TestRecipientRepository,
    private readonly clock: Clock,
  ) {}

  register(clientRef: string, recipient: string): string[] {
    if (!this.repo.has(clientRef, recipient)) {
      if (this.repo.list(clientRef).length >= MAX_TEST_RECIPIENTS) {
        throw badRequest(`Client ${clientRef} already has ${MAX_TEST_RECIPIENTS} test recipients; remove one first.`);
      }
      this.repo.add(clientRef, recipient, this.clock());
    }
    return this.repo.list(clientRef);
  }

  remove(clientRef: string, recipient: string): boolean {
    return this.repo.remove(clientRef, recipient);
  }

  isRegistered(clientRef: string, recipient: string): boolean {
    return this.repo.has(clientRef, recipient);
  }

  list(clientRef: string): string[] {
    return this.repo.list(clientRef);
  }
}
