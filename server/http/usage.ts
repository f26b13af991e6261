import type { Domain } from '../domain';
import type { ReferenceHandlers } from './types';

/** Tag Usage: monthly message usage. */
export function usageHandlers(domain: Domain): ReferenceHandlers<'Usage'> {
  return { getUsage: () => ({ status: 200, body: domain.usage.report() }) };
}
