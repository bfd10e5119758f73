/** The words of the signed-out account screen (auth-form.tsx), by what it is showing. */
import { authFormText } from '../i18n/messages/account';
import type { AuthMode } from './links';

type Words = ReturnType<typeof authFormText.get>;

/** What the screen shows: one of the forms, or the "check your inbox" step after a reset request. */
export type AuthView = AuthMode | 'sent';

/** The heading of each view. */
export function viewTitle(view: AuthView, t: Words = authFormText.get()): string {
  const titles: Record<AuthView, string> = {
    'sign-in': t.signInTitle,
    register: t.registerTitle,
    forgot: t.forgotTitle,
    sent: t.sentTitle,
  };
  return titles[view];
}

/** The page's <title> of each view, before " · Crowned". */
export function viewDocTitle(view: AuthView, t: Words = authFormText.get()): string {
  const titles: Record<AuthView, string> = {
    'sign-in': t.signInDocTitle,
    register: t.registerDocTitle,
    forgot: t.forgotDocTitle,
    sent: t.sentTitle,
  };
  return titles[view];
}

export function submitLabel(mode: AuthMode, busy: boolean, t: Words = authFormText.get()): string {
  const labels: Record<AuthMode, string> = busy
    ? { 'sign-in': t.signingIn, register: t.creatingAccount, forgot: t.sending }
    : { 'sign-in': t.signIn, register: t.createAccount, forgot: t.sendResetLink };
  return labels[mode];
}

export function googleOnlyMessage(googleEnabled: boolean, t: Words = authFormText.get()): string {
  return googleEnabled ? t.googleOnly : t.googleOnlyOff;
}
