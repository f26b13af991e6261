// The partner's faults on demand in the sandbox: for one key's requests (taken at the edge) or its deliveries.
import type { Domain } from '../domain';
import type { Faults } from '../domain/faults/faults';
import type { ApiKey, PartnerId } from '../store/records';
import type { BodyOf, Schemas } from './operation-types';
import { faultShape } from './shapes';

export class SandboxFaults {
  constructor(
    private readonly domain: Domain,
    private readonly faults: Faults,
  ) {}

  async list(partner: PartnerId): Promise<Schemas['FaultList']> {
    const keys = await this.keysById(partner);
    return { faults: (await this.faults.list(partner)).map((fault) => faultShape(fault, keys)) };
  }

  /** A fault for one of the partner's keys (by id or prefix) or for its deliveries. */
  async add(partner: PartnerId, input: BodyOf<'sandboxAddFault'>): Promise<Schemas['Fault']> {
    const key = input.key === undefined ? undefined : await this.domain.keys.find(partner, input.key);
    const fault = await this.faults.add(partner, {
      kind: input.kind,
      key,
      operation: input.operation,
      times: input.times,
      sharePercent: input.share_percent,
      retryAfterSeconds: input.retry_after_seconds,
      delayMs: input.delay_ms,
    });
    return faultShape(fault, new Map(key ? [[key.id, key]] : []));
  }

  async clear(partner: PartnerId, keyRef: string | undefined): Promise<Schemas['FaultsCleared']> {
    const key = keyRef === undefined ? undefined : await this.domain.keys.find(partner, keyRef);
    return { cleared: await this.faults.clear(partner, key) };
  }

  async remove(partner: PartnerId, id: string): Promise<Schemas['Fault']> {
    return faultShape(await this.faults.remove(partner, id), await this.keysById(partner));
  }

  private async keysById(partner: PartnerId): Promise<Map<string, ApiKey>> {
    return new Map((await this.domain.keys.list(partner)).map((key) => [key.id, key]));
  }
}
