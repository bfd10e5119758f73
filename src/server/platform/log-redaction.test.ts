import { describe, expect, it } from 'vitest';
import { createLogger, logLine } from './log';
import { REDACTED, redactPath, redactSecrets } from './log-redaction';

const SECRET = 'Zq8xSecretValue123';

describe('redactSecrets', () => {
  it('removes the reset token from the reset link path, and keeps the rest', () => {
    expect(redactPath(`/api/auth/reset-password/${SECRET}`)).toBe(
      `/api/auth/reset-password/${REDACTED}`,
    );
    expect(redactPath(`/api/auth/reset-password/${SECRET}?callbackURL=%2Faccount%2Freset`)).toBe(
      `/api/auth/reset-password/${REDACTED}?callbackURL=%2Faccount%2Freset`,
    );
    // The reset itself (token in the body) and other paths are left alone.
    expect(redactPath('/api/auth/reset-password')).toBe('/api/auth/reset-password');
    expect(redactPath('/api/games/abc123/results')).toBe('/api/games/abc123/results');
  });

  it('removes secret query parameters, plain or inside an encoded URL', () => {
    const cases: [string, string][] = [
      [`/api/auth/verify-email?token=${SECRET}`, `/api/auth/verify-email?token=${REDACTED}`],
      [
        `/api/auth/callback/google?code=${SECRET}&state=${SECRET}x&iss=https%3A%2F%2Fidp`,
        `/api/auth/callback/google?code=${REDACTED}&state=${REDACTED}&iss=https%3A%2F%2Fidp`,
      ],
      [`/x?a=1&password=${SECRET}#top`, `/x?a=1&password=${REDACTED}#top`],
      [`/x?client_secret=${SECRET}&b=2`, `/x?client_secret=${REDACTED}&b=2`],
      [`/x?access_token=${SECRET}`, `/x?access_token=${REDACTED}`],
      [
        `/x?callbackURL=%2Faccount%2Freset%3Ftoken%3D${SECRET}%26next%3D1`,
        `/x?callbackURL=%2Faccount%2Freset%3Ftoken%3D${REDACTED}%26next%3D1`,
      ],
      [`GET /x?TOKEN=${SECRET} failed`, `GET /x?TOKEN=${REDACTED} failed`],
      [
        `cookie: better-auth.session_token=${SECRET}; x=1`,
        `cookie: better-auth.session_token=${REDACTED}; x=1`,
      ],
    ];
    for (const [text, expected] of cases) expect(redactSecrets(text)).toBe(expected);
    // Names that only contain a word are not secrets.
    expect(redactSecrets('/x?codename=a&statement=b')).toBe('/x?codename=a&statement=b');
  });

  it('removes bearer credentials and JSON fields named like secrets', () => {
    expect(redactSecrets(`Authorization: Bearer ${SECRET}`)).toBe(
      `Authorization: Bearer ${REDACTED}`,
    );
    expect(
      redactSecrets(`{"newPassword":"${SECRET}","token":"${SECRET}","name":"Ann","code":"E1"}`),
    ).toBe(`{"newPassword":"${REDACTED}","token":"${REDACTED}","name":"Ann","code":"E1"}`);
    const nested = JSON.stringify({ detail: JSON.stringify({ password: SECRET, ok: 1 }) });
    expect(redactSecrets(nested)).not.toContain(SECRET);
    expect(redactSecrets(nested)).toContain('ok');
  });

  it('is idempotent', () => {
    const text = `/api/auth/reset-password/${SECRET}?token=${SECRET} Bearer ${SECRET}`;
    const once = redactSecrets(text);
    expect(once).not.toContain(SECRET);
    expect(redactSecrets(once)).toBe(once);
  });
});

describe('the logger', () => {
  it('writes no secret, whichever field carries it', () => {
    const lines: string[] = [];
    const log = createLogger('debug', { sink: (line) => lines.push(line) });
    log.info('request', { path: `/api/auth/reset-password/${SECRET}`, status: 302 });
    log.error(`unhandled error on GET /api/auth/verify-email?token=${SECRET}`, {
      error: `fetch https://idp/token?code=${SECRET} failed`,
    });
    log.debug('[auth] body', [{ password: SECRET, email: 'a@b.test' }]);
    expect(lines).toHaveLength(3);
    for (const line of lines) {
      expect(line).not.toContain(SECRET);
      expect(() => JSON.parse(line) as unknown).not.toThrow();
    }
    expect(JSON.parse(logLine('info', 'request', { path: '/api/games/x' }))).toMatchObject({
      path: '/api/games/x',
    });
  });
});
