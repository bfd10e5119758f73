import { describe, expect, it } from 'vitest';
import { usableAsRead } from './session-reads';

describe('a session as read, without better-auth', () => {
  const config = { expiresInSeconds: 30 * 86_400, updateAgeSeconds: 86_400 };
  const now = Date.UTC(2026, 10, 28, 12);
  const day = 86_400_000;

  it('signs in while it is within a day of its last refresh', () => {
    expect(usableAsRead({ expiresAt: now + 30 * day }, now, config)).toBe(true);
    expect(usableAsRead({ expiresAt: now + 29 * day + 1 }, now, config)).toBe(true);
  });

  it('goes to better-auth once due for its refresh, or expired', () => {
    expect(usableAsRead({ expiresAt: now + 29 * day }, now, config)).toBe(false);
    expect(usableAsRead({ expiresAt: now + 2 * day }, now, config)).toBe(false);
    expect(usableAsRead({ expiresAt: now }, now, config)).toBe(false);
    expect(usableAsRead({ expiresAt: now - 1 }, now, config)).toBe(false);
  });
});
