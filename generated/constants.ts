// Generated from openapi.yaml by `npm run generate`. Do not edit.

/** Every scope a key may carry (`x-scopes` of the bearer scheme). */
export const SCOPES = ["clients:read", "clients:write", "messages:send", "webhooks:read", "webhooks:write", "templates:read", "templates:write"] as const;

export type Scope = (typeof SCOPES)[number];

/** Every webhook event kind (`webhooks:`), in document order. */
export const WEBHOOK_EVENTS = ["message.received", "message.status", "message.reaction", "message.echo", "message.read", "message.postback", "template.status", "user.preferences", "webhook.test"] as const;

/** The header carrying a webhook delivery's signature (`sha256=<lowercase hex HMAC-SHA256 of the raw body>`). */
export const SIGNATURE_HEADER = "X-Service-Signature";

/** A receiver answers a delivery with a 2xx within this time, or the attempt counts as failed. */
export const WEBHOOK_TIMEOUT_MS = 5000;

/** The wait before each retry of a failed delivery, after the previous failure (`x-webhook-delivery`). */
export const WEBHOOK_RETRY_DELAYS_MS: readonly number[] = [0, 10000, 60000, 300000];

/** The first attempt plus one retry per entry of the schedule. */
export const WEBHOOK_MAX_ATTEMPTS = 5;
