// Generated from openapi.yaml by `npm run generate`. Do not edit.

/** The version of the API this contract describes (`info.version`). */
export const API_VERSION = "1.6.0";

/** Every scope a key may carry (`x-scopes` of the bearer scheme). */
export const SCOPES = ["clients:read", "clients:write", "messages:send", "webhooks:read", "webhooks:write", "templates:read", "templates:write"] as const;

export type Scope = (typeof SCOPES)[number];

/** Every webhook event kind (`webhooks:`), in document order. */
export const WEBHOOK_EVENTS = ["message.received", "message.status", "message.reaction", "message.echo", "message.read", "message.postback", "template.status", "user.preferences", "webhook.test"] as const;

/** The channels each event kind comes on (the `channel` its payload allows). */
export const WEBHOOK_CHANNELS = {
  "message.received": ["chat", "social"],
  "message.status": ["chat"],
  "message.reaction": ["chat", "social"],
  "message.echo": ["social"],
  "message.read": ["social"],
  "message.postback": ["social"],
  "template.status": ["chat"],
  "user.preferences": ["chat"],
  "webhook.test": ["chat", "social"],
} as const;

/** The header carrying a webhook delivery's signature (`sha256=<lowercase hex HMAC-SHA256 of the raw body>`). */
export const SIGNATURE_HEADER = "X-Service-Signature";

/** A receiver answers a delivery with a 2xx within this time, or the attempt counts as failed. */
export const WEBHOOK_TIMEOUT_MS = 5000;

/** The wait before each retry of a failed delivery, after the previous failure (`x-webhook-delivery`). */
export const WEBHOOK_RETRY_DELAYS_MS: readonly number[] = [0, 10000, 60000, 300000];

/** The first attempt plus one retry per entry of the schedule. */
export const WEBHOOK_MAX_ATTEMPTS = 5;

/** Every error code the contract documents (the `error.code` of its named error examples). */
export const ERROR_CODES = ["bad_request", "channel_type_unsupported", "media_link_required", "unauthorized", "trial_expired", "forbidden", "not_found", "media_not_found", "provider_rejected", "outside_service_window", "unprocessable", "rate_limited", "internal_error", "upstream_unavailable", "template_not_approved", "missing_parameters", "parameter_count_mismatch", "missing_header", "missing_button_parameters", "missing_cards", "missing_card_buttons", "empty_parameter", "invalid_header_link", "template_layout_unsupported", "conflict", "media_type_unsupported", "media_too_large", "client_ref_required", "channel_media_inline", "number_already_connected"] as const;

export type KnownErrorCode = (typeof ERROR_CODES)[number];

/** The status each documented error code is answered with (the response its named examples sit under). */
export const ERROR_STATUS = {
  bad_request: 400,
  channel_type_unsupported: 400,
  media_link_required: 400,
  unauthorized: 401,
  trial_expired: 402,
  forbidden: 403,
  not_found: 404,
  media_not_found: 404,
  provider_rejected: 422,
  outside_service_window: 422,
  unprocessable: 422,
  rate_limited: 429,
  internal_error: 500,
  upstream_unavailable: 502,
  template_not_approved: 400,
  missing_parameters: 400,
  parameter_count_mismatch: 400,
  missing_header: 400,
  missing_button_parameters: 400,
  missing_cards: 400,
  missing_card_buttons: 400,
  empty_parameter: 400,
  invalid_header_link: 400,
  template_layout_unsupported: 400,
  conflict: 409,
  media_type_unsupported: 400,
  media_too_large: 400,
  client_ref_required: 400,
  channel_media_inline: 400,
  number_already_connected: 409,
} as const satisfies Record<KnownErrorCode, number>;

/**
 * The `code` of an error: a documented one, or one a later version of the API adds (`string & {}` keeps
 * the documented codes in autocompletion and narrowing while accepting any other string).
 */
export type ErrorCode = KnownErrorCode | (string & {});

/** The values of every enumeration the contract names (`components.schemas` with an `enum`), by schema. */
export const ENUMS = {
  Channel: ["chat", "social"],
  TemplateMediaFormat: ["IMAGE", "VIDEO", "DOCUMENT"],
  MediaKind: ["image", "video", "audio", "document", "sticker"],
  PreferenceValue: ["opt_in", "opt_out"],
  TemplateStatus: ["PENDING", "APPROVED", "REJECTED", "PAUSED", "DISABLED", "IN_APPEAL", "FLAGGED"],
  TemplateCategory: ["MARKETING", "UTILITY", "AUTHENTICATION"],
  OutboundMessageStatus: ["sent", "delivered", "read", "failed"],
} as const;

/** The bounds (lengths, sizes, ranges) of every named schema that states them, by schema. */
export const LIMITS = {
  ClientRef: { minLength: 1, maxLength: 128 },
  TemplateName: { minLength: 1, maxLength: 512 },
  TemplateRef: { minLength: 1, maxLength: 512 },
  Recipient: { minLength: 1, maxLength: 64 },
  MediaId: { minLength: 1, maxLength: 256 },
  MediaLink: { maxLength: 2048 },
  ContactsPayload: { minItems: 1, maxItems: 257 },
  TemplateBodyText: { minLength: 1, maxLength: 1024 },
  TemplateHeaderText: { minLength: 1, maxLength: 60 },
  TemplateFooterText: { minLength: 1, maxLength: 60 },
  TemplateButtons: { maxItems: 10 },
  TemplateButtonText: { minLength: 1, maxLength: 25 },
} as const;
