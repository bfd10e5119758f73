import { describe, expect, it } from 'vitest';
import { googleOnlyMessage, submitLabel } from './auth-copy';

describe('auth copy', () => {
  it('labels the submit button by form and by whether it is sending', () => {
    expect(submitLabel('sign-in', false)).toBe('Sign in');
    expect(submitLabel('register', true)).toBe('Creating account…');
    expect(submitLabel('forgot', false)).toBe('Send reset link');
  });

  it('points a Google-only address at Google, or at a reset when Google is off', () => {
    expect(googleOnlyMessage(true)).toContain('Use Continue with Google.');
    expect(googleOnlyMessage(false)).toContain('Forgot password?');
  });
});
