import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../domain/game';
import { authFieldProblem } from './auth-field-check';

const fields = { name: 'Ada', email: 'ada@example.com', password: 'correct horse battery' };

describe('authFieldProblem', () => {
  it('asks for a display name only when registering', () => {
    expect(authFieldProblem('register', { ...fields, name: '   ' })).toBe(MESSAGES.nameRequired);
    expect(authFieldProblem('sign-in', { ...fields, name: '' })).toBeNull();
  });

  it('asks for a valid e-mail in every form', () => {
    for (const view of ['sign-in', 'register', 'forgot'] as const) {
      expect(authFieldProblem(view, { ...fields, email: 'ada' })).toBe(
        'Please enter a valid email address.',
      );
    }
  });

  it('needs a password to sign in, a good one to register, none to reset', () => {
    expect(authFieldProblem('sign-in', { ...fields, password: '' })).toBe(
      'Please enter your password.',
    );
    expect(authFieldProblem('sign-in', { ...fields, password: 'x' })).toBeNull();
    expect(authFieldProblem('register', { ...fields, password: 'short' })).toBe(
      'Password must be at least 10 characters.',
    );
    expect(authFieldProblem('register', { ...fields, password: 'short' })).not.toBeNull();
    expect(authFieldProblem('register', fields)).toBeNull();
    expect(authFieldProblem('forgot', { ...fields, password: '' })).toBeNull();
  });

  it('refuses, when registering, a password that is the e-mail, its local part or the name', () => {
    const register = { name: 'Ada Lovelace', email: 'ada.lovelace@example.com' };
    expect(
      authFieldProblem('register', { ...register, password: 'ADA.LOVELACE@example.com' }),
    ).toBe('Password must not be your email address.');
    expect(authFieldProblem('register', { ...register, password: 'ada.lovelace' })).toBe(
      'Password must not be your email address.',
    );
    expect(authFieldProblem('register', { ...register, password: 'ada lovelace' })).toBe(
      'Password must not be your name.',
    );
    expect(authFieldProblem('register', { ...register, password: 'xxxxxxxxxxxx' })).toBe(
      'Password must not be one character repeated.',
    );
    // Signing in checks no rule: an old password still opens the account.
    expect(authFieldProblem('sign-in', { ...register, password: 'ada lovelace' })).toBeNull();
  });
});
