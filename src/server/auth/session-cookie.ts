/**
 * better-auth's session cookie as read from a request's Cookie header: below both better-auth.ts
 * (which revokes by its token) and session-cache.ts (which keys cached viewers by it, and checks
 * its signature itself when it reads a session: session-reads.ts).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** The session token a request's cookie carries (its signature unchecked), or null. */
export function sessionTokenOf(header: string | null): string | null {
  const value = sessionCookie(header);
  if (value === null) return null;
  try {
    return decodeURIComponent(value).split('.')[0] || null;
  } catch {
    return null;
  }
}

/**
 * The session cookie's value (better-auth's signed `session_token`, `__Secure-` prefixed over
 * HTTPS, which only an HTTPS page can set and is read first), or null when the request has none.
 */
export function sessionCookie(header: string | null): string | null {
  return (
    cookieNamed(header, '__Secure-better-auth.session_token') ??
    cookieNamed(header, 'better-auth.session_token')
  );
}

/**
 * The session cookie's value a response's Set-Cookie header sets (several cookies joined by
 * commas, as `Headers.get` gives them), or null when it sets none or clears it.
 */
export function sessionCookieOfSetCookie(header: string | null): string | null {
  if (!header) return null;
  const found = /(?:^|,\s*)(?:__Secure-)?better-auth\.session_token=([^;,]*)/.exec(header);
  const value = found?.[1]?.trim() ?? '';
  return value === '' ? null : value;
}

/**
 * The value of the cookie `name` in a request's Cookie header, as better-auth's signed-cookie
 * reader takes it (better-call's parser: the first cookie of that name, trimmed), still
 * URL-encoded as sent; null when there is none or it is empty.
 */
export function cookieNamed(header: string | null, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    const value = part.slice(eq + 1).trim();
    return value === '' ? null : value;
  }
  return null;
}

/**
 * The session token a signed cookie's value carries when its signature is `secret`'s, else null:
 * the check better-auth makes (better-call's getSignedCookie: `token.base64(HMAC-SHA256)`, the
 * value URL-decoded, quotes around it dropped), with node's HMAC, synchronous, where better-call
 * imports a WebCrypto key and verifies on the thread pool for every look-up.
 */
export function verifiedToken(value: string, secret: string): string | null {
  let raw = value.startsWith('"') && value.endsWith('"') ? value.slice(1, -1) : value;
  if (raw.includes('%')) {
    try {
      raw = decodeURIComponent(raw);
    } catch {
      return null;
    }
  }
  const dot = raw.lastIndexOf('.');
  if (dot < 1) return null;
  const token = raw.slice(0, dot);
  const signature = raw.slice(dot + 1);
  // 32 bytes in standard base64 (atob, better-call's decoder, refuses base64url's letters).
  if (!/^[A-Za-z0-9+/]{43}=$/.test(signature)) return null;
  const expected = createHmac('sha256', secret).update(token).digest();
  const given = Buffer.from(signature, 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}
