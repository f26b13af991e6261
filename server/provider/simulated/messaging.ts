import type { IdGenerator } from '../../domain/shared/ids';
import {
  ProviderError,
  type DeliveryFailure,
  type MessagingProvider,
  type OutboundMessage,
  type ProviderAccount,
  type SendReceipt,
} from '../channel-provider';
import type { SimulatorCalls } from './calls';

/**
 * The messaging side of the simulated provider, deterministic. Its triggers (server/README.md lists every
 * trigger of the simulator):
 *
 * | trigger | outcome |
 * |---|---|
 * | `to` ends in `0422` | rejected: provider code `131026`, "Message undeliverable" (→ 422 `provider_rejected`) |
 * | `to` ends in `0502` | unreachable (→ 502 `upstream_unavailable`) |
 * | `to` ends in `0410` | accepted, then `failed` at once (code `131026`, "Message undeliverable") |
 * | a media or header `link` whose host starts with `unfetchable` | accepted, then `failed` (code `131053`, "Media download error") |
 *
 * Everything else is accepted. Message ids: `wamid.…` on chat, `m_…` on social.
 */
export class SimulatedMessaging implements MessagingProvider {
  static readonly REJECTED_RECIPIENT_SUFFIX = '0422';
  static readonly UNREACHABLE_RECIPIENT_SUFFIX = '0502';
  static readonly FAILING_RECIPIENT_SUFFIX = '0410';

  constructor(private readonly deps: { ids: IdGenerator; calls: SimulatorCalls }) {}

  async sendMessage(account: ProviderAccount, message: OutboundMessage): Promise<SendReceipt> {
    const record = (outcome: string) => this.deps.calls.push({ method: 'sendMessage', account, input: message, outcome });
    if (message.to.endsWith(SimulatedMessaging.UNREACHABLE_RECIPIENT_SUFFIX)) {
      record('unavailable');
      throw new ProviderError('unavailable', 'The channel provider did not answer.');
    }
    if (message.to.endsWith(SimulatedMessaging.REJECTED_RECIPIENT_SUFFIX)) {
      record('rejected');
      throw new ProviderError('rejected', 'Message undeliverable', '131026');
    }
    const messageId = this.messageId(account);
    record(messageId);
    const failure = deliveryFailure(message);
    return failure ? { messageId, failure } : { messageId };
  }

  private messageId(account: ProviderAccount): string {
    const raw = this.deps.ids.id('msg');
    return account.channel === 'chat'
      ? `wamid.${Buffer.from(raw).toString('base64')}`
      : `m_${Buffer.from(raw.slice(-22)).toString('base64url')}`;
  }
}

function deliveryFailure(message: OutboundMessage): DeliveryFailure | undefined {
  if (message.to.endsWith(SimulatedMessaging.FAILING_RECIPIENT_SUFFIX)) {
    return { code: 131026, title: 'Message undeliverable', message: 'The recipient cannot receive this message.' };
  }
  const links = JSON.stringify(message.payload).match(/"link":"([^"]*)"/g) ?? [];
  for (const entry of links) {
    const link = entry.slice(8, -1);
    try {
      if (new URL(link).hostname.startsWith('unfetchable')) {
        return { code: 131053, title: 'Media download error', message: `The media at ${link} could not be fetched.` };
      }
    } catch {
      continue;
    }
  }
  return undefined;
}
