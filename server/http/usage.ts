import type { Domain } from '../domain';
import { usageShape } from './shapes';
import type { ReferenceHandlers } from './types';

/** Tag Usage: the key's partner's monthly message usage. */
export function usageHandlers(domain: Domain): ReferenceHandlers<'Usage'> {
  return { getUsage: async ({ key }) => ({ status: 200, body: usageShape(await domain.usage.report(key.partnerId)) }) };
}
