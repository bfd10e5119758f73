import { describe, expect, it } from 'vitest';
import { isCommonPassword } from './common-passwords';
import { bodyHasUnstorableText } from './auth-input';

describe('bodyHasUnstorableText', () => {
  it('finds NUL and lone surrogates in values and keys, at any depth', () => {
    expect(bodyHasUnstorableText({ name: 'a\u0000b' })).toBe(true);
    expect(bodyHasUnstorableText({ list: [{ ['k\ud800']: 1 }] })).toBe(true);
    expect(bodyHasUnstorableText({ name: 'Zoé 👍', n: 1, ok: true, none: null })).toBe(false);
  });

  it('walks a 20,000-deep body without overflowing the stack', () => {
    const deep = JSON.parse(`${'['.repeat(20_000)}"x\\u0000"${']'.repeat(20_000)}`) as unknown;
    expect(bodyHasUnstorableText(deep)).toBe(true);
  });
});

describe('the common-password list', () => {
  it('holds the usual suspects, lower case, and not good passwords', () => {
    for (const common of ['password', 'password123', 'qwertyuiop', '1234567890', 'iloveyou']) {
      expect(isCommonPassword(common)).toBe(true);
    }
    expect(isCommonPassword('correct horse battery')).toBe(false);
  });
});
