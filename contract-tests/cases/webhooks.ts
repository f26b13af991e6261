// Webhooks (section 6) that no public operation causes: the portal's diagnostic event. The events requests
// cause are held by the cases of those requests (template.status in template-lifecycle.ts, message.status in
// template-sends.ts); every delivery the run receives is held by the run itself (runner.ts).
import type { Case } from '../harness';
import { delivered } from './support';

export const webhookCases: Case[] = [
  {
    operation: 'webhook.test',
    name: 'webhook.test fired from the portal arrives signed and holds openapi.yaml',
    needs: ['webhooks'],
    fixtures: ['webhookTestTrigger', 'webhooks'],
    run: async (ctx) => {
      const since = Date.now();
      await ctx.fx.webhookTestTrigger!();
      await delivered(ctx, 'webhook.test', 'after the trigger', (d) => d.at >= since);
    },
  },
];
