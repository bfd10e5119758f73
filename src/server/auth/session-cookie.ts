/**
 * better-auth's session cookie as read from a request's Cookie header: below both better-auth.ts
 * (which revokes by its token) and session-cache.ts (which keys cached viewers by it).
 */
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
 * HTTPS), or null when the request has none.
 */
export function sessionCookie(header: string | null): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    if (name === 'better-auth.session_token' || name === '__Secure-better-auth.session_token') {
      const value = part.slice(eq + 1).trim();
      return value === '' ? null : value;
    }
  }
  return null;
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
