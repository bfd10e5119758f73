import { describe, expect, it } from 'vitest';
import { codeForStatus, friendlyMessage, isErrorBody, statusForCode } from './errors';

describe('friendly messages (SPEC §8)', () => {
  it('maps the known auth codes', () => {
    expect(friendlyMessage({ code: 'auth/network-request-failed' })).toBe(
      'Network problem — please check your connection.',
    );
    expect(friendlyMessage({ code: 'auth/popup-closed-by-user' })).toBe('Sign-in was cancelled.');
    expect(friendlyMessage({ code: 'auth/wrong-password' })).toBe('Incorrect password.');
    expect(friendlyMessage({ code: 'auth/user-not-found' })).toBe(
      'No account found for that email.',
    );
    expect(friendlyMessage({ code: 'auth/email-already-in-use' })).toBe(
      'That email is already in use.',
    );
  });
  it('drops a trailing parenthetical, and covers missing errors and empty messages', () => {
    expect(friendlyMessage(new Error('Quota exceeded (auth/quota-exceeded).'))).toBe(
      'Quota exceeded',
    );
    expect(friendlyMessage({ message: 'Plain message' })).toBe('Plain message');
    expect(friendlyMessage(null)).toBe('Something went wrong.');
    expect(friendlyMessage(undefined)).toBe('Something went wrong.');
    expect(friendlyMessage(new Error(''))).toBe('An error occurred.');
  });
});

describe('status mapping', () => {
  it('follows the table both ways', () => {
    expect(statusForCode('invalid-argument')).toBe(400);
    expect(statusForCode('resource-exhausted')).toBe(429);
    expect(statusForCode('unknown')).toBe(500);
    expect(codeForStatus(404)).toBe('not-found');
    expect(codeForStatus(418)).toBe('unknown');
  });
  it('recognises error bodies', () => {
    expect(isErrorBody({ error: { code: 'not-found', message: 'x' } })).toBe(true);
    expect(isErrorBody({ error: 'x' })).toBe(false);
    expect(isErrorBody(null)).toBe(false);
  });
});
