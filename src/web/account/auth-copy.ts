/** The words of the signed-out account screen (auth-form.tsx), by what it is showing. */
import type { AuthMode } from './links';

/** What the screen shows: one of the forms, or the "check your inbox" step after a reset request. */
export type AuthView = AuthMode | 'sent';

export const TITLES: Record<AuthView, string> = {
  'sign-in': 'Sign in to Crowned',
  register: 'Create your account',
  forgot: 'Reset your password',
  sent: 'Check your inbox',
};

export const DOC_TITLES: Record<AuthView, string> = {
  'sign-in': 'Sign in · Crowned',
  register: 'Create account · Crowned',
  forgot: 'Reset password · Crowned',
  sent: 'Check your inbox · Crowned',
};

const SUBMIT_LABELS: Record<AuthMode, string> = {
  'sign-in': 'Sign in',
  register: 'Create account',
  forgot: 'Send reset link',
};

const BUSY_LABELS: Record<AuthMode, string> = {
  'sign-in': 'Signing in…',
  register: 'Creating account…',
  forgot: 'Sending…',
};

export function submitLabel(mode: AuthMode, busy: boolean): string {
  return (busy ? BUSY_LABELS : SUBMIT_LABELS)[mode];
}

export const NO_ACCOUNT_NOTE =
  'No account found for that email. Create one below: add a display name and you are in.';

export function googleOnlyMessage(googleEnabled: boolean): string {
  return googleEnabled
    ? 'This email signs in with Google. Use Continue with Google.'
    : 'This email signs in with Google, which is not available right now. Use "Forgot password?" to set a password.';
}
