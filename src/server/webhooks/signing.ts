/**
 * Webhook signatures: `X-Crowned-Signature: sha256=<hex HMAC-SHA256(secret, timestamp + "." +
 * body)>` with `X-Crowned-Timestamp` in Unix seconds. The timestamp is inside what is signed, so
 * a receiver that refuses old timestamps cannot be fed a captured delivery again (replay).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_PREFIX = 'sha256=';
/** A receiver should refuse deliveries whose timestamp is further than this from its clock. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

/** A new webhook secret: 32 random bytes, shown to the owner once. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

export function signPayload(secret: string, timestamp: number, body: string): string {
  return (
    SIGNATURE_PREFIX + createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')
  );
}

/**
 * What a receiver does: the signature must match the body and timestamp, and the timestamp must
 * be recent (`nowSeconds` is the receiver's clock).
 */
export function verifySignature(input: {
  secret: string;
  timestamp: string | number;
  body: string;
  signature: string;
  nowSeconds: number;
  toleranceSeconds?: number;
}): boolean {
  const timestamp = Number(input.timestamp);
  if (!Number.isInteger(timestamp)) return false;
  const tolerance = input.toleranceSeconds ?? SIGNATURE_TOLERANCE_SECONDS;
  if (Math.abs(input.nowSeconds - timestamp) > tolerance) return false;
  const expected = Buffer.from(signPayload(input.secret, timestamp, input.body));
  const given = Buffer.from(input.signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
