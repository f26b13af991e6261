// Tag Usage: monthly message usage.
import assert from 'node:assert/strict';
import type { Case } from '../harness';
import { same, status } from './support';

export const usageCases: Case[] = [
  {
    operation: 'getUsage',
    name: 'usage answers 200 with the current month and its history',
    run: async (ctx) => void status(ctx, await ctx.api.GET('/usage'), 200),
  },
  {
    operation: 'getUsage',
    name: 'usage covers the current UTC month and the twelve closed months before it, newest first',
    needs: ['rules'],
    run: async (ctx) => {
      const res = await ctx.api.GET('/usage');
      status(ctx, res, 200);
      const now = new Date();
      const month = (back: number) => {
        const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
        return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
      };
      assert.equal(res.data!.current.period, month(0));
      same(res.data!.history.map((p) => p.period), Array.from({ length: 12 }, (_, i) => month(i + 1)));
      for (const p of [res.data!.current, ...res.data!.history]) {
        assert.equal(p.total_messages, p.inbound_messages + p.outbound_messages + p.outbound_template_messages, `${p.period} total is the sum`);
      }
    },
  },
];
