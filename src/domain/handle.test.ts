import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkHandle, checkHandleClaim, handleSkeleton, isReservedHandle } from './handle';

const invalid = { ok: false, problem: 'invalid' };

describe('handles', () => {
  it('requires a handle', () => {
    expect(checkHandle('')).toEqual({ ok: false, problem: 'required' });
    expect(checkHandle('   \t')).toEqual({ ok: false, problem: 'required' });
  });

  it('accepts 3 to 20 letters, digits and underscores starting with a letter, keeping the case', () => {
    expect(checkHandle('abc')).toEqual({
      ok: true,
      handle: 'abc',
      handleLower: 'abc',
      skeleton: 'abc',
    });
    expect(checkHandle('  Crown_King42 ')).toEqual({
      ok: true,
      handle: 'Crown_King42',
      handleLower: 'crown_king42',
      skeleton: 'crown_klng42',
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

  it('gives look-alikes one skeleton (UTS #39 among ASCII, case-insensitive)', () => {
    const same = (a: string, b: string) =>
      expect(handleSkeleton(a), `${a} ~ ${b}`).toBe(handleSkeleton(b));
    same('Bill', 'BiII');
    same('Bill', 'B1ll');
    same('Bill', 'BILL');
    same('PayPal', 'PaypaI');
    same('Oscar', 'Oscar');
    same('Oscar', '0scar'.replace('0', 'O'));
    same('Bob_0', 'Bob_o');
    same('modern', 'rnodern');
    expect(handleSkeleton('Bill')).not.toBe(handleSkeleton('Bell'));
    expect(handleSkeleton('anna')).not.toBe(handleSkeleton('arma'));
  });

  it('keeps any case variant and look-alike of a handle on one skeleton (property)', () => {
    const char = fc.constantFrom(...'abcilmnoIL01_rn');
    fc.assert(
      fc.property(fc.array(char, { minLength: 1, maxLength: 19 }), (tail) => {
        const handle = 'x' + tail.join('');
        const swapped = handle.replace(/l/g, 'I').replace(/o/g, '0').replace(/m/g, 'rn');
        expect(handleSkeleton(swapped)).toBe(handleSkeleton(handle));
        expect(handleSkeleton(handle.toUpperCase())).toBe(handleSkeleton(handle));
      }),
    );
  });

  it('refuses reserved handles to a claim, look-alikes and case variants too, but still reads them', () => {
    for (const reserved of [
      'admin',
      'Admin',
      'ADM1N',
      'crowned',
      'Crovvned'.replace('vv', 'w'),
      'support',
      'official',
      'null',
      'SUPP0RT',
      'moderator',
    ]) {
      expect(checkHandleClaim(reserved), reserved).toEqual({ ok: false, problem: 'reserved' });
      expect(isReservedHandle(reserved)).toBe(true);
    }
    expect(checkHandle('admin').ok).toBe(true);
    expect(checkHandleClaim('admiral')).toMatchObject({ ok: true, handle: 'admiral' });
    expect(checkHandleClaim('ab')).toEqual(invalid);
  });
});
