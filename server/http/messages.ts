import type { Router } from 'express';
import type { Domain } from '../domain';
import { authenticatedKey, sendJson, type JsonBody } from './types';

/** Tag Messages: free-form and template sends. Shapes are the validator's; rules are domain/sending.ts's. */
export function messagesRoutes(router: Router, domain: Domain): void {
  const sending = domain.sending;

  router.post('/messages/send', async (req, res) => {
    const response = await sending.sendMessage(authenticatedKey(res), req.body as JsonBody<'sendMessage'>);
    sendJson(res, 'sendMessage', 200, response);
  });

  router.post('/messages/send-template', async (req, res) => {
    const response = await sending.sendTemplate(authenticatedKey(res), req.body as JsonBody<'sendTemplateMessage'>);
    sendJson(res, 'sendTemplateMessage', 200, response);
  });
}
