// The sandbox's operations (server/sandbox/openapi.yaml), each a handler typed by the sandbox contract's
// generated server module: it reads the validated request, calls the sandbox service for the partner the
// request names, and answers one of the statuses the operation documents.
import type { ServerBinding } from '../../generated/server';
import type { Handlers } from './generated/server';
import type { Sandbox } from './service';

/** The sandbox's operator, as a request reached the sandbox: the admin token it gave and the origin it used. */
export interface SandboxCaller {
  origin: string;
  adminToken: string;
}

/** How the sandbox binds its handlers: the caller for the `key` of its (all secured) operations; no uploads, no pipeline headers. */
export interface SandboxBinding extends ServerBinding {
  key: SandboxCaller;
  file: never;
  provided: never;
}

export type SandboxHandlers = Handlers<SandboxBinding>;

export function sandboxHandlers(sandbox: Sandbox): SandboxHandlers {
  // Every operation but the partner accounts' acts for one partner: `?partner=<id>`, the default partner when absent.
  const partner = (query: { partner?: string }) => sandbox.partner(query.partner);
  return {
    sandboxListPartners: async () => ({ status: 200, body: await sandbox.listPartners() }),
    sandboxCreatePartner: async ({ body }) => ({ status: 201, body: await sandbox.createPartner(body) }),
    sandboxListKeys: async ({ query }) => ({ status: 200, body: await sandbox.keys.list(await partner(query)) }),
    sandboxCreateKey: async ({ query, body }) => ({ status: 201, body: await sandbox.keys.create(await partner(query), body) }),
    sandboxRotateKey: async ({ query, path }) => ({ status: 200, body: await sandbox.keys.rotate(await partner(query), path.key) }),
    sandboxRevokeKey: async ({ query, path }) => ({ status: 200, body: await sandbox.keys.revoke(await partner(query), path.key) }),
    sandboxConnectClient: async ({ query, body }) => ({ status: 201, body: await sandbox.simulator.connectClient(await partner(query), body) }),
    sandboxGetWebhook: async ({ query }) => ({ status: 200, body: await sandbox.webhooks.config(await partner(query)) }),
    sandboxSetWebhook: async ({ query, body }) => ({ status: 200, body: await sandbox.webhooks.set(await partner(query), body) }),
    sandboxFireTest: async ({ query, body }) => ({ status: 202, body: await sandbox.webhooks.fireTest(await partner(query), body ?? {}) }),
    sandboxFireSample: async ({ query, path, body }) => ({ status: 202, body: await sandbox.webhooks.fireSample(await partner(query), path.event, body?.client_ref) }),
    sandboxListDeliveries: async ({ query: { partner: id, ...filter } }) => ({ status: 200, body: await sandbox.webhooks.deliveries(await partner({ partner: id }), filter) }),
    sandboxGetDelivery: async ({ query, path }) => ({ status: 200, body: await sandbox.webhooks.delivery(await partner(query), path.delivery_id) }),
    sandboxRedeliver: async ({ query, body }) => ({ status: 202, body: await sandbox.webhooks.redeliver(await partner(query), body.ref) }),
    sandboxSimulateInbound: async ({ query, body }) => ({ status: 202, body: await sandbox.simulator.inbound(await partner(query), body) }),
    sandboxDecideReview: async ({ query, body }) => ({ status: 200, body: await sandbox.simulator.decideReview(await partner(query), body) }),
    sandboxSetProvider: async ({ body }) => ({ status: 200, body: await sandbox.simulator.setProvider(body) }),
    sandboxAdvanceMessage: async ({ query, path, body }) => ({ status: 200, body: await sandbox.simulator.advanceMessage(await partner(query), path.message_id, body) }),
    sandboxRegisterTestRecipient: async ({ query, body }) => ({ status: 200, body: await sandbox.simulator.registerTestRecipient(await partner(query), body) }),
    sandboxSetTrial: async ({ query, body }) => ({ status: 200, body: await sandbox.keys.setTrial(await partner(query), body) }),
    sandboxGetUsage: async ({ query }) => ({ status: 200, body: await sandbox.usage(await partner(query)) }),
    sandboxIssueSignupCode: () => ({ status: 201, body: sandbox.issueSignupCode() }),
    sandboxListFaults: async ({ query }) => ({ status: 200, body: await sandbox.faults.list(await partner(query)) }),
    sandboxAddFault: async ({ query, body }) => ({ status: 201, body: await sandbox.faults.add(await partner(query), body) }),
    sandboxClearFaults: async ({ query: { partner: id, key } }) => ({ status: 200, body: await sandbox.faults.clear(await partner({ partner: id }), key) }),
    sandboxRemoveFault: async ({ query, path }) => ({ status: 200, body: await sandbox.faults.remove(await partner(query), path.fault_id) }),
    // The file's URLs are the ones this request reached the sandbox at.
    sandboxExamples: async ({ query }) => ({ status: 200, body: await sandbox.simulator.examples(await partner(query)) }),
    sandboxContractFixtures: async ({ key, query }) => ({ status: 201, body: await sandbox.fixtures.make(await partner(query), key) }),
    sandboxTick: async () => ({ status: 200, body: await sandbox.tick() }),
  };
}
