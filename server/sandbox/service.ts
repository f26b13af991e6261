// The sandbox: the partner-portal functions the public API leaves out, and the operator's partner accounts.
// Each part acts for one partner and calls the rule's owner (keys, sessions, webhook delivery, the simulated
// provider, messaging); none re-implements a rule. What end users and the provider do goes through the
// simulated provider's controls, which notify the service as a real provider would.
import { randomBytes } from 'node:crypto';
import type { Domain } from '../domain';
import type { Faults } from '../domain/faults/faults';
import { usageShape } from '../http/shapes';
import type { PartnerTime } from '../domain/shared/partner-time';
import type { SimulatorControls } from '../provider/simulated';
import type { PartnerId } from '../store/records';
import type { WebhookDelivery } from '../webhooks';
import type { SandboxAccess } from './access';
import { ContractFixtures } from './contract-fixtures';
import { SandboxFaults } from './faults';
import { SandboxClock } from './clock';
import { SandboxKeys } from './keys';
import { SandboxRequests, type RequestLogSource } from './requests';
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
  /** The partners' request logs, as the sandbox reads them. */
  requestLog: RequestLogSource;
  /** Each partner's time. */
  time: PartnerTime;
  /** Runs what is due in one partner's time now. */
  dueOf: (partnerId: PartnerId) => Promise<void>;
}

export class Sandbox {
  readonly keys: SandboxKeys;
  readonly webhooks: SandboxWebhooks;
  readonly simulator: SandboxSimulator;
  readonly faults: SandboxFaults;
  readonly fixtures: ContractFixtures;
  readonly requests: SandboxRequests;
  readonly clock: SandboxClock;
  private seq = 0;

  constructor(private readonly deps: SandboxDeps) {
    const nextSeq = () => this.nextSeq();
    this.keys = new SandboxKeys(deps.domain);
    this.webhooks = new SandboxWebhooks(deps.domain, deps.webhooks, nextSeq);
    this.simulator = new SandboxSimulator(deps.domain, deps.simulator, this.webhooks);
    this.faults = new SandboxFaults(deps.domain, deps.faults);
    this.fixtures = new ContractFixtures(deps.domain, this.simulator, nextSeq);
    this.requests = new SandboxRequests(deps.domain, deps.requestLog);
    this.clock = new SandboxClock(deps.time, deps.dueOf);
  }

  async listPartners(): Promise<Schemas['PartnerList']> {
    return { partners: (await this.deps.domain.partners.list()).map(partnerShape) };
  }

  /** A partner account with its first portal token, shown here once. */
  async createPartner(input: BodyOf<'sandboxCreatePartner'>): Promise<Schemas['NewPartner']> {
    const partner = await this.deps.domain.partners.create(input.name);
    const { token } = await this.deps.domain.portalTokens.issue(partner.id);
    return { ...partnerShape(partner), portal_token: token };
  }

  /** A new portal token for the partner, shown once; its previous one stops working. */
  async issuePortalToken(id: PartnerId): Promise<Schemas['PortalToken']> {
    const partner = await this.deps.domain.partners.get(id);
    const { token, issuedAt } = await this.deps.domain.portalTokens.issue(partner.id);
    return { partner_id: partner.id, portal_token: token, issued_at: issuedAt.toISOString() };
  }

  /** Which token a request carries, and the partner it acts for. */
  async whoAmI(access: SandboxAccess, partner: PartnerId): Promise<Schemas['Caller']> {
    return { access: access.kind, partner: partnerShape(await this.deps.domain.partners.get(partner)) };
  }

  /** Runs `work` in the partner's time: every rule it reaches reads the partner's clock. */
  inTimeOf<T>(partner: PartnerId, work: () => Promise<T>): Promise<T> {
    return this.deps.time.within(partner, work);
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
