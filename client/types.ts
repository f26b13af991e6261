// Named aliases of the generated types (generated/openapi.ts is the only copy of every shape).
import type { components, operations, paths, webhooks } from '../generated/openapi';

export type { components, operations, paths, webhooks };

type Schemas = components['schemas'];

export type Client = Schemas['Client'];
export type ClientPage = Schemas['ClientPage'];
export type ClientListResponse = Schemas['ClientListResponse'];
export type SendMessageRequest = Schemas['SendMessageRequest'];
export type SendTemplateRequest = Schemas['SendTemplateRequest'];
export type MessageResponse = Schemas['MessageResponse'];
export type MediaUploadRequest = Schemas['MediaUploadRequest'];
export type MediaUploadResponse = Schemas['MediaUploadResponse'];
export type TemplateMediaUploadRequest = Schemas['TemplateMediaUploadRequest'];
export type TemplateMediaResponse = Schemas['TemplateMediaResponse'];
export type Template = Schemas['Template'];
export type TemplateList = Schemas['TemplateList'];
export type TemplateStatus = Schemas['TemplateStatus'];
export type CreateTemplateRequest = Schemas['CreateTemplateRequest'];
export type SessionRequest = Schemas['SessionRequest'];
export type Session = Schemas['Session'];
export type ClientSignupRequest = Schemas['ClientSignupRequest'];
export type UsageResponse = Schemas['UsageResponse'];
export type UsagePeriod = Schemas['UsagePeriod'];
export type StatusResponse = Schemas['StatusResponse'];
export type ErrorResponse = Schemas['ErrorResponse'];

/** The name of every webhook event kind (`message.received`, `message.status`, …). */
export type WebhookEventName = keyof webhooks;

type WebhookBody<Name extends WebhookEventName> = webhooks[Name]['post'] extends {
  requestBody: { content: { 'application/json': infer Body } };
}
  ? Body
  : never;

/** The payload of one event kind, e.g. `WebhookPayload<'message.status'>`. */
export type WebhookPayload<Name extends WebhookEventName> = WebhookBody<Name>;

/** Any webhook payload; narrow on `event`. */
export type WebhookEvent = { [Name in WebhookEventName]: WebhookBody<Name> }[WebhookEventName];

export type MessageStatusEvent = Schemas['MessageStatusEvent'];
export type OutboundMessageStatus = Schemas['OutboundMessageStatus'];
