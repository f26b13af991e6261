// Generated from server/sandbox/openapi.yaml by `npm run generate`. Do not edit.

// The server side of the contract: per operation a typed request and a typed answer (a union of the
// documented statuses with their bodies and headers), the operation table a server routes and mounts its
// handlers from. A set of handlers
// typed `Handlers<B>` misses no operation and answers nothing the contract does not document
// (server/http/contract-router.ts mounts one on an Express router).

import type { operations } from "./openapi";
import type { AnswerHeaders, OperationRoute, ServerBinding, StatusClass } from "../../../generated/server";

export type OperationId = "sandboxListPartners" | "sandboxCreatePartner" | "sandboxIssuePortalToken" | "sandboxWhoAmI" | "sandboxListKeys" | "sandboxCreateKey" | "sandboxRotateKey" | "sandboxRevokeKey" | "sandboxConnectClient" | "sandboxGetWebhook" | "sandboxSetWebhook" | "sandboxFireTest" | "sandboxFireSample" | "sandboxListDeliveries" | "sandboxGetDelivery" | "sandboxRedeliver" | "sandboxSimulateInbound" | "sandboxDecideReview" | "sandboxSetProvider" | "sandboxAdvanceMessage" | "sandboxRegisterTestRecipient" | "sandboxSetTrial" | "sandboxIssueSignupCode" | "sandboxExamples" | "sandboxListFaults" | "sandboxAddFault" | "sandboxClearFaults" | "sandboxRemoveFault" | "sandboxGetUsage" | "sandboxListRequests" | "sandboxGetRequest" | "sandboxGetClock" | "sandboxAdvanceClock" | "sandboxResetClock" | "sandboxContractFixtures" | "sandboxTick";

/** The operations of each tag. */
export interface OperationsByTag {
  "Partners": "sandboxListPartners" | "sandboxCreatePartner" | "sandboxIssuePortalToken" | "sandboxWhoAmI";
  "Keys": "sandboxListKeys" | "sandboxCreateKey" | "sandboxRotateKey" | "sandboxRevokeKey";
  "Clients": "sandboxConnectClient";
  "Webhooks": "sandboxGetWebhook" | "sandboxSetWebhook" | "sandboxFireTest" | "sandboxFireSample" | "sandboxListDeliveries" | "sandboxGetDelivery" | "sandboxRedeliver";
  "Simulation": "sandboxSimulateInbound" | "sandboxDecideReview" | "sandboxSetProvider" | "sandboxAdvanceMessage" | "sandboxTick";
  "Account": "sandboxRegisterTestRecipient" | "sandboxSetTrial" | "sandboxIssueSignupCode" | "sandboxGetUsage";
  "Code samples": "sandboxExamples";
  "Faults": "sandboxListFaults" | "sandboxAddFault" | "sandboxClearFaults" | "sandboxRemoveFault";
  "Requests": "sandboxListRequests" | "sandboxGetRequest";
  "Clock": "sandboxGetClock" | "sandboxAdvanceClock" | "sandboxResetClock";
  "Drift check": "sandboxContractFixtures";
}

