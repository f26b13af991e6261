// The sandbox: the partner-portal functions the public API leaves out, and the operator's partner accounts.
// Each part acts for one partner and calls the rule's owner (keys, sessions, webhook delivery, the simulated
// provider, messaging); none re-implements a rule. What end users and the provider do goes through the
// simulated provider's controls, which notify the service as a real provider would.
import { randomBytes } from 'node:crypto';
import type { Domain } from '../domain';
import type { Faults } from '../domain/faults/faults';
import { usageShape } from '../http/shapes';
import type { SimulatorControls } from '../provider/simulated';
import type { PartnerId } from '../store/records';
import type { WebhookDelivery } from '../webhooks';
import { ContractFixtures } from './contract-fixtures';
import { SandboxFaults } from './faults';
import { SandboxKeys } from './keys';
import type { BodyOf, Schemas } from './operation-types';
import { partnerShape } from './shapes';
import { SandboxSimulator } from './simulator';
import { SandboxWebhooks } from './webhooks';

export interface SandboxDeps {
  domain: Domain;
  webhooks: WebhookDelivery;
  /** Faults on demand: for keys' requests (taken at the edge) and the partner's deliveries. */
  faults: Faults;
  simulator: SimulatorControls;
  /** Runs what is due now (simulated reviews, webhook attempts). */
  tick: () => Promise<void>;
}

export class Sandbox {
  readonly keys: SandboxKeys;
  readonly webhooks: SandboxWebhooks;
  readonly simulator: SandboxSimulator;
  readonly faults: SandboxFaults;
  readonly fixtures: ContractFixtures;
  private seq = 0;

  constructor(private readonly deps: SandboxDeps) {
    const nextSeq = () => this.nextSeq();
    this.keys = new SandboxKeys(deps.domain);
    this.webhooks = new SandboxWebhooks(deps.domain, deps.webhooks, nextSeq);
    this.simulator = new SandboxSimulator(deps.domain, deps.simulator, this.webhooks);
    this.faults = new SandboxFaults(deps.domain, deps.faults);
    this.fixtures = new ContractFixtures(deps.domain, this.simulator, nextSeq);
  }

  async listPartners(): Promise<Schemas['PartnerList']> {
    return { partners: (await this.deps.domain.partners.list()).map(partnerShape) };
  }

  async createPartner(input: BodyOf<'sandboxCreatePartner'>): Promise<Schemas['Partner']> {
    return partnerShape(await this.deps.domain.partners.create(input.name));
  }

  /** The partner a sandbox call acts for; 404 for an unknown one. */
  async partner(id: PartnerId | undefined): Promise<PartnerId> {
    return (await this.deps.domain.partners.get(id)).id;
  }

  /** What `GET /v1/usage` answers the partner's keys. */
  async usage(partner: PartnerId): Promise<Schemas['UsageResponse']> {
    return usageShape(await this.deps.domain.usage.report(partner));
  }

  /** A code as the provider's embedded signup hands one out: the simulated provider exchanges it once. */
  issueSignupCode(): Schemas['SignupCode'] {
    return { auth_code: `sandbox-code-${randomBytes(18).toString('base64url')}` };
  }

  async tick(): Promise<Schemas['Tick']> {
    await this.deps.tick();
    return { ran_at: this.deps.domain.clock().toISOString(), next_delivery_at: (await this.deps.webhooks.nextDueAt())?.toISOString() ?? null };
  }

  private nextSeq(): string {
    this.seq += 1;
    return `${this.deps.domain.clock().getTime().toString(36)}${this.seq}`;
  }
}
