import type { ReferenceHandlers } from './types';

/** Tag Status: the public health probe. */
export function statusHandlers(): ReferenceHandlers<'Status'> {
  return { getStatus: () => ({ status: 200, body: { status: 'ok', version: 'v1' } }) };
}
