// Webhook signing as section 6 of the specification fixes it: `X-Service-Signature: sha256=<lowercase hex
// HMAC-SHA256 of the exact raw body>`. The one signing implementation: the service's delivery worker, the
// mock's trigger and the receiver check sign with it, partners' receivers verify with it.
import { createHmac, timingSafeEqual } from 'node:crypto';

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
