/**
 * One-click unsubscribe links (RFC 8058): a token signed with a key derived from the server's
 * secret, naming a person and a kind of notification. No table (decision 0061): every mail can
 * carry one without a write, a link works as long as the secret stays, and nothing stored can
 * leak one. Unsubscribing is harmless and idempotent, so a link never needs revoking.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { NOTIFICATION_KINDS, type NotificationKind } from '../../domain/notifications';

const SIGNATURE_CHARS = 32;

function signature(secret: string, body: string): string {
  const key = createHmac('sha256', secret).update('crowned unsubscribe v1').digest();
  return createHmac('sha256', key).update(body).digest('base64url').slice(0, SIGNATURE_CHARS);
}

export function unsubscribeToken(secret: string, userId: string, kind: NotificationKind): string {
  const body = Buffer.from(`${kind}:${userId}`).toString('base64url');
  return `${body}.${signature(secret, body)}`;
}

/** The person and kind a token names, or null when it is not one of ours. */
export function readUnsubscribeToken(
  secret: string,
  token: string,
): { userId: string; kind: NotificationKind } | null {
  const [body, sig, ...rest] = token.split('.');
  if (!body || !sig || rest.length > 0 || token.length > 500) return null;
  const expected = Buffer.from(signature(secret, body));
  const given = Buffer.from(sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const text = Buffer.from(body, 'base64url').toString('utf8');
  const colon = text.indexOf(':');
  const kind = text.slice(0, colon) as NotificationKind;
  const userId = text.slice(colon + 1);
  if (colon < 0 || !NOTIFICATION_KINDS.includes(kind) || userId === '') return null;
  return { userId, kind };
}
