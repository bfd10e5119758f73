import { describe, expect, it } from 'vitest';
import { sessionCookie, sessionCookieOfSetCookie } from './session-cookie';

describe('the session cookie a response sets', () => {
  const signed = 'tok123.sig%2Babc%3D';

  it('is the value a request then carries, among other cookies and their dates', () => {
    const header = [
      'better-auth.dont_remember=; Max-Age=0; Path=/',
      `better-auth.session_token=${signed}; Max-Age=2592000; Path=/; Expires=Mon, 28 Dec 2026 16:00:00 GMT; HttpOnly; SameSite=Lax`,
    ].join(', ');
    const found = sessionCookieOfSetCookie(header);
    expect(found).toBe(signed);
    expect(sessionCookie(`better-auth.session_token=${found}`)).toBe(signed);
  });

  it('is read under HTTPS’s prefixed name, and is none when cleared or absent', () => {
    expect(sessionCookieOfSetCookie(`__Secure-better-auth.session_token=${signed}; Secure`)).toBe(
      signed,
    );
    expect(sessionCookieOfSetCookie('better-auth.session_token=; Max-Age=0')).toBeNull();
    expect(sessionCookieOfSetCookie('other=1; Path=/')).toBeNull();
    expect(sessionCookieOfSetCookie(null)).toBeNull();
  });
});