/** What each operation's handler receives. */
export interface ServerRequests<B extends ServerBinding = ServerBinding> {
  /** GET /partners (Partners) */
  sandboxListPartners: { key: B["key"] };
  /** POST /partners (Partners) */
  sandboxCreatePartner: { key: B["key"]; body: NonNullable<operations["sandboxCreatePartner"]["requestBody"]>["content"]["application/json"] };
  /** POST /partners/{partner_id}/portal-token (Partners) */
  sandboxIssuePortalToken: { key: B["key"]; path: operations["sandboxIssuePortalToken"]["parameters"]["path"] };
  /** GET /me (Partners) */
  sandboxWhoAmI: { key: B["key"]; query: NonNullable<operations["sandboxWhoAmI"]["parameters"]["query"]> };
  /** GET /keys (Keys) */
  sandboxListKeys: { key: B["key"]; query: NonNullable<operations["sandboxListKeys"]["parameters"]["query"]> };
  /** POST /keys (Keys) */
  sandboxCreateKey: { key: B["key"]; query: NonNullable<operations["sandboxCreateKey"]["parameters"]["query"]>; body: NonNullable<operations["sandboxCreateKey"]["requestBody"]>["content"]["application/json"] };
  /** POST /keys/{key}/rotate (Keys) */
  sandboxRotateKey: { key: B["key"]; path: operations["sandboxRotateKey"]["parameters"]["path"]; query: NonNullable<operations["sandboxRotateKey"]["parameters"]["query"]> };
  /** POST /keys/{key}/revoke (Keys) */
  sandboxRevokeKey: { key: B["key"]; path: operations["sandboxRevokeKey"]["parameters"]["path"]; query: NonNullable<operations["sandboxRevokeKey"]["parameters"]["query"]> };
  /** POST /clients (Clients) */
  sandboxConnectClient: { key: B["key"]; query: NonNullable<operations["sandboxConnectClient"]["parameters"]["query"]>; body: NonNullable<operations["sandboxConnectClient"]["requestBody"]>["content"]["application/json"] };
  /** GET /webhook (Webhooks) */
  sandboxGetWebhook: { key: B["key"]; query: NonNullable<operations["sandboxGetWebhook"]["parameters"]["query"]> };
  /** PUT /webhook (Webhooks) */
  sandboxSetWebhook: { key: B["key"]; query: NonNullable<operations["sandboxSetWebhook"]["parameters"]["query"]>; body: NonNullable<operations["sandboxSetWebhook"]["requestBody"]>["content"]["application/json"] };
  /** POST /webhook/test (Webhooks) */
  sandboxFireTest: { key: B["key"]; query: NonNullable<operations["sandboxFireTest"]["parameters"]["query"]>; body?: NonNullable<operations["sandboxFireTest"]["requestBody"]>["content"]["application/json"] };
  /** POST /webhook/samples/{event} (Webhooks) */
  sandboxFireSample: { key: B["key"]; path: operations["sandboxFireSample"]["parameters"]["path"]; query: NonNullable<operations["sandboxFireSample"]["parameters"]["query"]>; body?: NonNullable<operations["sandboxFireSample"]["requestBody"]>["content"]["application/json"] };
  /** GET /webhook/deliveries (Webhooks) */
  sandboxListDeliveries: { key: B["key"]; query: NonNullable<operations["sandboxListDeliveries"]["parameters"]["query"]> };
  /** GET /webhook/deliveries/{delivery_id} (Webhooks) */
  sandboxGetDelivery: { key: B["key"]; path: operations["sandboxGetDelivery"]["parameters"]["path"]; query: NonNullable<operations["sandboxGetDelivery"]["parameters"]["query"]> };
  /** POST /webhook/redeliver (Webhooks) */
  sandboxRedeliver: { key: B["key"]; query: NonNullable<operations["sandboxRedeliver"]["parameters"]["query"]>; body: NonNullable<operations["sandboxRedeliver"]["requestBody"]>["content"]["application/json"] };
  /** POST /inbound (Simulation) */
  sandboxSimulateInbound: { key: B["key"]; query: NonNullable<operations["sandboxSimulateInbound"]["parameters"]["query"]>; body: NonNullable<operations["sandboxSimulateInbound"]["requestBody"]>["content"]["application/json"] };
  /** POST /templates/review (Simulation) */
  sandboxDecideReview: { key: B["key"]; query: NonNullable<operations["sandboxDecideReview"]["parameters"]["query"]>; body: NonNullable<operations["sandboxDecideReview"]["requestBody"]>["content"]["application/json"] };
  /** PUT /provider (Simulation) */
  sandboxSetProvider: { key: B["key"]; body: NonNullable<operations["sandboxSetProvider"]["requestBody"]>["content"]["application/json"] };
  /** POST /messages/{message_id}/status (Simulation) */
  sandboxAdvanceMessage: { key: B["key"]; path: operations["sandboxAdvanceMessage"]["parameters"]["path"]; query: NonNullable<operations["sandboxAdvanceMessage"]["parameters"]["query"]>; body: NonNullable<operations["sandboxAdvanceMessage"]["requestBody"]>["content"]["application/json"] };
  /** POST /test-recipients (Account) */
  sandboxRegisterTestRecipient: { key: B["key"]; query: NonNullable<operations["sandboxRegisterTestRecipient"]["parameters"]["query"]>; body: NonNullable<operations["sandboxRegisterTestRecipient"]["requestBody"]>["content"]["application/json"] };
  /** PUT /trial (Account) */
  sandboxSetTrial: { key: B["key"]; query: NonNullable<operations["sandboxSetTrial"]["parameters"]["query"]>; body: NonNullable<operations["sandboxSetTrial"]["requestBody"]>["content"]["application/json"] };
  /** POST /signup-codes (Account) */
  sandboxIssueSignupCode: { key: B["key"] };
  /** POST /examples (Code samples) */
  sandboxExamples: { key: B["key"]; query: NonNullable<operations["sandboxExamples"]["parameters"]["query"]> };
  /** GET /faults (Faults) */
  sandboxListFaults: { key: B["key"]; query: NonNullable<operations["sandboxListFaults"]["parameters"]["query"]> };
  /** POST /faults (Faults) */
  sandboxAddFault: { key: B["key"]; query: NonNullable<operations["sandboxAddFault"]["parameters"]["query"]>; body: NonNullable<operations["sandboxAddFault"]["requestBody"]>["content"]["application/json"] };
  /** DELETE /faults (Faults) */
  sandboxClearFaults: { key: B["key"]; query: NonNullable<operations["sandboxClearFaults"]["parameters"]["query"]> };
  /** DELETE /faults/{fault_id} (Faults) */
  sandboxRemoveFault: { key: B["key"]; path: operations["sandboxRemoveFault"]["parameters"]["path"]; query: NonNullable<operations["sandboxRemoveFault"]["parameters"]["query"]> };
  /** GET /usage (Account) */
  sandboxGetUsage: { key: B["key"]; query: NonNullable<operations["sandboxGetUsage"]["parameters"]["query"]> };
  /** GET /requests (Requests) */
  sandboxListRequests: { key: B["key"]; query: NonNullable<operations["sandboxListRequests"]["parameters"]["query"]> };
  /** GET /requests/{request_id} (Requests) */
  sandboxGetRequest: { key: B["key"]; path: operations["sandboxGetRequest"]["parameters"]["path"]; query: NonNullable<operations["sandboxGetRequest"]["parameters"]["query"]> };
  /** GET /clock (Clock) */
  sandboxGetClock: { key: B["key"]; query: NonNullable<operations["sandboxGetClock"]["parameters"]["query"]> };
  /** POST /clock/advance (Clock) */
  sandboxAdvanceClock: { key: B["key"]; query: NonNullable<operations["sandboxAdvanceClock"]["parameters"]["query"]>; body: NonNullable<operations["sandboxAdvanceClock"]["requestBody"]>["content"]["application/json"] };
  /** POST /clock/reset (Clock) */
  sandboxResetClock: { key: B["key"]; query: NonNullable<operations["sandboxResetClock"]["parameters"]["query"]> };
  /** POST /contract-fixtures (Drift check) */
  sandboxContractFixtures: { key: B["key"]; query: NonNullable<operations["sandboxContractFixtures"]["parameters"]["query"]> };
  /** POST /tick (Simulation) */
  sandboxTick: { key: B["key"] };
}

