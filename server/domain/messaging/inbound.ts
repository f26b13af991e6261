import type { ClientId } from '../../store/records';
import type { Clock } from '../shared/clock';
import type { ServiceWindow } from './service-window';
import type { Usage } from '../usage/usage';

/**
 * An end user wrote to a client: their 24-hour customer service window opens (section 4, send rule 5) and
 * the message counts as inbound usage (section 2, UsagePeriod): end users' messages are real traffic
 * whatever keys the partner holds.
 */
export class InboundMessages {
  constructor(
    private readonly serviceWindow: ServiceWindow,
    private readonly usage: Usage,
    private readonly clock: Clock,
  ) {}

  async received(client: ClientId, from: string): Promise<void> {
    const at = this.clock();
    await this.serviceWindow.recordInbound(client, from, at);
    await this.usage.record(client.partner_id, { kind: 'inbound', traffic: 'live', dryRun: false, at });
  }
}
