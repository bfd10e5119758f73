import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  commonPasswordKey,
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  passwordProblem,
} from './passwords';

const COMMON = new Set(['password', 'password123', 'qwertyuiop', '1234567890']);
const isCommon = (key: string) => COMMON.has(key);

describe('passwordProblem', () => {
  it('asks for at least 10 characters', () => {
    expect(passwordProblem('', isCommon)).toBe('required');
    expect(passwordProblem('password', isCommon)).toBe('tooShort');
    expect(passwordProblem('abcdefghi', isCommon)).toBe('tooShort');
    expect(passwordProblem('abcdefghij', isCommon)).toBeNull();
  });

  it('counts an emoji as one character', () => {
    expect(passwordProblem('😀'.repeat(9), isCommon)).toBe('tooShort');
    expect(passwordProblem('😀'.repeat(10), isCommon)).toBeNull();
  });

  it('refuses passwords of only spaces or invisible characters', () => {
    expect(passwordProblem(' '.repeat(8), isCommon)).toBe('onlySpaces');
    expect(passwordProblem(' '.repeat(12), isCommon)).toBe('onlySpaces');
    expect(passwordProblem('\u200b'.repeat(12), isCommon)).toBe('onlySpaces');
    expect(passwordProblem('\t \n'.repeat(5), isCommon)).toBe('onlySpaces');
  });

  it('refuses common passwords whatever their case or surrounding spaces', () => {
    expect(passwordProblem('password123', isCommon)).toBe('tooCommon');
    expect(passwordProblem('PassWord123', isCommon)).toBe('tooCommon');
    expect(passwordProblem('  qwertyuiop ', isCommon)).toBe('tooCommon');
    expect(passwordProblem('password1234', isCommon)).toBeNull();
    expect(commonPasswordKey(' QWERTYuiop ')).toBe('qwertyuiop');
  });

  it('has no other composition rule, and keeps the 128 limit', () => {
    expect(passwordProblem('correct horse battery staple', isCommon)).toBeNull();
    expect(passwordProblem('aaaaaaaaaa', isCommon)).toBeNull();
    expect(passwordProblem('x'.repeat(MAX_PASSWORD_LENGTH), isCommon)).toBeNull();
    expect(passwordProblem('x'.repeat(MAX_PASSWORD_LENGTH + 1), isCommon)).toBe('tooLong');
  });

  it('checks the list only when given one (the web form)', () => {
    expect(passwordProblem('password123')).toBeNull();
  });

  it('accepts every long enough, uncommon, visible password (property)', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: MIN_PASSWORD_LENGTH, maxLength: MAX_PASSWORD_LENGTH }),
        (password) => {
          fc.pre(/\S/.test(password) && !COMMON.has(commonPasswordKey(password)));
          expect(passwordProblem(password, isCommon)).toBeNull();
        },
      ),
    );
  });
});