/** What each operation's handler may answer: exactly the documented statuses, bodies and headers (`P`: provided by the pipeline). */
export interface ServerAnswers<P extends string = never> {
  /** GET /partners (Partners) */
  sandboxListPartners:
    | ({ status: 200; body: operations["sandboxListPartners"]["responses"]["200"]["content"]["application/json"] } & AnswerHeaders<operations["sandboxListPartners"]["responses"]["200"], P>)
    | ({ status: StatusClass<4>; body: operations["sandboxListPartners"]["responses"]["4XX"]["content"]["application/json"] } & AnswerHeaders<operations["sandboxListPartners"]["responses"]["4XX"], P>)
    | ({ status: StatusClass<5>; body: operations["sandboxListPartners"]["responses"]["5XX"]["content"]["application/json"] } & AnswerHeaders<operations["sandboxListPartners"]["responses"]["5XX"], P>);
  /** POST /partners (Partners) */
  sandboxCreatePartner:
    | ({ status: 201; body: operations["sandboxCreatePartner"]["responses"]["201"]["content"]["application/json"] } & AnswerHeaders<operations["sandboxCreatePartner"]["responses"]["201"], P>)
    | ({ status: StatusClass<4>; body: operations["sandboxCreatePartner"]["responses"]["4XX"]["content"]["application/json"] } & AnswerHeaders<operations["sandboxCreatePartner"]["responses"]["4XX"], P>)
    | ({ status: StatusClass<5>; body: operations["sandboxCreatePartner"]["responses"]["5XX"]["content"]["application/json"] } & AnswerHeaders<operations["sandboxCreatePartner"]["responses"]["5XX"], P>);
  /** POST /partners/{partner_id}/portal-token (Partners) */
  sandboxIssuePortalToken:
    | ({ status: 201; body: operations["sandboxIssuePortalToken"]["responses"]["201"]["content"]["application/json"] } & AnswerHeaders<operations["sandboxIssuePortalToken"]["responses"]["201"], P>)
    | ({ status: StatusClass<4>; body: operations["sandboxIssuePortalToken"]["responses"]["4XX"]["content"]["application/json"] } & AnswerHeaders<operations["sandboxIssuePortalToken"]["responses"]["4XX"], P>)
    | ({ status: StatusClass<5>; body: operations["sandboxIssuePortalToken"]["responses"]["5XX"]["content"]["application/json"] } & AnswerHeaders<operations["sandboxIssuePortalToken"]["responses"]["5XX"], P>);
  /** GET /me (Partners) */
  sandboxWhoAmI:
    | ({ status: 200; body: operations["sandboxWhoAmI"]["responses"]["200"]["content"]["application/json"] } & AnswerHeaders<operations["sandboxWhoAmI"]["responses"]["200"], P>)
    | ({ status: StatusClass<4>; body: operations["sandboxWhoAmI"]["responses"]["4XX"]["content"]["application/json"] } & AnswerHeaders<operations["sandboxWhoAmI"]["responses"]["4XX"], P>)
    | ({ status: StatusClass<5>; body: operations["sandboxWhoAmI"]["responses"]["5XX"]["content"]["application/json"] } & AnswerHeaders<operations["sandboxWhoAmI"]["responses"]["5XX"], P>);
  /** GET /keys (Keys) */
  sandboxListKeys:
    | ({ status: 200; body: operations["sandboxListKeys"]["responses"]["200"]["content"]["application/json"] } & AnswerHeaders<operations["sandboxListKeys"]["responses"]["200"], P>)
    | ({ status: StatusClass<4>; body: operations["sandboxListKeys"]["responses"]["4XX"]["content"]["application/json"] } & AnswerHeaders<operations["sandboxListKeys"]["responses"]["4XX"], P>)
    | ({ status: StatusClass<5>; body: operations["sandboxListKeys"]["responses"]["5XX"]["content"]["application/json"] } & AnswerHeaders<operations["sandboxListKeys"]["responses"]["5XX"], P>);
  /** POST /keys (Keys) */
  sandboxCreateKey:
    | ({ status: 201; body: operations["sandboxCreateKey"]["responses"]["201"]["content"]["application/json"] } & AnswerHeaders<operations["sandboxCreateKey"]["responses"]["201"], P>)
    | ({ status: StatusClass<4>; body: operations["sandboxCreateKey"]["responses"]["4XX"]["content"]["application/json"] } & AnswerHeaders<operations["sandboxCreateKey"]["responses"]["4XX"], P>)
    | ({ status: StatusClass<5>; body: operations["sandboxCreateKey"]["responses"]["5XX"]["content"]["application/json"] } & AnswerHeaders<operations["sandboxCreateKey"]["responses"]["5XX"], P>);
  /** POST /keys/{key}/rotate (Keys) */
  sandboxRotateKey:
    | ({ status: 200; body: operations["sandboxRotateKey"]["responses"]["200"]["content"]["application/json"] } & AnswerHeaders<operations["sandboxRotateKey"]["responses"]["200"], P>)
    | ({ status: StatusClass<4>; body: operations["sandboxRotateKey"]["responses"]["4XX"]["content"]["application/json"] } & AnswerHeaders<operations["sandboxRotateKey"]["responses"]["4XX"], P>)
    | ({ status: StatusClass<5>; body: operations["sandboxRotateKey"]["responses"]["5XX"]["content"]["application/json"] } & AnswerHeaders<operations["sandboxRotateKey"]["responses"]["5XX"], P>);
  /** POST /keys/{key}/revoke (Keys) */
  sandboxRevokeKey:
    | ({ status: 200; body: operations["sandboxRevokeKey"]["responses"]["200"]["content"]["application/json"] } & AnswerHeaders<operations["sandboxRevokeKey"]["responses"]["200"], P>)
    | ({ status: StatusClass<4>; body: operations["sandboxRevokeKey"]["responses"]["4XX"]["content"]["application/json"] } & AnswerHeaders<operations["sandboxRevokeKey"]["responses"]["4XX"], P>)
    | ({ status: StatusClass<5>; body: operations["sandboxRevokeKey"]["responses"]["5XX"]["content"]["application/json"] } & AnswerHeaders<operations["sandboxRevokeKey"]["responses"]["5XX"], P>);
  /** POST /clients (Clients) */
  sandboxConnectClient:
    | ({ status: 201; body: operations["sandboxConnectClient"]["responses"]["201"]["content"]["application/json"] } & AnswerHeaders<operations["sandboxConnectClient"]["responses"]["201"], P>)
    | ({ status: StatusClass<4>; body: operations["sandboxConnectClient"]["responses"]["4XX"]["content"]["application/json"] } & AnswerHeaders<operations["sandboxConnectClient"]["responses"]["4XX"], P>)
    | ({ status: StatusClass<5>; body: operations["sandboxConnectClient"]["responses"]["5XX"]["content"]["application/json"] } & AnswerHeaders<operations["sandboxConnectClient"]["responses"]["5XX"], P>);
  /** GET /webhook (Webhooks) */
  sandboxGetWebhook:
    | ({ status: 200; body: operations["sandboxGetWebhook"]["responses"]["200"]["content"]["application/json"] } & AnswerHeaders<operations["sandboxGetWebhook"]["responses"]["200"], P>)
    | ({ status: StatusClass<4>; body: operations["sandboxGetWebhook"]["responses"]["4XX"]["content"]["application/json"] } & AnswerHeaders<operations["sandboxGetWebhook"]["responses"]["4XX"], P>)
    | ({ status: StatusClass<5>; body: operations["sandboxGetWebhook"]["responses"]["5XX"]["content"]["application/json"] } & AnswerHeaders<operations["sandboxGetWebhook"]["responses"]["5XX"], P>);
  /** PUT /webhook (Webhooks) */
  sandboxSetWebhook:
    | ({ status: 200; body: operations["sandboxSetWebhook"]["responses"]["200"]["content"]["application/json"] } & AnswerHeaders<operations["sandboxSetWebhook"]["responses"]["200"], P>)
    | ({ status: StatusClass<4>; body: operations["sandboxSetWebhook"]["responses"]["4XX"]["content"]["application/json"] } & AnswerHeaders<operations["sandboxSetWebhook"]["responses"]["4XX"], P>)
    | ({ status: StatusClass<5>; body: operations["sandboxSetWebhook"]["responses"]["5XX"]["content"]["application/json"] } & AnswerHeaders<operations["sandboxSetWebhook"]["responses"]["5XX"], P>);
  /** POST /webhook/test (Webhooks) */
  sandboxFireTest:
    | ({ status: 202; body: operations["sandboxFireTest"]["responses"]["202"]["content"]["application/json"] } & AnswerHeaders<operations["sandboxFireTest"]["responses"]["202"], P>)
    | ({ status: StatusClass<4>; body: operations["sandboxFireTest"]["responses"]["4XX"]["content"]["application/json"] } & AnswerHeaders<operations["sandboxFireTest"]["responses"]["4XX"], P>)
    | ({ status: StatusClass<5>; body: operations["sandboxFireTest"]["responses"]["5XX"]["content"]["application/json"] } & AnswerHeaders<operations["sandboxFireTest"]["responses"]["5XX"], P>);
  /** POST /webhook/samples/{event} (Webhooks) */
  sandboxFireSample:
    | ({ status: 202; body: operations["sandboxFireSample"]["responses"]["202"]["content"]["application/json"] } & AnswerHeaders<operations["sandboxFireSample"]["responses"]["202"], P>)
    | ({ status: StatusClass<4>; body: operations["sandboxFireSample"]["responses"]["4XX"]["content"]["application/json"] } & AnswerHeaders<operations["sandboxFireSample"]["responses"]["4XX"], P>)
    | ({ status: StatusClass<5>; body: operations["sandboxFireSample"]["responses"]["5XX"]["content"]["application/json"] } & AnswerHeaders<operations["sandboxFireSample"]["responses"]["5XX"], P>);
  /** GET /webhook/deliveries (Webhooks) */
  sandboxListDeliveries:
    | ({ status: 200; body: operations["sandboxListDeliveries"]["responses"]["200"]["content"]["application/json"] } & AnswerHeaders<operations["sandboxListDeliveries"]["responses"]["200"], P>)
    | ({ status: StatusClass<4>; body: operations["sandboxListDeliveries"]["responses"]["4XX"]["content"]["application/json"] } & AnswerHeaders<operations["sandboxListDeliveries"]["responses"]["4XX"], P>)
    | ({ status: StatusClass<5>; body: operations["sandboxListDeliveries"]["responses"]["5XX"]["content"]["application/json"] } & AnswerHeaders<operations["sandboxListDeliveries"]["responses"]["5XX"], P>);
  /** GET /webhook/deliveries/{delivery_id} (Webhooks) */
  sandboxGetDelivery:
    | ({ status: 200; body: operations["sandboxGetDelivery"]["responses"]["200"]["content"]["application/json"] } & AnswerHeaders<operations["sandboxGetDelivery"]["responses"]["200"], P>)
    | ({ status: StatusClass<4>; body: operations["sandboxGetDelivery"]["responses"]["4XX"]["content"]["application/json"] } & AnswerHeaders<operations["sandboxGetDelivery"]["responses"]["4XX"], P>)
    | ({ status: StatusClass<5>; body: operations["sandboxGetDelivery"]["responses"]["5XX"]["content"]["application/json"] } & AnswerHeaders<operations["sandboxGetDelivery"]["responses"]["5XX"], P>);
  /** POST /webhook/redeliver (Webhooks) */
  sandboxRedeliver:
    | ({ status: 202; body: operations["sandboxRedeliver"]["responses"]["202"]["content"]["application/json"] } & AnswerHeaders<operations["sandboxRedeliver"]["responses"]["202"], P>)
    | ({ status: StatusClass<4>; body: operations["sandboxRedeliver"]["responses"]["4XX"]["content"]["application/json"] } & AnswerHeaders<operations["sandboxRedeliver"]["responses"]["4XX"], P>)
    | ({ status: StatusClass<5>; body: operations["sandboxRedeliver"]["responses"]["5XX"]["content"]["application/json"] } & AnswerHeaders<operations["sandboxRedeliver"]["responses"]["5XX"], P>);
  /** POST /inbound (Simulation) */
  sandboxSimulateInbound:
    | ({ status: 202; body: operations["sandboxSimulateInbound"]["responses"]["202"]["content"]["application/json"] } & AnswerHeaders<operations["sandboxSimulateInbound"]["responses"]["202"], P>)
    | ({ status: StatusClass<4>; body: operations["sandboxSimulateInbound"]["responses"]["4XX"]["content"]["application/json"] } & AnswerHeaders<operations["sandboxSimulateInbound"]["responses"]["4XX"], P>)
    | ({ status: StatusClass<5>; body: operations["sandboxSimulateInbound"]["responses"]["5XX"]["content"]["application/json"] } & AnswerHeaders<operations["sandboxSimulateInbound"]["responses"]["5XX"], P>);
  /** POST /templates/review (Simulation) */
  sandboxDecideReview:
    | ({ status: 200; body: operations["sandboxDecideReview"]["responses"]["200"]["content"]["application/json"] } & AnswerHeaders<operations["sandboxDecideReview"]["responses"]["200"], P>)
    | ({ status: StatusClass<4>; body: operations["sandboxDecideReview"]["responses"]["4XX"]["content"]["application/json"] } & AnswerHeaders<operations["sandboxDecideReview"]["responses"]["4XX"], P>)
    | ({ status: StatusClass<5>; body: operations["sandboxDecideReview"]["responses"]["5XX"]["content"]["application/json"] } & AnswerHeaders<operations["sandboxDecideReview"]["responses"]["5XX"], P>);
  /** PUT /provider (Simulation) */
  sandboxSetProvider:
    | ({ status: 200; body: operations["sandboxSetProvider"]["responses"]["200"]["content"]["application/json"] } & AnswerHeaders<operations["sandboxSetProvider"]["responses"]["200"], P>)
    | ({ status: StatusClass<4>; body: operations["sandboxSetProvider"]["responses"]["4XX"]["content"]["application/json"] } & AnswerHeaders<operations["sandboxSetProvider"]["responses"]["4XX"], P>)
    | ({ status: StatusClass<5>; body: operations["sandboxSetProvider"]["responses"]["5XX"]["content"]["application/json"] } & AnswerHeaders<operations["sandboxSetProvider"]["responses"]["5XX"], P>);
  /** POST /messages/{message_id}/status (Simulation) */
  sandboxAdvanceMessage:
    | ({ status: 200; body: operations["sandboxAdvanceMessage"]["responses"]["200"]["content"]["application/json"] } & AnswerHeaders<operations["sandboxAdvanceMessage"]["responses"]["200"], P>)
    | ({ status: StatusClass<4>; body: operations["sandboxAdvanceMessage"]["responses"]["4XX"]["content"]["application/json"] } & AnswerHeaders<operations["sandboxAdvanceMessage"]["responses"]["4XX"], P>)
    | ({ status: StatusClass<5>; body: operations["sandboxAdvanceMessage"]["responses"]["5XX"]["content"]["application/json"] } & AnswerHeaders<operations["sandboxAdvanceMessage"]["responses"]["5XX"], P>);
  /** POST /test-recipients (Account) */
  sandboxRegisterTestRecipient:
    | ({ status: 200; body: operations["sandboxRegisterTestRecipient"]["responses"]["200"]["content"]["application/json"] } & AnswerHeaders<operations["sandboxRegisterTestRecipient"]["responses"]["200"], P>)
    | ({ status: StatusClass<4>; body: operations["sandboxRegisterTestRecipient"]["responses"]["4XX"]["content"]["application/json"] } & AnswerHeaders<operations["sandboxRegisterTestRecipient"]["responses"]["4XX"], P>)
    | ({ status: StatusClass<5>; body: operations["sandboxRegisterTestRecipient"]["responses"]["5XX"]["content"]["application/json"] } & AnswerHeaders<operations["sandboxRegisterTestRecipient"]["responses"]["5XX"], P>);
  /** PUT /trial (Account) */
  sandboxSetTrial:
    | ({ status: 200; body: operations["sandboxSetTrial"]["responses"]["200"]["content"]["application/json"] } & AnswerHeaders<operations["sandboxSetTrial"]["responses"]["200"], P>)
    | ({ status: StatusClass<4>; body: operations["sandboxSetTrial"]["responses"]["4XX"]["content"]["application/json"] } & AnswerHeaders<operations["sandboxSetTrial"]["responses"]["4XX"], P>)
    | ({ status: StatusClass<5>; body: operations["sandboxSetTrial"]["responses"]["5XX"]["content"]["application/json"] } & AnswerHeaders<operations["sandboxSetTrial"]["responses"]["5XX"], P>);
  /** POST /signup-codes (Account) */
  sandboxIssueSignupCode:
    | ({ status: 201; body: operations["sandboxIssueSignupCode"]["responses"]["201"]["content"]["application/json"] } & AnswerHeaders<operations["sandboxIssueSignupCode"]["responses"]["201"], P>)
    | ({ status: StatusClass<4>; body: operations["sandboxIssueSignupCode"]["responses"]["4XX"]["content"]["application/json"] } & AnswerHeaders<operations["sandboxIssueSignupCode"]["responses"]["4XX"], P>)
    | ({ status: StatusClass<5>; body: operations["sandboxIssueSignupCode"]["responses"]["5XX"]["content"]["application/json"] } & AnswerHeaders<operations["sandboxIssueSignupCode"]["responses"]["5XX"], P>);
  /** POST /examples (Code samples) */
  sandboxExamples:
    | ({ status: 200; body: operations["sandboxExamples"]["responses"]["200"]["content"]["application/json"] } & AnswerHeaders<operations["sandboxExamples"]["responses"]["200"], P>)
    | ({ status: StatusClass<4>; body: operations["sandboxExamples"]["responses"]["4XX"]["content"]["application/json"] } & AnswerHeaders<operations["sandboxExamples"]["responses"]["4XX"], P>)
    | ({ status: StatusClass<5>; body: operations["sandboxExamples"]["responses"]["5XX"]["content"]["application/json"] } & AnswerHeaders<operations["sandboxExamples"]["responses"]["5XX"], P>);
  /** GET /faults (Faults) */
  sandboxListFaults:
    | ({ status: 200; body: operations["sandboxListFaults"]["responses"]["200"]["content"]["application/json"] } & AnswerHeaders<operations["sandboxListFaults"]["responses"]["200"], P>)
    | ({ status: StatusClass<4>; body: operations["sandboxListFaults"]["responses"]["4XX"]["content"]["application/json"] } & AnswerHeaders<operations["sandboxListFaults"]["responses"]["4XX"], P>)
    | ({ status: StatusClass<5>; body: operations["sandboxListFaults"]["responses"]["5XX"]["content"]["application/json"] } & AnswerHeaders<operations["sandboxListFaults"]["responses"]["5XX"], P>);
  /** POST /faults (Faults) */
  sandboxAddFault:
    | ({ status: 201; body: operations["sandboxAddFault"]["responses"]["201"]["content"]["application/json"] } & AnswerHeaders<operations["sandboxAddFault"]["responses"]["201"], P>)
    | ({ status: StatusClass<4>; body: operations["sandboxAddFault"]["responses"]["4XX"]["content"]["application/json"] } & AnswerHeaders<operations["sandboxAddFault"]["responses"]["4XX"], P>)
    | ({ status: StatusClass<5>; body: operations["sandboxAddFault"]["responses"]["5XX"]["content"]["application/json"] } & AnswerHeaders<operations["sandboxAddFault"]["responses"]["5XX"], P>);
  /** DELETE /faults (Faults) */
  sandboxClearFaults:
    | ({ status: 200; body: operations["sandboxClearFaults"]["responses"]["200"]["content"]["application/json"] } & AnswerHeaders<operations["sandboxClearFaults"]["responses"]["200"], P>)
    | ({ status: StatusClass<4>; body: operations["sandboxClearFaults"]["responses"]["4XX"]["content"]["application/json"] } & AnswerHeaders<operations["sandboxClearFaults"]["responses"]["4XX"], P>)
    | ({ status: StatusClass<5>; body: operations["sandboxClearFaults"]["responses"]["5XX"]["content"]["application/json"] } & AnswerHeaders<operations["sandboxClearFaults"]["responses"]["5XX"], P>);
  /** DELETE /faults/{fault_id} (Faults) */
  sandboxRemoveFault:
    | ({ status: 200; body: operations["sandboxRemoveFault"]["responses"]["200"]["content"]["application/json"] } & AnswerHeaders<operations["sandboxRemoveFault"]["responses"]["200"], P>)
    | ({ status: StatusClass<4>; body: operations["sandboxRemoveFault"]["responses"]["4XX"]["content"]["application/json"] } & AnswerHeaders<operations["sandboxRemoveFault"]["responses"]["4XX"], P>)
    | ({ status: StatusClass<5>; body: operations["sandboxRemoveFault"]["responses"]["5XX"]["content"]["application/json"] } & AnswerHeaders<operations["sandboxRemoveFault"]["responses"]["5XX"], P>);
  /** GET /usage (Account) */
  sandboxGetUsage:
    | ({ status: 200; body: operations["sandboxGetUsage"]["responses"]["200"]["content"]["application/json"] } & AnswerHeaders<operations["sandboxGetUsage"]["responses"]["200"], P>)
    | ({ status: StatusClass<4>; body: operations["sandboxGetUsage"]["responses"]["4XX"]["content"]["application/json"] } & AnswerHeaders<operations["sandboxGetUsage"]["responses"]["4XX"], P>)
    | ({ status: StatusClass<5>; body: operations["sandboxGetUsage"]["responses"]["5XX"]["content"]["application/json"] } & AnswerHeaders<operations["sandboxGetUsage"]["responses"]["5XX"], P>);
  /** GET /requests (Requests) */
  sandboxListRequests:
    | ({ status: 200; body: operations["sandboxListRequests"]["responses"]["200"]["content"]["application/json"] } & AnswerHeaders<operations["sandboxListRequests"]["responses"]["200"], P>)
    | ({ status: StatusClass<4>; body: operations["sandboxListRequests"]["responses"]["4XX"]["content"]["application/json"] } & AnswerHeaders<operations["sandboxListRequests"]["responses"]["4XX"], P>)
    | ({ status: StatusClass<5>; body: operations["sandboxListRequests"]["responses"]["5XX"]["content"]["application/json"] } & AnswerHeaders<operations["sandboxListRequests"]["responses"]["5XX"], P>);
  /** GET /requests/{request_id} (Requests) */
  sandboxGetRequest:
    | ({ status: 200; body: operations["sandboxGetRequest"]["responses"]["200"]["content"]["application/json"] } & AnswerHeaders<operations["sandboxGetRequest"]["responses"]["200"], P>)
    | ({ status: StatusClass<4>; body: operations["sandboxGetRequest"]["responses"]["4XX"]["content"]["application/json"] } & AnswerHeaders<operations["sandboxGetRequest"]["responses"]["4XX"], P>)
    | ({ status: StatusClass<5>; body: operations["sandboxGetRequest"]["responses"]["5XX"]["content"]["application/json"] } & AnswerHeaders<operations["sandboxGetRequest"]["responses"]["5XX"], P>);
  /** GET /clock (Clock) */
  sandboxGetClock:
    | ({ status: 200; body: operations["sandboxGetClock"]["responses"]["200"]["content"]["application/json"] } & AnswerHeaders<operations["sandboxGetClock"]["responses"]["200"], P>)
    | ({ status: StatusClass<4>; body: operations["sandboxGetClock"]["responses"]["4XX"]["content"]["application/json"] } & AnswerHeaders<operations["sandboxGetClock"]["responses"]["4XX"], P>)
    | ({ status: StatusClass<5>; body: operations["sandboxGetClock"]["responses"]["5XX"]["content"]["application/json"] } & AnswerHeaders<operations["sandboxGetClock"]["responses"]["5XX"], P>);
  /** POST /clock/advance (Clock) */
  sandboxAdvanceClock:
    | ({ status: 200; body: operations["sandboxAdvanceClock"]["responses"]["200"]["content"]["application/json"] } & AnswerHeaders<operations["sandboxAdvanceClock"]["responses"]["200"], P>)
    | ({ status: StatusClass<4>; body: operations["sandboxAdvanceClock"]["responses"]["4XX"]["content"]["application/json"] } & AnswerHeaders<operations["sandboxAdvanceClock"]["responses"]["4XX"], P>)
    | ({ status: StatusClass<5>; body: operations["sandboxAdvanceClock"]["responses"]["5XX"]["content"]["application/json"] } & AnswerHeaders<operations["sandboxAdvanceClock"]["responses"]["5XX"], P>);
  /** POST /clock/reset (Clock) */
  sandboxResetClock:
    | ({ status: 200; body: operations["sandboxResetClock"]["responses"]["200"]["content"]["application/json"] } & AnswerHeaders<operations["sandboxResetClock"]["responses"]["200"], P>)
    | ({ status: StatusClass<4>; body: operations["sandboxResetClock"]["responses"]["4XX"]["content"]["application/json"] } & AnswerHeaders<operations["sandboxResetClock"]["responses"]["4XX"], P>)
    | ({ status: StatusClass<5>; body: operations["sandboxResetClock"]["responses"]["5XX"]["content"]["application/json"] } & AnswerHeaders<operations["sandboxResetClock"]["responses"]["5XX"], P>);
  /** POST /contract-fixtures (Drift check) */
  sandboxContractFixtures:
    | ({ status: 201; body: operations["sandboxContractFixtures"]["responses"]["201"]["content"]["application/json"] } & AnswerHeaders<operations["sandboxContractFixtures"]["responses"]["201"], P>)
    | ({ status: StatusClass<4>; body: operations["sandboxContractFixtures"]["responses"]["4XX"]["content"]["application/json"] } & AnswerHeaders<operations["sandboxContractFixtures"]["responses"]["4XX"], P>)
    | ({ status: StatusClass<5>; body: operations["sandboxContractFixtures"]["responses"]["5XX"]["content"]["application/json"] } & AnswerHeaders<operations["sandboxContractFixtures"]["responses"]["5XX"], P>);
  /** POST /tick (Simulation) */
  sandboxTick:
    | ({ status: 200; body: operations["sandboxTick"]["responses"]["200"]["content"]["application/json"] } & AnswerHeaders<operations["sandboxTick"]["responses"]["200"], P>)
    | ({ status: StatusClass<4>; body: operations["sandboxTick"]["responses"]["4XX"]["content"]["application/json"] } & AnswerHeaders<operations["sandboxTick"]["responses"]["4XX"], P>)
    | ({ status: StatusClass<5>; body: operations["sandboxTick"]["responses"]["5XX"]["content"]["application/json"] } & AnswerHeaders<operations["sandboxTick"]["responses"]["5XX"], P>);
}

