import type { ReactNode } from 'react';
import type { MethodsLookup } from '../api/account';
import type { AuthView } from './auth-copy';
import type { AuthMode } from './links';
import { useText } from '../i18n/i18n';
import { emailHintText } from '../i18n/messages/account';
import { friendlyMessage } from '../api/friendly';

/** The line under the e-mail field: how this address signs in, with a shortcut when it helps. */
export function EmailHint(options: {
  mode: AuthView;
  found: MethodsLookup | undefined;
  googleEnabled: boolean;
  onSwitch: (to: AuthMode) => void;
}): ReactNode {
  const { mode, found } = options;
  const t = useText(emailHintText);
  if (!found || mode === 'sent') return null;
  if (found.kind === 'rate-limited') {
    return <span className="muted">{t.rateLimited}</span>;
  }
  if (found.kind !== 'found') return null;
  const { methods } = found;
  const password = methods.includes('password');
  const google = methods.includes('google');
  if (methods.length === 0) {
    if (mode === 'register') return null;
    return (
      <>
        {friendlyMessage({ code: 'auth/user-not-found' })}{' '}
        {mode === 'sign-in' ? (
          <button
            type="button"
            className="auth-link-button"
            onClick={() => options.onSwitch('register')}
          >
            {t.createAccount}
          </button>
        ) : null}
      </>
    );
  }
  const how =
    password && google
      ? t.passwordOrGoogle
      : google
        ? options.googleEnabled
          ? t.google
          : t.googleOff
        : t.password;
  if (mode === 'register') {
    return (
      <>
        {t.taken({ how })}{' '}
        <button
          type="button"
          className="auth-link-button"
          onClick={() => options.onSwitch('sign-in')}
        >
          {t.signInInstead}
        </button>
      </>
    );
  }
  return how;
}
