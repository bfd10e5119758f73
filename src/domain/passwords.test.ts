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
    expect(passwordProblem('😀🎉'.repeat(5), isCommon)).toBeNull();
  });

  it('refuses one character repeated, whatever its case or the spaces around it', () => {
    expect(passwordProblem('aaaaaaaaaa', isCommon)).toBe('oneCharacter');
    expect(passwordProblem('aAaAaAaAaA', isCommon)).toBe('oneCharacter');
    expect(passwordProblem(' 1111111111 ', isCommon)).toBe('oneCharacter');
    expect(passwordProblem('😀'.repeat(10), isCommon)).toBe('oneCharacter');
    expect(passwordProblem('aaaaaaaaab', isCommon)).toBeNull();
  });

  it("refuses the account's e-mail, its local part and its name, case-insensitively", () => {
    const context = { email: 'Maria.Lopez@Example.com', name: 'Maria Lopez Garcia' };
    expect(passwordProblem('maria.lopez@example.com', isCommon, context)).toBe('sameAsEmail');
    expect(passwordProblem(' MARIA.LOPEZ ', isCommon, context)).toBe('sameAsEmail');
    expect(passwordProblem('maria lopez garcia', isCommon, context)).toBe('sameAsName');
    expect(passwordProblem('maria lopez garcia!', isCommon, context)).toBeNull();
    expect(passwordProblem('maria.lopez@example.org', isCommon, context)).toBeNull();
    // Unknown account (the web's reset form): no such rule.
    expect(passwordProblem('maria.lopez@example.com', isCommon)).toBeNull();
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
    expect(passwordProblem('aaaaaaaaab', isCommon)).toBeNull();
    expect(passwordProblem('xy'.repeat(MAX_PASSWORD_LENGTH / 2), isCommon)).toBeNull();
    expect(passwordProblem('xy'.repeat(MAX_PASSWORD_LENGTH / 2) + 'z', isCommon)).toBe('tooLong');
  });

  it('checks the list only when given one (the web form)', () => {
    expect(passwordProblem('password123')).toBeNull();
  });

  it('accepts every long enough, uncommon, visible password (property)', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: MIN_PASSWORD_LENGTH, maxLength: MAX_PASSWORD_LENGTH }),
        (password) => {
          fc.pre(
            /\S/.test(password) &&
              !COMMON.has(commonPasswordKey(password)) &&
              new Set(Array.from(password.normalize('NFKC').trim().toLowerCase())).size > 1,
          );
          expect(passwordProblem(password, isCommon)).toBeNull();
        },
      ),
    );
  });
});
