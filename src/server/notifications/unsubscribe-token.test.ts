import { describe, expect, it } from 'vitest';
import { readUnsubscribeToken, unsubscribeToken } from './unsubscribe-token';

const SECRET = 'a'.repeat(43);

describe('unsubscribe tokens', () => {
  it('name the person and kind they were made for', () => {
    const token = unsubscribeToken(SECRET, 'user-1', 'closed');
    expect(readUnsubscribeToken(SECRET, token)).toEqual({ userId: 'user-1', kind: 'closed' });
  });

  it('refuse another secret, a changed body or signature, and nonsense', () => {
    const token = unsubscribeToken(SECRET, 'user-1', 'plays');
    const [body, sig] = token.split('.') as [string, string];
    expect(readUnsubscribeToken('b'.repeat(43), token)).toBeNull();
    const other = Buffer.from('plays:user-2').toString('base64url');
    expect(readUnsubscribeToken(SECRET, `${other}.${sig}`)).toBeNull();
    expect(readUnsubscribeToken(SECRET, `${body}.${sig.slice(0, -1)}x`)).toBeNull();
    for (const bad of ['', '.', 'abc', `${body}.${sig}.x`, 'x'.repeat(600)]) {
      expect(readUnsubscribeToken(SECRET, bad)).toBeNull();
    }
  });
});
