import type { ReactNode } from 'react';
import type { MethodsLookup } from '../api/account';
import type { AuthView } from './auth-copy';
import type { AuthMode } from './links';

/** The line under the e-mail field: how this address signs in, with a shortcut when it helps. */
export function EmailHint(options: {
  mode: AuthView;
  found: MethodsLookup | undefined;
  googleEnabled: boolean;
  onSwitch: (to: AuthMode) => void;
}): ReactNode {
  const { mode, found } = options;
  if (!found || mode === 'sent') return null;
  if (found.kind === 'rate-limited') {
    return (
      <span className="muted">
        We cannot check this email right now (too many lookups). You can still continue.
      </span>
    );
  }
  if (found.kind !== 'found') return null;
  const { methods } = found;
  const password = methods.includes('password');
  const google = methods.includes('google');
  if (methods.length === 0) {
    if (mode === 'register') return null;
    return (
      <>
        No account found for that email.{' '}
        {mode === 'sign-in' ? (
          <button
            type="button"
            className="auth-link-button"
            onClick={() => options.onSwitch('register')}
          >
            Create an account
          </button>
        ) : null}
      </>
    );
  }
  const how =
    password && google
      ? 'This email signs in with a password or with Google.'
      : google
        ? options.googleEnabled
          ? 'This email signs in with Google.'
          : 'This email signs in with Google (not available right now). Reset the password to add one.'
        : 'This email signs in with a password.';
  if (mode === 'register') {
    return (
      <>
        That email already has an account. {how}{' '}
        <button
          type="button"
          className="auth-link-button"
          onClick={() => options.onSwitch('sign-in')}
        >
          Sign in instead
        </button>
      </>
    );
  }
  return how;
}
