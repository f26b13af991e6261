// The sandbox's operations (server/sandbox/openapi.yaml), each a handler typed by the sandbox contract's
// generated server module: it reads the validated request, calls the sandbox service for the partner the
// request names, and answers one of the statuses the operation documents.
import type { ServerBinding } from '../../generated/server';
import type { Handlers } from './generated/server';
import { partnerFor, type SandboxAccess } from './access';
import type { Sandbox } from './service';

/** Who called the sandbox, as the request reached it: the token it gave, what that token opens, the origin it used. */
export interface SandboxCaller {
  origin: string;
  token: string;
  access: SandboxAccess;
}

/** How the sandbox binds its handlers: the caller for the `key` of its (all secured) operations; no uploads, no pipeline headers. */
export interface SandboxBinding extends ServerBinding {
  key: SandboxCaller;
  file: never;
  provided: never;
}

export type SandboxHandlers = Handlers<SandboxBinding>;

export function sandboxHandlers(sandbox: Sandbox): SandboxHandlers {
  // Every operation but those on every partner acts for one: the portal token's, else `?partner=<id>` (the
  // default partner when absent).
  const known = (id: string | undefined) => sandbox.partner(id);
  const partnerOf = (key: SandboxCaller, query: { partner?: string }) => partnerFor(key.access, query.partner, known);
  /** The operation `act` for the partner the request acts for, in that partner's time. */
  const forPartner = async <T>(key: SandboxCaller, query: { partner?: string }, act: (partner: string) => Promise<T>): Promise<T> => {
    const partner = await partnerOf(key, query);
    return sandbox.inTimeOf(partner, () => act(partner));
  };
  return {
    sandboxListPartners: async () => ({ status: 200, body: await sandbox.listPartners() }),
    sandboxCreatePartner: async ({ body }) => ({ status: 201, body: await sandbox.createPartner(body) }),
    sandboxIssuePortalToken: async ({ path }) => ({ status: 201, body: await sandbox.issuePortalToken(path.partner_id) }),
    sandboxWhoAmI: async ({ key, query }) => ({ status: 200, body: await sandbox.whoAmI(key.access, await partnerOf(key, query)) }),
    sandboxListKeys: async ({ key, query }) => ({ status: 200, body: await forPartner(key, query, (p) => sandbox.keys.list(p)) }),
    sandboxCreateKey: async ({ key, query, body }) => ({ status: 201, body: await forPartner(key, query, (p) => sandbox.keys.create(p, body)) }),
    sandboxRotateKey: async ({ key, query, path }) => ({ status: 200, body: await forPartner(key, query, (p) => sandbox.keys.rotate(p, path.key)) }),
    sandboxRevokeKey: async ({ key, query, path }) => ({ status: 200, body: await forPartner(key, query, (p) => sandbox.keys.revoke(p, path.key)) }),
    sandboxConnectClient: async ({ key, query, body }) => ({ status: 201, body: await forPartner(key, query, (p) => sandbox.simulator.connectClient(p, body)) }),
    sandboxGetWebhook: async ({ key, query }) => ({ status: 200, body: await forPartner(key, query, (p) => sandbox.webhooks.config(p)) }),
    sandboxSetWebhook: async ({ key, query, body }) => ({ status: 200, body: await forPartner(key, query, (p) => sandbox.webhooks.set(p, body)) }),
    sandboxFireTest: async ({ key, query, body }) => ({ status: 202, body: await forPartner(key, query, (p) => sandbox.webhooks.fireTest(p, body ?? {})) }),
    sandboxFireSample: async ({ key, query, path, body }) => ({ status: 202, body: await forPartner(key, query, (p) => sandbox.webhooks.fireSample(p, path.event, body?.client_ref)) }),
    sandboxListDeliveries: async ({ key, query: { partner: id, ...filter } }) => ({ status: 200, body: await forPartner(key, { partner: id }, (p) => sandbox.webhooks.deliveries(p, filter)) }),
    sandboxGetDelivery: async ({ key, query, path }) => ({ status: 200, body: await forPartner(key, query, (p) => sandbox.webhooks.delivery(p, path.delivery_id)) }),
    sandboxRedeliver: async ({ key, query, body }) => ({ status: 202, body: await forPartner(key, query, (p) => sandbox.webhooks.redeliver(p, body.ref)) }),
    sandboxSimulateInbound: async ({ key, query, body }) => ({ status: 202, body: await forPartner(key, query, (p) => sandbox.simulator.inbound(p, body)) }),
    sandboxDecideReview: async ({ key, query, body }) => ({ status: 200, body: await forPartner(key, query, (p) => sandbox.simulator.decideReview(p, body)) }),
    sandboxSetProvider: async ({ body }) => ({ status: 200, body: await sandbox.simulator.setProvider(body) }),
    sandboxAdvanceMessage: async ({ key, query, path, body }) => ({ status: 200, body: await forPartner(key, query, (p) => sandbox.simulator.advanceMessage(p, path.message_id, body)) }),
    sandboxRegisterTestRecipient: async ({ key, query, body }) => ({ status: 200, body: await forPartner(key, query, (p) => sandbox.simulator.registerTestRecipient(p, body)) }),
    sandboxSetTrial: async ({ key, query, body }) => ({ status: 200, body: await forPartner(key, query, (p) => sandbox.keys.setTrial(p, body)) }),
    sandboxGetUsage: async ({ key, query }) => ({ status: 200, body: await forPartner(key, query, (p) => sandbox.usage(p)) }),
    sandboxIssueSignupCode: () => ({ status: 201, body: sandbox.issueSignupCode() }),
    sandboxListFaults: async ({ key, query }) => ({ status: 200, body: await forPartner(key, query, (p) => sandbox.faults.list(p)) }),
    sandboxAddFault: async ({ key, query, body }) => ({ status: 201, body: await forPartner(key, query, (p) => sandbox.faults.add(p, body)) }),
    sandboxClearFaults: async ({ key: caller, query: { partner: id, key } }) => ({ status: 200, body: await forPartner(caller, { partner: id }, (p) => sandbox.faults.clear(p, key)) }),
    sandboxRemoveFault: async ({ key, query, path }) => ({ status: 200, body: await forPartner(key, query, (p) => sandbox.faults.remove(p, path.fault_id)) }),
    // The file's URLs are the ones this request reached the sandbox at.
    sandboxExamples: async ({ key, query }) => ({ status: 200, body: await forPartner(key, query, (p) => sandbox.simulator.examples(p)) }),
    sandboxContractFixtures: async ({ key, query }) => ({ status: 201, body: await forPartner(key, query, (p) => sandbox.fixtures.make(p, { origin: key.origin, adminToken: key.token })) }),
    sandboxListRequests: async ({ key, query: { partner: id, ...filter } }) => ({ status: 200, body: await forPartner(key, { partner: id }, (p) => sandbox.requests.list(p, filter)) }),
    sandboxGetRequest: async ({ key, query, path }) => ({ status: 200, body: await forPartner(key, query, (p) => sandbox.requests.get(p, path.request_id)) }),
    sandboxGetClock: async ({ key, query }) => ({ status: 200, body: await forPartner(key, query, (p) => sandbox.clock.show(p)) }),
    sandboxAdvanceClock: async ({ key, query, body }) => ({ status: 200, body: await forPartner(key, query, (p) => sandbox.clock.advance(p, body.by)) }),
    sandboxResetClock: async ({ key, query }) => ({ status: 200, body: await forPartner(key, query, (p) => sandbox.clock.reset(p)) }),
    sandboxTick: async () => ({ status: 200, body: await sandbox.tick() }),
  };
}
