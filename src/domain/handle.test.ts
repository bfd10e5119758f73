import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkHandle } from './handle';

const invalid = { ok: false, problem: 'invalid' };

describe('handles', () => {
  it('requires a handle', () => {
    expect(checkHandle('')).toEqual({ ok: false, problem: 'required' });
    expect(checkHandle('   \t')).toEqual({ ok: false, problem: 'required' });
  });

  it('accepts 3 to 20 letters, digits and underscores starting with a letter, keeping the case', () => {
    expect(checkHandle('abc')).toEqual({ ok: true, handle: 'abc', handleLower: 'abc' });
    expect(checkHandle('  Crown_King42 ')).toEqual({
      ok: true,
      handle: 'Crown_King42',
      handleLower: 'crown_king42',
    });
    expect(checkHandle('a'.repeat(20))).toMatchObject({ ok: true });
    expect(checkHandle('Z_9')).toMatchObject({ ok: true });
  });

  it('refuses the rest with the spec message', () => {
    for (const bad of [
      'ab',
      'a'.repeat(21),
      '1abc',
      '_abc',
      'ab-c',
      'ab c',
      'ab.c',
      '@abc',
      'émile',
      'abcé',
      'ab\u0000c',
    ]) {
      expect(checkHandle(bad), bad).toEqual(invalid);
    }
  });

  it('accepts exactly the strings matching the rule', () => {
    const letter = fc.constantFrom(...'abcXYZ');
    const rest = fc.constantFrom(...'aZ09_-. é');
    fc.assert(
      fc.property(letter, fc.array(rest, { maxLength: 24 }), (first, tail) => {
        const handle = first + tail.join('');
        // Trailing spaces are trimmed; the first character is a letter.
        const kept = handle.trimEnd();
        const valid = kept.length >= 3 && kept.length <= 20 && /^\w+$/.test(kept);
        expect(checkHandle(handle).ok).toBe(valid);
      }),
    );
  });
});
