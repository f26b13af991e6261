import type { Domain } from '../domain';
import { messageShape } from './shapes';
import type { ReferenceHandlers } from './types';

/** Tag Messages: free-form and template sends. Shapes are the validator's; rules are domain/messaging/sending.ts's. */
export function messagesHandlers(domain: Domain): ReferenceHandlers<'Messages'> {
  const sending = domain.sending;
  return {
    sendMessage: async ({ key, body }) => ({ status: 200, body: messageShape(await sending.sendMessage(key, body)) }),
    sendTemplateMessage: async ({ key, body }) => ({ status: 200, body: messageShape(await sending.sendTemplate(key, body)) }),
  };
}
