// The `X-ActionGate-Signature` header: `sha256=` and the hex HMAC-SHA256 of the raw body with the
// webhook's secret, as GitHub and Stripe sign theirs. Receivers compare it in constant time.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_HEADER = 'x-actiongate-signature';

export function signatureOf(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/** Whether `header` is the signature of `body` (what a receiver does; used by the tests and the docs). */
export function signatureMatches(secret: string, body: string, header: string | undefined | null): boolean {
  if (!header) return false;
  const expected = Buffer.from(signatureOf(secret, body));
  const given = Buffer.from(header);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** A new secret for a webhook registered without one (shown once, in the creation answer). */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('base64url')}`;
}
