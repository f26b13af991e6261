import type { ClientId, KeyMode } from '../../store/records';
import type { ServiceWindowRepository } from '../../store/repositories';
import { DAY_MS, type Clock } from '../shared/clock';
import { DomainError } from '../shared/errors';

/** Section 8: free-form sends are inside the window for 24 hours after the recipient's last inbound message. */
export const SERVICE_WINDOW_MS = DAY_MS;

export const OUTSIDE_WINDOW_WARNING =
  'The recipient has not written in the last 24 hours; outside the customer service window the provider may not deliver free-form messages.';

/**
 * The 24-hour customer service window (section 4, POST /messages/send rule 5): outside it, test-key sends
 * are refused with 422 `outside_service_window`; live sends proceed and carry a warning.
 */
export class ServiceWindow {
  constructor(
    private readonly repo: ServiceWindowRepository,
    private readonly clock: Clock,
  ) {}

  /** An end user wrote to the client (the inbound simulation calls this): the window opens for 24 hours. */
  async recordInbound(client: ClientId, contact: string, at: Date = this.clock()): Promise<void> {
    await this.repo.recordInbound(client, contact, at);
  }

  async isOpen(client: ClientId, contact: string): Promise<boolean> {
    const last = await this.repo.lastInbound(client, contact);
    return last !== undefined && this.clock().getTime() - last.getTime() < SERVICE_WINDOW_MS;
  }

  /** Throws for a test-key send outside the window; returns the warning for a live one (else none). */
  async check(client: ClientId, to: string, keyMode: KeyMode): Promise<string | undefined> {
    return (await this.isOpen(client, to)) ? undefined : this.outside(to, keyMode);
  }

  private outside(to: string, keyMode: KeyMode): string {
    if (keyMode === 'test') {
      throw new DomainError(
        'outside_service_window',
        `${to} has not written in the last 24 hours; free-form test sends are refused outside the customer service window. Send a template instead.`,
      );
    }
    return OUTSIDE_WINDOW_WARNING;
  }
}
