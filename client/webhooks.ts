// Webhook signing as section 6 of the specification fixes it: `X-Service-Signature: sha256=<lowercase hex
// HMAC-SHA256 of the exact raw body>`. Shared by the service's delivery, the mock's trigger and partners.
import { createHmac, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_HEADER = 'X-Service-Signature';

/**
 * Waits before each retry of a failed delivery: immediately, then 10 s, 60 s and 5 minutes after the
 * previous failure. With the first attempt that is five attempts in all.
 */
export const WEBHOOK_RETRY_DELAYS_MS: readonly number[] = [0, 10_000, 60_000, 300_000];

/** The first attempt plus one retry per entry of the schedule. */
export const WEBHOOK_MAX_ATTEMPTS = 1 + WEBHOOK_RETRY_DELAYS_MS.length;

/** A receiver must answer with a 2xx within this time, or the attempt counts as failed. */
export const WEBHOOK_TIMEOUT_MS = 5_000;

const SIGNATURE_PATTERN = /^sha256=([0-9a-f]{64})$/;

export function signWebhookBody(rawBody: Buffer | string, secret: string): string {
  return `sha256=${createHmac('sha256', secret).update(rawBody).digest('hex')}`;
}

/** True when `header` is the signature of the exact bytes `rawBody`; compares in constant time. */
export function verifyWebhookSignature(
  rawBody: Buffer | string,
  header: string | null | undefined,
  secret: string,
): boolean {
  const match = typeof header === 'string' ? SIGNATURE_PATTERN.exec(header.trim()) : null;
  if (!match?.[1]) return false;
  const expected = createHmac('sha256', secret).update(rawBody).digest();
  const given = Buffer.from(match[1], 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
