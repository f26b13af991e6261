// Generated from openapi.yaml by `npm run generate`. Do not edit.

// The server side of the contract: per operation a typed request and a typed answer (a union of the
// documented statuses with their bodies and headers), the operation table a server routes and mounts its
// handlers from, and the lookup of the documented response of a status. A set of handlers
// typed `Handlers<B>` misses no operation and answers nothing the contract does not document
// (server/http/contract-router.ts mounts one on an Express router).

import type { operations } from "./openapi";

type Digit = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9;
type StatusNumber<T> = T extends `${infer N extends number}` ? N : never;

/** Every status of a class: `StatusClass<4>` is 400 | 401 | … | 499 (what `4XX` documents). */
export type StatusClass<C extends 1 | 2 | 3 | 4 | 5> = StatusNumber<`${C}${Digit}${Digit}`>;

/** Every HTTP status (what `default` documents, less the statuses documented on their own). */
export type AnyStatus = StatusClass<1 | 2 | 3 | 4 | 5>;

/** A body sent as bytes (a media download): text, bytes, or a stream of bytes (a Node.js Readable is one). */
export type BinaryBody = string | Uint8Array | AsyncIterable<Uint8Array>;

/**
 * What a server built on this contract decides for itself: how it represents the authenticated key handed
 * to secured operations and an uploaded file part, and which response headers its pipeline sets on every
 * answer (a request id, rate-limit counters), so that handlers may leave them out.
 */
export interface ServerBinding {
  key: unknown;
  file: unknown;
  provided: string;
}

/** The documented headers of a response (openapi-typescript's open index signature left out); those in `P` optional. */
type KnownHeaders<H> = { [K in keyof H as string extends K ? never : K]: H[K] };
type Flat<T> = { [K in keyof T]: T[K] };
type DocumentedHeaders<R, P> = R extends { headers: infer H }
  ? Flat<Omit<KnownHeaders<H>, P & PropertyKey> & Partial<Pick<KnownHeaders<H>, Extract<keyof KnownHeaders<H>, P>>>>
  : never;

/** `headers` is required when a documented header is required and not provided by the pipeline; absent when none is documented. */
export type AnswerHeaders<R, P> = [keyof DocumentedHeaders<R, P>] extends [never]
  ? { headers?: never }
  : {} extends DocumentedHeaders<R, P>
    ? { headers?: DocumentedHeaders<R, P> }
    : { headers: DocumentedHeaders<R, P> };

export type OperationId = "sendMessage" | "sendTemplateMessage" | "uploadMedia" | "downloadMedia" | "createEmbeddedSignupSession" | "createSocialConnectSession" | "listClients" | "getClient" | "completeClientSignup" | "listTemplates" | "createTemplate" | "uploadTemplateMedia" | "getTemplate" | "deleteTemplate" | "updateTemplate" | "getUsage" | "getStatus";

/** The operations of each tag. */
export interface OperationsByTag {
  "Messages": "sendMessage" | "sendTemplateMessage";
  "Media": "uploadMedia" | "downloadMedia";
  "Onboarding": "createEmbeddedSignupSession" | "createSocialConnectSession" | "completeClientSignup";
  "Clients": "listClients" | "getClient";
  "Templates": "listTemplates" | "createTemplate" | "uploadTemplateMedia" | "getTemplate" | "deleteTemplate" | "updateTemplate";
  "Usage": "getUsage";
  "Status": "getStatus";
}

/** What each operation's handler receives. */
export interface ServerRequests<B extends ServerBinding = ServerBinding> {
  /** POST /messages/send (Messages) */
  sendMessage: { key: B["key"]; body: NonNullable<operations["sendMessage"]["requestBody"]>["content"]["application/json"] };
  /** POST /messages/send-template (Messages) */
  sendTemplateMessage: { key: B["key"]; body: NonNullable<operations["sendTemplateMessage"]["requestBody"]>["content"]["application/json"] };
  /** POST /media (Media) */
  uploadMedia: { key: B["key"]; body: Omit<NonNullable<operations["uploadMedia"]["requestBody"]>["content"]["multipart/form-data"], "file">; files: { "file": B["file"] } };
  /** GET /media/{media_id} (Media) */
  downloadMedia: { key: B["key"]; path: operations["downloadMedia"]["parameters"]["path"]; query: NonNullable<operations["downloadMedia"]["parameters"]["query"]> };
  /** POST /embedded-signup/sessions (Onboarding) */
  createEmbeddedSignupSession: { key: B["key"]; body: NonNullable<operations["createEmbeddedSignupSession"]["requestBody"]>["content"]["application/json"] };
  /** POST /social-connect/sessions (Onboarding) */
  createSocialConnectSession: { key: B["key"]; body: NonNullable<operations["createSocialConnectSession"]["requestBody"]>["content"]["application/json"] };
  /** GET /clients (Clients) */
  listClients: { key: B["key"]; query: NonNullable<operations["listClients"]["parameters"]["query"]> };
  /** GET /clients/{client_ref} (Clients) */
  getClient: { key: B["key"]; path: operations["getClient"]["parameters"]["path"] };
  /** POST /clients/signup (Onboarding) */
  completeClientSignup: { key: B["key"]; body: NonNullable<operations["completeClientSignup"]["requestBody"]>["content"]["application/json"] };
  /** GET /templates (Templates) */
  listTemplates: { key: B["key"]; query: NonNullable<operations["listTemplates"]["parameters"]["query"]> };
  /** POST /templates (Templates) */
  createTemplate: { key: B["key"]; body: NonNullable<operations["createTemplate"]["requestBody"]>["content"]["application/json"] };
  /** POST /templates/media (Templates) */
  uploadTemplateMedia: { key: B["key"]; body: Omit<NonNullable<operations["uploadTemplateMedia"]["requestBody"]>["content"]["multipart/form-data"], "file">; files: { "file": B["file"] } };
  /** GET /templates/{template_ref} (Templates) */
  getTemplate: { key: B["key"]; path: operations["getTemplate"]["parameters"]["path"]; query: NonNullable<operations["getTemplate"]["parameters"]["query"]> };
  /** DELETE /templates/{template_ref} (Templates) */
  deleteTemplate: { key: B["key"]; path: operations["deleteTemplate"]["parameters"]["path"]; query: NonNullable<operations["deleteTemplate"]["parameters"]["query"]> };
  /** PATCH /templates/{template_ref} (Templates) */
  updateTemplate: { key: B["key"]; path: operations["updateTemplate"]["parameters"]["path"]; query: NonNullable<operations["updateTemplate"]["parameters"]["query"]>; body: NonNullable<operations["updateTemplate"]["requestBody"]>["content"]["application/json"] };
  /** GET /usage (Usage) */
  getUsage: { key: B["key"] };
  /** GET /status (Status, public) */
  getStatus: Record<string, never>;
}

