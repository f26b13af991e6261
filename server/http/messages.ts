import type { Domain } from '../domain';
import { whenReady } from '../store/awaitable';
import { messageShape } from './shapes';
import type { ReferenceHandlers } from './types';

/** Tag Messages: free-form and template sends. Shapes are the validator's; rules are domain/messaging/sending.ts's. */
export function messagesHandlers(domain: Domain): ReferenceHandlers<'Messages'> {
  const sending = domain.sending;
  return {
    sendMessage: ({ key, body }) => whenReady(sending.sendMessage(key, body), (outcome) => ({ status: 200 as const, body: messageShape(outcome) })),
    sendTemplateMessage: async ({ key, body }) => ({ status: 200, body: messageShape(await sending.sendTemplate(key, body)) }),
  };
}
