// The contract suite, written once, one file per tag of openapi.yaml (a large tag one per family of its operations:
// free-form and template sends for Messages, the list and the lifecycle for Templates), one for webhooks, and one
// each for the stateful sequences, the second tenant and the implementation's own deliveries. Every case states the
// rule it holds; every response it causes is also held against openapi.yaml by the checked transport
// (../harness.ts). Which target can hold which case is decided only by the target profiles (../targets.ts) through
// `needs`, and what a run was given (its fixtures) through `fixtures`.
import { contract } from '../../spec';
import { isAboutWebhooks, type Case } from '../harness';
import { accessCases } from './access';
import { clientCases } from './clients';
import { deliveryCases } from './deliveries';
import { freeFormSendCases } from './free-form-sends';
import { mediaCases } from './media';
import { onboardingCases } from './onboarding';
import { templateLifecycleCases } from './template-lifecycle';
import { templateListCases } from './template-lists';
import { templateSendCases } from './template-sends';
import { sequenceCases } from './sequences';
import { tenantCases, tenantRunCases } from './tenant';
import { usageCases } from './usage';
import { webhookCases } from './webhooks';

export { probes } from './access';

/** The cases that judge what the whole run read and received: a run holds them last, after its generated phase too. */
export const judgingCases: readonly Case[] = [...tenantRunCases, ...deliveryCases];

/**
 * The whole suite, in a stable order: rate-limit exhaustion late (it uses its own key anyway), then the cases
 * that judge what the whole run read and received.
 */
export const cases: Case[] = [
  ...[...accessCases, ...clientCases, ...onboardingCases, ...usageCases, ...freeFormSendCases, ...templateSendCases, ...mediaCases, ...templateListCases, ...templateLifecycleCases, ...sequenceCases, ...tenantCases, ...webhookCases].sort(
    (a, b) => Number(a.name.startsWith('exhausting')) - Number(b.name.startsWith('exhausting')),
  ),
  ...judgingCases,
];

const names = new Set<string>();
for (const c of cases) {
  if (names.has(c.name)) throw new Error(`duplicate case name: ${c.name}`);
  names.add(c.name);
  if (!contract().byId(c.operation) && !isAboutWebhooks(c.operation)) throw new Error(`case "${c.name}" names neither an operation nor a webhook: ${c.operation}`);
}