/** What each operation's handler may answer: exactly the documented statuses, bodies and headers (`P`: provided by the pipeline). */
export interface ServerAnswers<P extends string = never> {
  /** POST /messages/send (Messages) */
  sendMessage:
    | ({ status: 200; body: operations["sendMessage"]["responses"]["200"]["content"]["application/json"] } & AnswerHeaders<operations["sendMessage"]["responses"]["200"], P>)
    | ({ status: 400; body: operations["sendMessage"]["responses"]["400"]["content"]["application/json"] } & AnswerHeaders<operations["sendMessage"]["responses"]["400"], P>)
    | ({ status: 401; body: operations["sendMessage"]["responses"]["401"]["content"]["application/json"] } & AnswerHeaders<operations["sendMessage"]["responses"]["401"], P>)
    | ({ status: 402; body: operations["sendMessage"]["responses"]["402"]["content"]["application/json"] } & AnswerHeaders<operations["sendMessage"]["responses"]["402"], P>)
    | ({ status: 403; body: operations["sendMessage"]["responses"]["403"]["content"]["application/json"] } & AnswerHeaders<operations["sendMessage"]["responses"]["403"], P>)
    | ({ status: 404; body: operations["sendMessage"]["responses"]["404"]["content"]["application/json"] } & AnswerHeaders<operations["sendMessage"]["responses"]["404"], P>)
    | ({ status: 422; body: operations["sendMessage"]["responses"]["422"]["content"]["application/json"] } & AnswerHeaders<operations["sendMessage"]["responses"]["422"], P>)
    | ({ status: 429; body: operations["sendMessage"]["responses"]["429"]["content"]["application/json"] } & AnswerHeaders<operations["sendMessage"]["responses"]["429"], P>)
    | ({ status: 500; body: operations["sendMessage"]["responses"]["500"]["content"]["application/json"] } & AnswerHeaders<operations["sendMessage"]["responses"]["500"], P>)
    | ({ status: 502; body: operations["sendMessage"]["responses"]["502"]["content"]["application/json"] } & AnswerHeaders<operations["sendMessage"]["responses"]["502"], P>);
  /** POST /messages/send-template (Messages) */
  sendTemplateMessage:
    | ({ status: 200; body: operations["sendTemplateMessage"]["responses"]["200"]["content"]["application/json"] } & AnswerHeaders<operations["sendTemplateMessage"]["responses"]["200"], P>)
    | ({ status: 400; body: operations["sendTemplateMessage"]["responses"]["400"]["content"]["application/json"] } & AnswerHeaders<operations["sendTemplateMessage"]["responses"]["400"], P>)
    | ({ status: 401; body: operations["sendTemplateMessage"]["responses"]["401"]["content"]["application/json"] } & AnswerHeaders<operations["sendTemplateMessage"]["responses"]["401"], P>)
    | ({ status: 402; body: operations["sendTemplateMessage"]["responses"]["402"]["content"]["application/json"] } & AnswerHeaders<operations["sendTemplateMessage"]["responses"]["402"], P>)
    | ({ status: 403; body: operations["sendTemplateMessage"]["responses"]["403"]["content"]["application/json"] } & AnswerHeaders<operations["sendTemplateMessage"]["responses"]["403"], P>)
    | ({ status: 404; body: operations["sendTemplateMessage"]["responses"]["404"]["content"]["application/json"] } & AnswerHeaders<operations["sendTemplateMessage"]["responses"]["404"], P>)
    | ({ status: 409; body: operations["sendTemplateMessage"]["responses"]["409"]["content"]["application/json"] } & AnswerHeaders<operations["sendTemplateMessage"]["responses"]["409"], P>)
    | ({ status: 422; body: operations["sendTemplateMessage"]["responses"]["422"]["content"]["application/json"] } & AnswerHeaders<operations["sendTemplateMessage"]["responses"]["422"], P>)
    | ({ status: 429; body: operations["sendTemplateMessage"]["responses"]["429"]["content"]["application/json"] } & AnswerHeaders<operations["sendTemplateMessage"]["responses"]["429"], P>)
    | ({ status: 500; body: operations["sendTemplateMessage"]["responses"]["500"]["content"]["application/json"] } & AnswerHeaders<operations["sendTemplateMessage"]["responses"]["500"], P>)
    | ({ status: 502; body: operations["sendTemplateMessage"]["responses"]["502"]["content"]["application/json"] } & AnswerHeaders<operations["sendTemplateMessage"]["responses"]["502"], P>);
  /** POST /media (Media) */
  uploadMedia:
    | ({ status: 201; body: operations["uploadMedia"]["responses"]["201"]["content"]["application/json"] } & AnswerHeaders<operations["uploadMedia"]["responses"]["201"], P>)
    | ({ status: 400; body: operations["uploadMedia"]["responses"]["400"]["content"]["application/json"] } & AnswerHeaders<operations["uploadMedia"]["responses"]["400"], P>)
    | ({ status: 401; body: operations["uploadMedia"]["responses"]["401"]["content"]["application/json"] } & AnswerHeaders<operations["uploadMedia"]["responses"]["401"], P>)
    | ({ status: 403; body: operations["uploadMedia"]["responses"]["403"]["content"]["application/json"] } & AnswerHeaders<operations["uploadMedia"]["responses"]["403"], P>)
    | ({ status: 404; body: operations["uploadMedia"]["responses"]["404"]["content"]["application/json"] } & AnswerHeaders<operations["uploadMedia"]["responses"]["404"], P>)
    | ({ status: 422; body: operations["uploadMedia"]["responses"]["422"]["content"]["application/json"] } & AnswerHeaders<operations["uploadMedia"]["responses"]["422"], P>)
    | ({ status: 429; body: operations["uploadMedia"]["responses"]["429"]["content"]["application/json"] } & AnswerHeaders<operations["uploadMedia"]["responses"]["429"], P>)
    | ({ status: 500; body: operations["uploadMedia"]["responses"]["500"]["content"]["application/json"] } & AnswerHeaders<operations["uploadMedia"]["responses"]["500"], P>)
    | ({ status: 502; body: operations["uploadMedia"]["responses"]["502"]["content"]["application/json"] } & AnswerHeaders<operations["uploadMedia"]["responses"]["502"], P>);
  /** GET /media/{media_id} (Media) */
  downloadMedia:
    | ({ status: 200; contentType: "application/octet-stream" | string; body: BinaryBody } & AnswerHeaders<operations["downloadMedia"]["responses"]["200"], P>)
    | ({ status: 400; body: operations["downloadMedia"]["responses"]["400"]["content"]["application/json"] } & AnswerHeaders<operations["downloadMedia"]["responses"]["400"], P>)
    | ({ status: 401; body: operations["downloadMedia"]["responses"]["401"]["content"]["application/json"] } & AnswerHeaders<operations["downloadMedia"]["responses"]["401"], P>)
    | ({ status: 403; body: operations["downloadMedia"]["responses"]["403"]["content"]["application/json"] } & AnswerHeaders<operations["downloadMedia"]["responses"]["403"], P>)
    | ({ status: 404; body: operations["downloadMedia"]["responses"]["404"]["content"]["application/json"] } & AnswerHeaders<operations["downloadMedia"]["responses"]["404"], P>)
    | ({ status: 409; body: operations["downloadMedia"]["responses"]["409"]["content"]["application/json"] } & AnswerHeaders<operations["downloadMedia"]["responses"]["409"], P>)
    | ({ status: 429; body: operations["downloadMedia"]["responses"]["429"]["content"]["application/json"] } & AnswerHeaders<operations["downloadMedia"]["responses"]["429"], P>)
    | ({ status: 500; body: operations["downloadMedia"]["responses"]["500"]["content"]["application/json"] } & AnswerHeaders<operations["downloadMedia"]["responses"]["500"], P>)
    | ({ status: 502; body: operations["downloadMedia"]["responses"]["502"]["content"]["application/json"] } & AnswerHeaders<operations["downloadMedia"]["responses"]["502"], P>);
  /** POST /embedded-signup/sessions (Onboarding) */
  createEmbeddedSignupSession:
    | ({ status: 201; body: operations["createEmbeddedSignupSession"]["responses"]["201"]["content"]["application/json"] } & AnswerHeaders<operations["createEmbeddedSignupSession"]["responses"]["201"], P>)
    | ({ status: 400; body: operations["createEmbeddedSignupSession"]["responses"]["400"]["content"]["application/json"] } & AnswerHeaders<operations["createEmbeddedSignupSession"]["responses"]["400"], P>)
    | ({ status: 401; body: operations["createEmbeddedSignupSession"]["responses"]["401"]["content"]["application/json"] } & AnswerHeaders<operations["createEmbeddedSignupSession"]["responses"]["401"], P>)
    | ({ status: 403; body: operations["createEmbeddedSignupSession"]["responses"]["403"]["content"]["application/json"] } & AnswerHeaders<operations["createEmbeddedSignupSession"]["responses"]["403"], P>)
    | ({ status: 409; body: operations["createEmbeddedSignupSession"]["responses"]["409"]["content"]["application/json"] } & AnswerHeaders<operations["createEmbeddedSignupSession"]["responses"]["409"], P>)
    | ({ status: 429; body: operations["createEmbeddedSignupSession"]["responses"]["429"]["content"]["application/json"] } & AnswerHeaders<operations["createEmbeddedSignupSession"]["responses"]["429"], P>)
    | ({ status: 500; body: operations["createEmbeddedSignupSession"]["responses"]["500"]["content"]["application/json"] } & AnswerHeaders<operations["createEmbeddedSignupSession"]["responses"]["500"], P>);
  /** POST /social-connect/sessions (Onboarding) */
  createSocialConnectSession:
    | ({ status: 201; body: operations["createSocialConnectSession"]["responses"]["201"]["content"]["application/json"] } & AnswerHeaders<operations["createSocialConnectSession"]["responses"]["201"], P>)
    | ({ status: 400; body: operations["createSocialConnectSession"]["responses"]["400"]["content"]["application/json"] } & AnswerHeaders<operations["createSocialConnectSession"]["responses"]["400"], P>)
    | ({ status: 401; body: operations["createSocialConnectSession"]["responses"]["401"]["content"]["application/json"] } & AnswerHeaders<operations["createSocialConnectSession"]["responses"]["401"], P>)
    | ({ status: 403; body: operations["createSocialConnectSession"]["responses"]["403"]["content"]["application/json"] } & AnswerHeaders<operations["createSocialConnectSession"]["responses"]["403"], P>)
    | ({ status: 409; body: operations["createSocialConnectSession"]["responses"]["409"]["content"]["application/json"] } & AnswerHeaders<operations["createSocialConnectSession"]["responses"]["409"], P>)
    | ({ status: 429; body: operations["createSocialConnectSession"]["responses"]["429"]["content"]["application/json"] } & AnswerHeaders<operations["createSocialConnectSession"]["responses"]["429"], P>)
    | ({ status: 500; body: operations["createSocialConnectSession"]["responses"]["500"]["content"]["application/json"] } & AnswerHeaders<operations["createSocialConnectSession"]["responses"]["500"], P>);
  /** GET /clients (Clients) */
  listClients:
    | ({ status: 200; body: operations["listClients"]["responses"]["200"]["content"]["application/json"] } & AnswerHeaders<operations["listClients"]["responses"]["200"], P>)
    | ({ status: 400; body: operations["listClients"]["responses"]["400"]["content"]["application/json"] } & AnswerHeaders<operations["listClients"]["responses"]["400"], P>)
    | ({ status: 401; body: operations["listClients"]["responses"]["401"]["content"]["application/json"] } & AnswerHeaders<operations["listClients"]["responses"]["401"], P>)
    | ({ status: 403; body: operations["listClients"]["responses"]["403"]["content"]["application/json"] } & AnswerHeaders<operations["listClients"]["responses"]["403"], P>)
    | ({ status: 429; body: operations["listClients"]["responses"]["429"]["content"]["application/json"] } & AnswerHeaders<operations["listClients"]["responses"]["429"], P>)
    | ({ status: 500; body: operations["listClients"]["responses"]["500"]["content"]["application/json"] } & AnswerHeaders<operations["listClients"]["responses"]["500"], P>);
  /** GET /clients/{client_ref} (Clients) */
  getClient:
    | ({ status: 200; body: operations["getClient"]["responses"]["200"]["content"]["application/json"] } & AnswerHeaders<operations["getClient"]["responses"]["200"], P>)
    | ({ status: 400; body: operations["getClient"]["responses"]["400"]["content"]["application/json"] } & AnswerHeaders<operations["getClient"]["responses"]["400"], P>)
    | ({ status: 401; body: operations["getClient"]["responses"]["401"]["content"]["application/json"] } & AnswerHeaders<operations["getClient"]["responses"]["401"], P>)
    | ({ status: 403; body: operations["getClient"]["responses"]["403"]["content"]["application/json"] } & AnswerHeaders<operations["getClient"]["responses"]["403"], P>)
    | ({ status: 404; body: operations["getClient"]["responses"]["404"]["content"]["application/json"] } & AnswerHeaders<operations["getClient"]["responses"]["404"], P>)
    | ({ status: 429; body: operations["getClient"]["responses"]["429"]["content"]["application/json"] } & AnswerHeaders<operations["getClient"]["responses"]["429"], P>)
    | ({ status: 500; body: operations["getClient"]["responses"]["500"]["content"]["application/json"] } & AnswerHeaders<operations["getClient"]["responses"]["500"], P>);
  /** POST /clients/signup (Onboarding) */
  completeClientSignup:
    | ({ status: 201; body: operations["completeClientSignup"]["responses"]["201"]["content"]["application/json"] } & AnswerHeaders<operations["completeClientSignup"]["responses"]["201"], P>)
    | ({ status: 400; body: operations["completeClientSignup"]["responses"]["400"]["content"]["application/json"] } & AnswerHeaders<operations["completeClientSignup"]["responses"]["400"], P>)
    | ({ status: 401; body: operations["completeClientSignup"]["responses"]["401"]["content"]["application/json"] } & AnswerHeaders<operations["completeClientSignup"]["responses"]["401"], P>)
    | ({ status: 403; body: operations["completeClientSignup"]["responses"]["403"]["content"]["application/json"] } & AnswerHeaders<operations["completeClientSignup"]["responses"]["403"], P>)
    | ({ status: 409; body: operations["completeClientSignup"]["responses"]["409"]["content"]["application/json"] } & AnswerHeaders<operations["completeClientSignup"]["responses"]["409"], P>)
    | ({ status: 429; body: operations["completeClientSignup"]["responses"]["429"]["content"]["application/json"] } & AnswerHeaders<operations["completeClientSignup"]["responses"]["429"], P>)
    | ({ status: 500; body: operations["completeClientSignup"]["responses"]["500"]["content"]["application/json"] } & AnswerHeaders<operations["completeClientSignup"]["responses"]["500"], P>)
    | ({ status: 502; body: operations["completeClientSignup"]["responses"]["502"]["content"]["application/json"] } & AnswerHeaders<operations["completeClientSignup"]["responses"]["502"], P>);
  /** GET /templates (Templates) */
  listTemplates:
    | ({ status: 200; body: operations["listTemplates"]["responses"]["200"]["content"]["application/json"] } & AnswerHeaders<operations["listTemplates"]["responses"]["200"], P>)
    | ({ status: 400; body: operations["listTemplates"]["responses"]["400"]["content"]["application/json"] } & AnswerHeaders<operations["listTemplates"]["responses"]["400"], P>)
    | ({ status: 401; body: operations["listTemplates"]["responses"]["401"]["content"]["application/json"] } & AnswerHeaders<operations["listTemplates"]["responses"]["401"], P>)
    | ({ status: 403; body: operations["listTemplates"]["responses"]["403"]["content"]["application/json"] } & AnswerHeaders<operations["listTemplates"]["responses"]["403"], P>)
    | ({ status: 404; body: operations["listTemplates"]["responses"]["404"]["content"]["application/json"] } & AnswerHeaders<operations["listTemplates"]["responses"]["404"], P>)
    | ({ status: 429; body: operations["listTemplates"]["responses"]["429"]["content"]["application/json"] } & AnswerHeaders<operations["listTemplates"]["responses"]["429"], P>)
    | ({ status: 500; body: operations["listTemplates"]["responses"]["500"]["content"]["application/json"] } & AnswerHeaders<operations["listTemplates"]["responses"]["500"], P>);
  /** POST /templates (Templates) */
  createTemplate:
    | ({ status: 201; body: operations["createTemplate"]["responses"]["201"]["content"]["application/json"] } & AnswerHeaders<operations["createTemplate"]["responses"]["201"], P>)
    | ({ status: 400; body: operations["createTemplate"]["responses"]["400"]["content"]["application/json"] } & AnswerHeaders<operations["createTemplate"]["responses"]["400"], P>)
    | ({ status: 401; body: operations["createTemplate"]["responses"]["401"]["content"]["application/json"] } & AnswerHeaders<operations["createTemplate"]["responses"]["401"], P>)
    | ({ status: 403; body: operations["createTemplate"]["responses"]["403"]["content"]["application/json"] } & AnswerHeaders<operations["createTemplate"]["responses"]["403"], P>)
    | ({ status: 404; body: operations["createTemplate"]["responses"]["404"]["content"]["application/json"] } & AnswerHeaders<operations["createTemplate"]["responses"]["404"], P>)
    | ({ status: 409; body: operations["createTemplate"]["responses"]["409"]["content"]["application/json"] } & AnswerHeaders<operations["createTemplate"]["responses"]["409"], P>)
    | ({ status: 429; body: operations["createTemplate"]["responses"]["429"]["content"]["application/json"] } & AnswerHeaders<operations["createTemplate"]["responses"]["429"], P>)
    | ({ status: 500; body: operations["createTemplate"]["responses"]["500"]["content"]["application/json"] } & AnswerHeaders<operations["createTemplate"]["responses"]["500"], P>)
    | ({ status: 502; body: operations["createTemplate"]["responses"]["502"]["content"]["application/json"] } & AnswerHeaders<operations["createTemplate"]["responses"]["502"], P>);
  /** POST /templates/media (Templates) */
  uploadTemplateMedia:
    | ({ status: 201; body: operations["uploadTemplateMedia"]["responses"]["201"]["content"]["application/json"] } & AnswerHeaders<operations["uploadTemplateMedia"]["responses"]["201"], P>)
    | ({ status: 400; body: operations["uploadTemplateMedia"]["responses"]["400"]["content"]["application/json"] } & AnswerHeaders<operations["uploadTemplateMedia"]["responses"]["400"], P>)
    | ({ status: 401; body: operations["uploadTemplateMedia"]["responses"]["401"]["content"]["application/json"] } & AnswerHeaders<operations["uploadTemplateMedia"]["responses"]["401"], P>)
    | ({ status: 403; body: operations["uploadTemplateMedia"]["responses"]["403"]["content"]["application/json"] } & AnswerHeaders<operations["uploadTemplateMedia"]["responses"]["403"], P>)
    | ({ status: 404; body: operations["uploadTemplateMedia"]["responses"]["404"]["content"]["application/json"] } & AnswerHeaders<operations["uploadTemplateMedia"]["responses"]["404"], P>)
    | ({ status: 429; body: operations["uploadTemplateMedia"]["responses"]["429"]["content"]["application/json"] } & AnswerHeaders<operations["uploadTemplateMedia"]["responses"]["429"], P>)
    | ({ status: 500; body: operations["uploadTemplateMedia"]["responses"]["500"]["content"]["application/json"] } & AnswerHeaders<operations["uploadTemplateMedia"]["responses"]["500"], P>)
    | ({ status: 502; body: operations["uploadTemplateMedia"]["responses"]["502"]["content"]["application/json"] } & AnswerHeaders<operations["uploadTemplateMedia"]["responses"]["502"], P>);
  /** GET /templates/{template_ref} (Templates) */
  getTemplate:
    | ({ status: 200; body: operations["getTemplate"]["responses"]["200"]["content"]["application/json"] } & AnswerHeaders<operations["getTemplate"]["responses"]["200"], P>)
    | ({ status: 400; body: operations["getTemplate"]["responses"]["400"]["content"]["application/json"] } & AnswerHeaders<operations["getTemplate"]["responses"]["400"], P>)
    | ({ status: 401; body: operations["getTemplate"]["responses"]["401"]["content"]["application/json"] } & AnswerHeaders<operations["getTemplate"]["responses"]["401"], P>)
    | ({ status: 403; body: operations["getTemplate"]["responses"]["403"]["content"]["application/json"] } & AnswerHeaders<operations["getTemplate"]["responses"]["403"], P>)
    | ({ status: 404; body: operations["getTemplate"]["responses"]["404"]["content"]["application/json"] } & AnswerHeaders<operations["getTemplate"]["responses"]["404"], P>)
    | ({ status: 409; body: operations["getTemplate"]["responses"]["409"]["content"]["application/json"] } & AnswerHeaders<operations["getTemplate"]["responses"]["409"], P>)
    | ({ status: 429; body: operations["getTemplate"]["responses"]["429"]["content"]["application/json"] } & AnswerHeaders<operations["getTemplate"]["responses"]["429"], P>)
    | ({ status: 500; body: operations["getTemplate"]["responses"]["500"]["content"]["application/json"] } & AnswerHeaders<operations["getTemplate"]["responses"]["500"], P>);
  /** DELETE /templates/{template_ref} (Templates) */
  deleteTemplate:
    | ({ status: 204; body?: undefined } & AnswerHeaders<operations["deleteTemplate"]["responses"]["204"], P>)
    | ({ status: 400; body: operations["deleteTemplate"]["responses"]["400"]["content"]["application/json"] } & AnswerHeaders<operations["deleteTemplate"]["responses"]["400"], P>)
    | ({ status: 401; body: operations["deleteTemplate"]["responses"]["401"]["content"]["application/json"] } & AnswerHeaders<operations["deleteTemplate"]["responses"]["401"], P>)
    | ({ status: 403; body: operations["deleteTemplate"]["responses"]["403"]["content"]["application/json"] } & AnswerHeaders<operations["deleteTemplate"]["responses"]["403"], P>)
    | ({ status: 404; body: operations["deleteTemplate"]["responses"]["404"]["content"]["application/json"] } & AnswerHeaders<operations["deleteTemplate"]["responses"]["404"], P>)
    | ({ status: 409; body: operations["deleteTemplate"]["responses"]["409"]["content"]["application/json"] } & AnswerHeaders<operations["deleteTemplate"]["responses"]["409"], P>)
    | ({ status: 429; body: operations["deleteTemplate"]["responses"]["429"]["content"]["application/json"] } & AnswerHeaders<operations["deleteTemplate"]["responses"]["429"], P>)
    | ({ status: 500; body: operations["deleteTemplate"]["responses"]["500"]["content"]["application/json"] } & AnswerHeaders<operations["deleteTemplate"]["responses"]["500"], P>)
    | ({ status: 502; body: operations["deleteTemplate"]["responses"]["502"]["content"]["application/json"] } & AnswerHeaders<operations["deleteTemplate"]["responses"]["502"], P>);
  /** PATCH /templates/{template_ref} (Templates) */
  updateTemplate:
    | ({ status: 200; body: operations["updateTemplate"]["responses"]["200"]["content"]["application/json"] } & AnswerHeaders<operations["updateTemplate"]["responses"]["200"], P>)
    | ({ status: 400; body: operations["updateTemplate"]["responses"]["400"]["content"]["application/json"] } & AnswerHeaders<operations["updateTemplate"]["responses"]["400"], P>)
    | ({ status: 401; body: operations["updateTemplate"]["responses"]["401"]["content"]["application/json"] } & AnswerHeaders<operations["updateTemplate"]["responses"]["401"], P>)
    | ({ status: 403; body: operations["updateTemplate"]["responses"]["403"]["content"]["application/json"] } & AnswerHeaders<operations["updateTemplate"]["responses"]["403"], P>)
    | ({ status: 404; body: operations["updateTemplate"]["responses"]["404"]["content"]["application/json"] } & AnswerHeaders<operations["updateTemplate"]["responses"]["404"], P>)
    | ({ status: 409; body: operations["updateTemplate"]["responses"]["409"]["content"]["application/json"] } & AnswerHeaders<operations["updateTemplate"]["responses"]["409"], P>)
    | ({ status: 429; body: operations["updateTemplate"]["responses"]["429"]["content"]["application/json"] } & AnswerHeaders<operations["updateTemplate"]["responses"]["429"], P>)
    | ({ status: 500; body: operations["updateTemplate"]["responses"]["500"]["content"]["application/json"] } & AnswerHeaders<operations["updateTemplate"]["responses"]["500"], P>)
    | ({ status: 502; body: operations["updateTemplate"]["responses"]["502"]["content"]["application/json"] } & AnswerHeaders<operations["updateTemplate"]["responses"]["502"], P>);
  /** GET /usage (Usage) */
  getUsage:
    | ({ status: 200; body: operations["getUsage"]["responses"]["200"]["content"]["application/json"] } & AnswerHeaders<operations["getUsage"]["responses"]["200"], P>)
    | ({ status: 400; body: operations["getUsage"]["responses"]["400"]["content"]["application/json"] } & AnswerHeaders<operations["getUsage"]["responses"]["400"], P>)
    | ({ status: 401; body: operations["getUsage"]["responses"]["401"]["content"]["application/json"] } & AnswerHeaders<operations["getUsage"]["responses"]["401"], P>)
    | ({ status: 403; body: operations["getUsage"]["responses"]["403"]["content"]["application/json"] } & AnswerHeaders<operations["getUsage"]["responses"]["403"], P>)
    | ({ status: 429; body: operations["getUsage"]["responses"]["429"]["content"]["application/json"] } & AnswerHeaders<operations["getUsage"]["responses"]["429"], P>)
    | ({ status: 500; body: operations["getUsage"]["responses"]["500"]["content"]["application/json"] } & AnswerHeaders<operations["getUsage"]["responses"]["500"], P>);
  /** GET /status (Status, public) */
  getStatus:
    | ({ status: 200; body: operations["getStatus"]["responses"]["200"]["content"]["application/json"] } & AnswerHeaders<operations["getStatus"]["responses"]["200"], P>)
    | ({ status: 500; body: operations["getStatus"]["responses"]["500"]["content"]["application/json"] } & AnswerHeaders<operations["getStatus"]["responses"]["500"], P>);
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

/** How an operation is routed and what it documents, as plain data. */
export interface OperationRoute {
  method: "get" | "put" | "post" | "delete" | "options" | "head" | "patch" | "trace";
  /** As written in openapi.yaml (`/templates/{template_ref}`). */
  path: string;
  /** The same in Express's syntax (`/templates/:template_ref`). */
  expressPath: string;
  tag: string;
  /** Needs an authenticated key (its request carries `key`). */
  secured: boolean;
  /** Parameter names by location. */
  parameters: { path: readonly string[]; query: readonly string[]; header: readonly string[] };
  /** The request body's media type; a form's binary parts arrive as `files`. */
  requestBody: { mediaType: string; required: boolean; fileParts: readonly { name: string; required: boolean; multiple: boolean }[] } | null;
  /** `<in>.<name>` of a parameter → the error code answered when it is missing (`x-error-code-when-missing`). */
  errorCodeWhenMissing: Readonly<Record<string, string>>;
  /** Documented status (`200`, `4XX`, `default`) → its media types in document order (none: no body). */
  responses: Readonly<Record<string, readonly string[]>>;
}

/**
 * Every operation of the contract, in match order: the first whose method and path match a request is its
 * operation (paths with fewer templated segments first, so `/clients/signup` is matched before
 * `/clients/{client_ref}`; document order otherwise).
 */
export const OPERATIONS: { readonly [K in OperationId]: OperationRoute } = {
  sendMessage: {
    method: "post",
    path: "/messages/send",
    expressPath: "/messages/send",
    tag: "Messages",
    secured: true,
    parameters: { path: [], query: [], header: [] },
    requestBody: { mediaType: "application/json", required: true, fileParts: [] },
    errorCodeWhenMissing: {},
    responses: { "200": ["application/json"], "400": ["application/json"], "401": ["application/json"], "402": ["application/json"], "403": ["application/json"], "404": ["application/json"], "422": ["application/json"], "429": ["application/json"], "500": ["application/json"], "502": ["application/json"] },
  },
  sendTemplateMessage: {
    method: "post",
    path: "/messages/send-template",
    expressPath: "/messages/send-template",
    tag: "Messages",
    secured: true,
    parameters: { path: [], query: [], header: [] },
    requestBody: { mediaType: "application/json", required: true, fileParts: [] },
    errorCodeWhenMissing: {},
    responses: { "200": ["application/json"], "400": ["application/json"], "401": ["application/json"], "402": ["application/json"], "403": ["application/json"], "404": ["application/json"], "409": ["application/json"], "422": ["application/json"], "429": ["application/json"], "500": ["application/json"], "502": ["application/json"] },
  },
  uploadMedia: {
    method: "post",
    path: "/media",
    expressPath: "/media",
    tag: "Media",
    secured: true,
    parameters: { path: [], query: [], header: [] },
    requestBody: { mediaType: "multipart/form-data", required: true, fileParts: [{ name: "file", required: true, multiple: false }] },
    errorCodeWhenMissing: {},
    responses: { "201": ["application/json"], "400": ["application/json"], "401": ["application/json"], "403": ["application/json"], "404": ["application/json"], "422": ["application/json"], "429": ["application/json"], "500": ["application/json"], "502": ["application/json"] },
  },
  createEmbeddedSignupSession: {
    method: "post",
    path: "/embedded-signup/sessions",
    expressPath: "/embedded-signup/sessions",
    tag: "Onboarding",
    secured: true,
    parameters: { path: [], query: [], header: [] },
    requestBody: { mediaType: "application/json", required: true, fileParts: [] },
    errorCodeWhenMissing: {},
    responses: { "201": ["application/json"], "400": ["application/json"], "401": ["application/json"], "403": ["application/json"], "409": ["application/json"], "429": ["application/json"], "500": ["application/json"] },
  },
  createSocialConnectSession: {
    method: "post",
    path: "/social-connect/sessions",
    expressPath: "/social-connect/sessions",
    tag: "Onboarding",
    secured: true,
    parameters: { path: [], query: [], header: [] },
    requestBody: { mediaType: "application/json", required: true, fileParts: [] },
    errorCodeWhenMissing: {},
    responses: { "201": ["application/json"], "400": ["application/json"], "401": ["application/json"], "403": ["application/json"], "409": ["application/json"], "429": ["application/json"], "500": ["application/json"] },
  },
  listClients: {
    method: "get",
    path: "/clients",
    expressPath: "/clients",
    tag: "Clients",
    secured: true,
    parameters: { path: [], query: ["limit", "offset"], header: [] },
    requestBody: null,
    errorCodeWhenMissing: {},
    responses: { "200": ["application/json"], "400": ["application/json"], "401": ["application/json"], "403": ["application/json"], "429": ["application/json"], "500": ["application/json"] },
  },
  completeClientSignup: {
    method: "post",
    path: "/clients/signup",
    expressPath: "/clients/signup",
    tag: "Onboarding",
    secured: true,
    parameters: { path: [], query: [], header: [] },
    requestBody: { mediaType: "application/json", required: true, fileParts: [] },
    errorCodeWhenMissing: {},
    responses: { "201": ["application/json"], "400": ["application/json"], "401": ["application/json"], "403": ["application/json"], "409": ["application/json"], "429": ["application/json"], "500": ["application/json"], "502": ["application/json"] },
  },
  listTemplates: {
    method: "get",
    path: "/templates",
    expressPath: "/templates",
    tag: "Templates",
    secured: true,
    parameters: { path: [], query: ["client_ref", "status", "category", "language", "search", "refresh"], header: [] },
    requestBody: null,
    errorCodeWhenMissing: {},
    responses: { "200": ["application/json"], "400": ["application/json"], "401": ["application/json"], "403": ["application/json"], "404": ["application/json"], "429": ["application/json"], "500": ["application/json"] },
  },
  createTemplate: {
    method: "post",
    path: "/templates",
    expressPath: "/templates",
    tag: "Templates",
    secured: true,
    parameters: { path: [], query: [], header: [] },
    requestBody: { mediaType: "application/json", required: true, fileParts: [] },
    errorCodeWhenMissing: {},
    responses: { "201": ["application/json"], "400": ["application/json"], "401": ["application/json"], "403": ["application/json"], "404": ["application/json"], "409": ["application/json"], "429": ["application/json"], "500": ["application/json"], "502": ["application/json"] },
  },
  uploadTemplateMedia: {
    method: "post",
    path: "/templates/media",
    expressPath: "/templates/media",
    tag: "Templates",
    secured: true,
    parameters: { path: [], query: [], header: [] },
    requestBody: { mediaType: "multipart/form-data", required: true, fileParts: [{ name: "file", required: true, multiple: false }] },
    errorCodeWhenMissing: {},
    responses: { "201": ["application/json"], "400": ["application/json"], "401": ["application/json"], "403": ["application/json"], "404": ["application/json"], "429": ["application/json"], "500": ["application/json"], "502": ["application/json"] },
  },
  getUsage: {
    method: "get",
    path: "/usage",
    expressPath: "/usage",
    tag: "Usage",
    secured: true,
    parameters: { path: [], query: [], header: [] },
    requestBody: null,
    errorCodeWhenMissing: {},
    responses: { "200": ["application/json"], "400": ["application/json"], "401": ["application/json"], "403": ["application/json"], "429": ["application/json"], "500": ["application/json"] },
  },
  getStatus: {
    method: "get",
    path: "/status",
    expressPath: "/status",
    tag: "Status",
    secured: false,
    parameters: { path: [], query: [], header: [] },
    requestBody: null,
    errorCodeWhenMissing: {},
    responses: { "200": ["application/json"], "500": ["application/json"] },
  },
  downloadMedia: {
    method: "get",
    path: "/media/{media_id}",
    expressPath: "/media/:media_id",
    tag: "Media",
    secured: true,
    parameters: { path: ["media_id"], query: ["client_ref"], header: [] },
    requestBody: null,
    errorCodeWhenMissing: { "query.client_ref": "client_ref_required" },
    responses: { "200": ["application/octet-stream", "*/*"], "400": ["application/json"], "401": ["application/json"], "403": ["application/json"], "404": ["application/json"], "409": ["application/json"], "429": ["application/json"], "500": ["application/json"], "502": ["application/json"] },
  },
  getClient: {
    method: "get",
    path: "/clients/{client_ref}",
    expressPath: "/clients/:client_ref",
    tag: "Clients",
    secured: true,
    parameters: { path: ["client_ref"], query: [], header: [] },
    requestBody: null,
    errorCodeWhenMissing: {},
    responses: { "200": ["application/json"], "400": ["application/json"], "401": ["application/json"], "403": ["application/json"], "404": ["application/json"], "429": ["application/json"], "500": ["application/json"] },
  },
  getTemplate: {
    method: "get",
    path: "/templates/{template_ref}",
    expressPath: "/templates/:template_ref",
    tag: "Templates",
    secured: true,
    parameters: { path: ["template_ref"], query: ["client_ref", "language", "refresh"], header: [] },
    requestBody: null,
    errorCodeWhenMissing: {},
    responses: { "200": ["application/json"], "400": ["application/json"], "401": ["application/json"], "403": ["application/json"], "404": ["application/json"], "409": ["application/json"], "429": ["application/json"], "500": ["application/json"] },
  },
  deleteTemplate: {
    method: "delete",
    path: "/templates/{template_ref}",
    expressPath: "/templates/:template_ref",
    tag: "Templates",
    secured: true,
    parameters: { path: ["template_ref"], query: ["client_ref", "language"], header: [] },
    requestBody: null,
    errorCodeWhenMissing: {},
    responses: { "204": [], "400": ["application/json"], "401": ["application/json"], "403": ["application/json"], "404": ["application/json"], "409": ["application/json"], "429": ["application/json"], "500": ["application/json"], "502": ["application/json"] },
  },
  updateTemplate: {
    method: "patch",
    path: "/templates/{template_ref}",
    expressPath: "/templates/:template_ref",
    tag: "Templates",
    secured: true,
    parameters: { path: ["template_ref"], query: ["client_ref", "language"], header: [] },
    requestBody: { mediaType: "application/json", required: true, fileParts: [] },
    errorCodeWhenMissing: {},
    responses: { "200": ["application/json"], "400": ["application/json"], "401": ["application/json"], "403": ["application/json"], "404": ["application/json"], "409": ["application/json"], "429": ["application/json"], "500": ["application/json"], "502": ["application/json"] },
  },
};

/**
 * The documented response a status falls under: its own entry (`404`), else its class (`4XX`), else
 * `default`; undefined when the operation documents none of them. `documented` is an operation's
 * responses keyed by status (`OPERATIONS[id].responses`, or any record keyed the same way).
 */
export function responseKeyOf(documented: { readonly [status: string]: unknown }, status: number): string | undefined {
  const exact = String(status);
  if (exact in documented) return exact;
  const range = `${exact[0]}XX`;
  if (range in documented) return range;
  return "default" in documented ? "default" : undefined;
}
