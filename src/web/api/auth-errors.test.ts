import { describe, expect, it } from 'vitest';
import { authErrorMessage, oauthErrorMessage, thrownAuthErrorMessage } from './auth-errors';

const NETWORK = 'Network problem — please check your connection.';

describe('better-auth errors in the words of SPEC §8', () => {
  it('maps wrong credentials to the wrong-password message', () => {
    expect(
      authErrorMessage({
        code: 'INVALID_EMAIL_OR_PASSWORD',
        message: 'Invalid email or password',
        status: 401,
      }),
    ).toBe('Incorrect password.');
    expect(authErrorMessage({ code: 'INVALID_PASSWORD', status: 400 })).toBe('Incorrect password.');
  });

  it('maps an e-mail already registered to the in-use message', () => {
    expect(authErrorMessage({ code: 'USER_ALREADY_EXISTS', message: 'User already exists.' })).toBe(
      'That email is already in use.',
    );
    expect(
      authErrorMessage({
        code: 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL',
        message: 'User already exists. Use another email.',
        status: 422,
      }),
    ).toBe('That email is already in use.');
  });

  it('maps user-not-found style codes to the no-account message', () => {
    for (const code of ['USER_NOT_FOUND', 'USER_EMAIL_NOT_FOUND', 'CREDENTIAL_ACCOUNT_NOT_FOUND']) {
      expect(authErrorMessage({ code, status: 400 })).toBe('No account found for that email.');
    }
  });

  it('reports failed fetches as a network problem', () => {
    expect(authErrorMessage({ status: 0, statusText: '' })).toBe(NETWORK);
    expect(authErrorMessage({ status: 500, statusText: 'Fetch Error', message: 'x' })).toBe(
      NETWORK,
    );
    expect(thrownAuthErrorMessage(new TypeError('Failed to fetch'))).toBe(NETWORK);
  });

  it('reports an aborted request as cancelled', () => {
    expect(thrownAuthErrorMessage(new DOMException('aborted', 'AbortError'))).toBe(
      'Sign-in was cancelled.',
    );
  });

  it('covers missing errors, empty messages and trailing parentheticals', () => {
    expect(authErrorMessage(null)).toBe('Something went wrong.');
    expect(authErrorMessage(undefined)).toBe('Something went wrong.');
    expect(thrownAuthErrorMessage(null)).toBe('Something went wrong.');
    expect(authErrorMessage({ status: 400, message: '' })).toBe('An error occurred.');
    expect(authErrorMessage({})).toBe('An error occurred.');
    expect(thrownAuthErrorMessage(new Error(''))).toBe('An error occurred.');
    expect(
      authErrorMessage({ code: 'SOMETHING_NEW', message: 'Try later (code 17).', status: 400 }),
    ).toBe('Try later');
    expect(thrownAuthErrorMessage(new Error('Boom (internal).'))).toBe('Boom');
  });

  it('has plain words for rate limits, server trouble and our own codes', () => {
    expect(authErrorMessage({ status: 429, message: 'Too many requests' })).toBe(
      'Too many attempts — please wait a minute and try again.',
    );
    expect(authErrorMessage({ status: 502, statusText: 'Bad Gateway' })).toBe(
      'Something went wrong on our side. Please try again.',
    );
    expect(authErrorMessage({ code: 'PASSWORD_TOO_SHORT', status: 400 })).toBe(
      'Password must be at least 10 characters.',
    );
    expect(authErrorMessage({ code: 'INVALID_TOKEN', status: 400 })).toBe(
      'This reset link is invalid or has expired.',
    );
  });

  it('reads thrown objects shaped like auth errors', () => {
    expect(thrownAuthErrorMessage({ code: 'INVALID_EMAIL_OR_PASSWORD', status: 401 })).toBe(
      'Incorrect password.',
    );
  });
});

describe('OAuth redirect errors', () => {
  it('maps a refused consent to cancelled and has a message for every code', () => {
    expect(oauthErrorMessage('access_denied')).toBe('Sign-in was cancelled.');
    expect(oauthErrorMessage(null)).toBeNull();
    expect(oauthErrorMessage('')).toBeNull();
    expect(oauthErrorMessage('account_already_linked_to_different_user')).toMatch(/another/);
    expect(oauthErrorMessage('USER_ALREADY_EXISTS')).toBe('That email is already in use.');
    expect(oauthErrorMessage('something_unheard_of')).toBe(
      'Google sign-in did not work. Please try again.',
    );
  });
});