export type ServerRequest<K extends OperationId, B extends ServerBinding = ServerBinding> = ServerRequests<B>[K];
export type ServerAnswer<K extends OperationId, P extends string = never> = ServerAnswers<P>[K];

/** The handler of one operation. */
export type Handler<K extends OperationId, B extends ServerBinding = ServerBinding> = (
  request: ServerRequest<K, B>,
) => ServerAnswer<K, B["provided"]> | Promise<ServerAnswer<K, B["provided"]>>;

/** A handler for every operation of the contract. */
export type Handlers<B extends ServerBinding = ServerBinding> = { [K in OperationId]: Handler<K, B> };

/** The handlers of one tag's operations. */
export type TagHandlers<T extends keyof OperationsByTag, B extends ServerBinding = ServerBinding> = Pick<Handlers<B>, OperationsByTag[T]>;

/**
 * Every operation of the contract, in match order: the first whose method and path match a request is its
 * operation (paths with fewer templated segments first, so `/clients/signup` is matched before
 * `/clients/{client_ref}`; document order otherwise).
 */
export const OPERATIONS: { readonly [K in OperationId]: OperationRoute } = {
  sandboxListPartners: {
    method: "get",
    path: "/partners",
    expressPath: "/partners",
    tag: "Partners",
    secured: true,
    parameters: { path: [], query: [], header: [] },
    requestBody: null,
    errorCodeWhenMissing: {},
    responses: { "200": ["application/json"], "4XX": ["application/json"], "5XX": ["application/json"] },
  },
  sandboxCreatePartner: {
    method: "post",
    path: "/partners",
    expressPath: "/partners",
    tag: "Partners",
    secured: true,
    parameters: { path: [], query: [], header: [] },
    requestBody: { mediaType: "application/json", required: true, fileParts: [] },
    errorCodeWhenMissing: {},
    responses: { "201": ["application/json"], "4XX": ["application/json"], "5XX": ["application/json"] },
  },
  sandboxWhoAmI: {
    method: "get",
    path: "/me",
    expressPath: "/me",
    tag: "Partners",
    secured: true,
    parameters: { path: [], query: ["partner"], header: [] },
    requestBody: null,
    errorCodeWhenMissing: {},
    responses: { "200": ["application/json"], "4XX": ["application/json"], "5XX": ["application/json"] },
  },
  sandboxListKeys: {
    method: "get",
    path: "/keys",
    expressPath: "/keys",
    tag: "Keys",
    secured: true,
    parameters: { path: [], query: ["partner"], header: [] },
    requestBody: null,
    errorCodeWhenMissing: {},
    responses: { "200": ["application/json"], "4XX": ["application/json"], "5XX": ["application/json"] },
  },
  sandboxCreateKey: {
    method: "post",
    path: "/keys",
    expressPath: "/keys",
    tag: "Keys",
    secured: true,
    parameters: { path: [], query: ["partner"], header: [] },
    requestBody: { mediaType: "application/json", required: true, fileParts: [] },
    errorCodeWhenMissing: {},
    responses: { "201": ["application/json"], "4XX": ["application/json"], "5XX": ["application/json"] },
  },
  sandboxConnectClient: {
    method: "post",
    path: "/clients",
    expressPath: "/clients",
    tag: "Clients",
    secured: true,
    parameters: { path: [], query: ["partner"], header: [] },
    requestBody: { mediaType: "application/json", required: true, fileParts: [] },
    errorCodeWhenMissing: {},
    responses: { "201": ["application/json"], "4XX": ["application/json"], "5XX": ["application/json"] },
  },
  sandboxGetWebhook: {
    method: "get",
    path: "/webhook",
    expressPath: "/webhook",
    tag: "Webhooks",
    secured: true,
    parameters: { path: [], query: ["partner"], header: [] },
    requestBody: null,
    errorCodeWhenMissing: {},
    responses: { "200": ["application/json"], "4XX": ["application/json"], "5XX": ["application/json"] },
  },
  sandboxSetWebhook: {
    method: "put",
    path: "/webhook",
    expressPath: "/webhook",
    tag: "Webhooks",
    secured: true,
    parameters: { path: [], query: ["partner"], header: [] },
    requestBody: { mediaType: "application/json", required: true, fileParts: [] },
    errorCodeWhenMissing: {},
    responses: { "200": ["application/json"], "4XX": ["application/json"], "5XX": ["application/json"] },
  },
  sandboxFireTest: {
    method: "post",
    path: "/webhook/test",
    expressPath: "/webhook/test",
    tag: "Webhooks",
    secured: true,
    parameters: { path: [], query: ["partner"], header: [] },
    requestBody: { mediaType: "application/json", required: false, fileParts: [] },
    errorCodeWhenMissing: {},
    responses: { "202": ["application/json"], "4XX": ["application/json"], "5XX": ["application/json"] },
  },
  sandboxListDeliveries: {
    method: "get",
    path: "/webhook/deliveries",
    expressPath: "/webhook/deliveries",
    tag: "Webhooks",
    secured: true,
    parameters: { path: [], query: ["partner", "event_id", "event", "state", "limit"], header: [] },
    requestBody: null,
    errorCodeWhenMissing: {},
    responses: { "200": ["application/json"], "4XX": ["application/json"], "5XX": ["application/json"] },
  },
  sandboxRedeliver: {
    method: "post",
    path: "/webhook/redeliver",
    expressPath: "/webhook/redeliver",
    tag: "Webhooks",
    secured: true,
    parameters: { path: [], query: ["partner"], header: [] },
    requestBody: { mediaType: "application/json", required: true, fileParts: [] },
    errorCodeWhenMissing: {},
    responses: { "202": ["application/json"], "4XX": ["application/json"], "5XX": ["application/json"] },
  },
  sandboxSimulateInbound: {
    method: "post",
    path: "/inbound",
    expressPath: "/inbound",
    tag: "Simulation",
    secured: true,
    parameters: { path: [], query: ["partner"], header: [] },
    requestBody: { mediaType: "application/json", required: true, fileParts: [] },
    errorCodeWhenMissing: {},
    responses: { "202": ["application/json"], "4XX": ["application/json"], "5XX": ["application/json"] },
  },
  sandboxDecideReview: {
    method: "post",
    path: "/templates/review",
    expressPath: "/templates/review",
    tag: "Simulation",
    secured: true,
    parameters: { path: [], query: ["partner"], header: [] },
    requestBody: { mediaType: "application/json", required: true, fileParts: [] },
    errorCodeWhenMissing: {},
    responses: { "200": ["application/json"], "4XX": ["application/json"], "5XX": ["application/json"] },
  },
  sandboxSetProvider: {
    method: "put",
    path: "/provider",
    expressPath: "/provider",
    tag: "Simulation",
    secured: true,
    parameters: { path: [], query: [], header: [] },
    requestBody: { mediaType: "application/json", required: true, fileParts: [] },
    errorCodeWhenMissing: {},
    responses: { "200": ["application/json"], "4XX": ["application/json"], "5XX": ["application/json"] },
  },
  sandboxRegisterTestRecipient: {
    method: "post",
    path: "/test-recipients",
    expressPath: "/test-recipients",
    tag: "Account",
    secured: true,
    parameters: { path: [], query: ["partner"], header: [] },
    requestBody: { mediaType: "application/json", required: true, fileParts: [] },
    errorCodeWhenMissing: {},
    responses: { "200": ["application/json"], "4XX": ["application/json"], "5XX": ["application/json"] },
  },
  sandboxSetTrial: {
    method: "put",
    path: "/trial",
    expressPath: "/trial",
    tag: "Account",
    secured: true,
    parameters: { path: [], query: ["partner"], header: [] },
    requestBody: { mediaType: "application/json", required: true, fileParts: [] },
    errorCodeWhenMissing: {},
    responses: { "200": ["application/json"], "4XX": ["application/json"], "5XX": ["application/json"] },
  },
  sandboxIssueSignupCode: {
    method: "post",
    path: "/signup-codes",
    expressPath: "/signup-codes",
    tag: "Account",
    secured: true,
    parameters: { path: [], query: [], header: [] },
    requestBody: null,
    errorCodeWhenMissing: {},
    responses: { "201": ["application/json"], "4XX": ["application/json"], "5XX": ["application/json"] },
  },
  sandboxExamples: {
    method: "post",
    path: "/examples",
    expressPath: "/examples",
    tag: "Code samples",
    secured: true,
    parameters: { path: [], query: ["partner"], header: [] },
    requestBody: null,
    errorCodeWhenMissing: {},
    responses: { "200": ["application/json"], "4XX": ["application/json"], "5XX": ["application/json"] },
  },
  sandboxListFaults: {
    method: "get",
    path: "/faults",
    expressPath: "/faults",
    tag: "Faults",
    secured: true,
    parameters: { path: [], query: ["partner"], header: [] },
    requestBody: null,
    errorCodeWhenMissing: {},
    responses: { "200": ["application/json"], "4XX": ["application/json"], "5XX": ["application/json"] },
  },
  sandboxAddFault: {
    method: "post",
    path: "/faults",
    expressPath: "/faults",
    tag: "Faults",
    secured: true,
    parameters: { path: [], query: ["partner"], header: [] },
    requestBody: { mediaType: "application/json", required: true, fileParts: [] },
    errorCodeWhenMissing: {},
    responses: { "201": ["application/json"], "4XX": ["application/json"], "5XX": ["application/json"] },
  },
  sandboxClearFaults: {
    method: "delete",
    path: "/faults",
    expressPath: "/faults",
    tag: "Faults",
    secured: true,
    parameters: { path: [], query: ["partner", "key"], header: [] },
    requestBody: null,
    errorCodeWhenMissing: {},
    responses: { "200": ["application/json"], "4XX": ["application/json"], "5XX": ["application/json"] },
  },
  sandboxGetUsage: {
    method: "get",
    path: "/usage",
    expressPath: "/usage",
    tag: "Account",
    secured: true,
    parameters: { path: [], query: ["partner"], header: [] },
    requestBody: null,
    errorCodeWhenMissing: {},
    responses: { "200": ["application/json"], "4XX": ["application/json"], "5XX": ["application/json"] },
  },
  sandboxListRequests: {
    method: "get",
    path: "/requests",
    expressPath: "/requests",
    tag: "Requests",
    secured: true,
    parameters: { path: [], query: ["partner", "operation", "status", "error_code", "request_id", "key", "since", "until", "limit", "cursor"], header: [] },
    requestBody: null,
    errorCodeWhenMissing: {},
    responses: { "200": ["application/json"], "4XX": ["application/json"], "5XX": ["application/json"] },
  },
  sandboxGetClock: {
    method: "get",
    path: "/clock",
    expressPath: "/clock",
    tag: "Clock",
    secured: true,
    parameters: { path: [], query: ["partner"], header: [] },
    requestBody: null,
    errorCodeWhenMissing: {},
    responses: { "200": ["application/json"], "4XX": ["application/json"], "5XX": ["application/json"] },
  },
  sandboxAdvanceClock: {
    method: "post",
    path: "/clock/advance",
    expressPath: "/clock/advance",
    tag: "Clock",
    secured: true,
    parameters: { path: [], query: ["partner"], header: [] },
    requestBody: { mediaType: "application/json", required: true, fileParts: [] },
    errorCodeWhenMissing: {},
    responses: { "200": ["application/json"], "4XX": ["application/json"], "5XX": ["application/json"] },
  },
  sandboxResetClock: {
    method: "post",
    path: "/clock/reset",
    expressPath: "/clock/reset",
    tag: "Clock",
    secured: true,
    parameters: { path: [], query: ["partner"], header: [] },
    requestBody: null,
    errorCodeWhenMissing: {},
    responses: { "200": ["application/json"], "4XX": ["application/json"], "5XX": ["application/json"] },
  },
  sandboxContractFixtures: {
    method: "post",
    path: "/contract-fixtures",
    expressPath: "/contract-fixtures",
    tag: "Drift check",
    secured: true,
    parameters: { path: [], query: ["partner"], header: [] },
    requestBody: null,
    errorCodeWhenMissing: {},
    responses: { "201": ["application/json"], "4XX": ["application/json"], "5XX": ["application/json"] },
  },
  sandboxTick: {
    method: "post",
    path: "/tick",
    expressPath: "/tick",
    tag: "Simulation",
    secured: true,
    parameters: { path: [], query: [], header: [] },
    requestBody: null,
    errorCodeWhenMissing: {},
    responses: { "200": ["application/json"], "4XX": ["application/json"], "5XX": ["application/json"] },
  },
  sandboxIssuePortalToken: {
    method: "post",
    path: "/partners/{partner_id}/portal-token",
    expressPath: "/partners/:partner_id/portal-token",
    tag: "Partners",
    secured: true,
    parameters: { path: ["partner_id"], query: [], header: [] },
    requestBody: null,
    errorCodeWhenMissing: {},
    responses: { "201": ["application/json"], "4XX": ["application/json"], "5XX": ["application/json"] },
  },
  sandboxRotateKey: {
    method: "post",
    path: "/keys/{key}/rotate",
    expressPath: "/keys/:key/rotate",
    tag: "Keys",
    secured: true,
    parameters: { path: ["key"], query: ["partner"], header: [] },
    requestBody: null,
    errorCodeWhenMissing: {},
    responses: { "200": ["application/json"], "4XX": ["application/json"], "5XX": ["application/json"] },
  },
  sandboxRevokeKey: {
    method: "post",
    path: "/keys/{key}/revoke",
    expressPath: "/keys/:key/revoke",
    tag: "Keys",
    secured: true,
    parameters: { path: ["key"], query: ["partner"], header: [] },
    requestBody: null,
    errorCodeWhenMissing: {},
    responses: { "200": ["application/json"], "4XX": ["application/json"], "5XX": ["application/json"] },
  },
  sandboxFireSample: {
    method: "post",
    path: "/webhook/samples/{event}",
    expressPath: "/webhook/samples/:event",
    tag: "Webhooks",
    secured: true,
    parameters: { path: ["event"], query: ["partner"], header: [] },
    requestBody: { mediaType: "application/json", required: false, fileParts: [] },
    errorCodeWhenMissing: {},
    responses: { "202": ["application/json"], "4XX": ["application/json"], "5XX": ["application/json"] },
  },
  sandboxGetDelivery: {
    method: "get",
    path: "/webhook/deliveries/{delivery_id}",
    expressPath: "/webhook/deliveries/:delivery_id",
    tag: "Webhooks",
    secured: true,
    parameters: { path: ["delivery_id"], query: ["partner"], header: [] },
    requestBody: null,
    errorCodeWhenMissing: {},
    responses: { "200": ["application/json"], "4XX": ["application/json"], "5XX": ["application/json"] },
  },
  sandboxAdvanceMessage: {
    method: "post",
    path: "/messages/{message_id}/status",
    expressPath: "/messages/:message_id/status",
    tag: "Simulation",
    secured: true,
    parameters: { path: ["message_id"], query: ["partner"], header: [] },
    requestBody: { mediaType: "application/json", required: true, fileParts: [] },
    errorCodeWhenMissing: {},
    responses: { "200": ["application/json"], "4XX": ["application/json"], "5XX": ["application/json"] },
  },
  sandboxRemoveFault: {
    method: "delete",
    path: "/faults/{fault_id}",
    expressPath: "/faults/:fault_id",
    tag: "Faults",
    secured: true,
    parameters: { path: ["fault_id"], query: ["partner"], header: [] },
    requestBody: null,
    errorCodeWhenMissing: {},
    responses: { "200": ["application/json"], "4XX": ["application/json"], "5XX": ["application/json"] },
  },
  sandboxGetRequest: {
    method: "get",
    path: "/requests/{request_id}",
    expressPath: "/requests/:request_id",
    tag: "Requests",
    secured: true,
    parameters: { path: ["request_id"], query: ["partner"], header: [] },
    requestBody: null,
    errorCodeWhenMissing: {},
    responses: { "200": ["application/json"], "4XX": ["application/json"], "5XX": ["application/json"] },
  },
};
