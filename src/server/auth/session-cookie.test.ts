import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  cookieNamed,
  sessionCookie,
  sessionCookieOfSetCookie,
  verifiedToken,
} from './session-cookie';

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

  it('is read from a request under either name, HTTPS’s prefixed one first', () => {
    expect(sessionCookie(`x=1; __Secure-better-auth.session_token=${signed}`)).toBe(signed);
    expect(sessionCookie(`better-auth.session_token=p; __Secure-better-auth.session_token=s`)).toBe(
      's',
    );
    expect(sessionCookie('better-auth.session_token=; x=1')).toBeNull();
    expect(sessionCookie('x=1')).toBeNull();
    expect(sessionCookie(null)).toBeNull();
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

describe('a signed session cookie checked here', () => {
  const secret = 'a secret of the server, long enough';
  const sign = (token: string, key = secret) =>
    `${token}.${createHmac('sha256', key).update(token).digest('base64')}`;

  it('carries its token when the signature is the secret’s, sent URL-encoded or not', () => {
    const value = sign('tok-123');
    expect(verifiedToken(encodeURIComponent(value), secret)).toBe('tok-123');
    expect(verifiedToken(value, secret)).toBe('tok-123');
    expect(verifiedToken(`"${encodeURIComponent(value)}"`, secret)).toBe('tok-123');
  });

  it('carries none when signed with another secret, changed, cut, or spelled as base64url', () => {
    expect(verifiedToken(encodeURIComponent(sign('tok-123', 'another')), secret)).toBeNull();
    const signature = sign('tok-123').split('.')[1]!;
    expect(verifiedToken(`tok-124.${signature}`, secret)).toBeNull();
    expect(verifiedToken('tok-123', secret)).toBeNull();
    expect(verifiedToken(`tok-123.${signature.slice(0, -2)}=`, secret)).toBeNull();
    expect(verifiedToken(`.${signature}`, secret)).toBeNull();
    expect(verifiedToken('tok%E0%A4%A', secret)).toBeNull();
    const url = signature.replaceAll('+', '-').replaceAll('/', '_');
    if (url !== signature) expect(verifiedToken(`tok-123.${url}`, secret)).toBeNull();
  });

  it('is the first cookie of exactly its name', () => {
    const header =
      'x=1; __Secure-better-auth.session_token=s; better-auth.session_token=a; better-auth.session_token=b';
    expect(cookieNamed(header, 'better-auth.session_token')).toBe('a');
    expect(cookieNamed(header, '__Secure-better-auth.session_token')).toBe('s');
    expect(cookieNamed('better-auth.session_token=', 'better-auth.session_token')).toBeNull();
    expect(cookieNamed(null, 'better-auth.session_token')).toBeNull();
  });
});
