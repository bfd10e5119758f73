import { describe, expect, it } from 'vitest';
import { friendlyMessage } from './friendly';

describe('friendly messages (SPEC §8, word for word)', () => {
  it('word the known auth codes', () => {
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

  it('drop a trailing parenthetical, and word no error and an empty one', () => {
    expect(friendlyMessage(new Error('Quota exceeded (auth/quota-exceeded).'))).toBe(
      'Quota exceeded',
    );
    expect(friendlyMessage({ message: 'Plain message' })).toBe('Plain message');
    expect(friendlyMessage(null)).toBe('Something went wrong.');
    expect(friendlyMessage(undefined)).toBe('Something went wrong.');
    expect(friendlyMessage(new Error(''))).toBe('An error occurred.');
  });
});
