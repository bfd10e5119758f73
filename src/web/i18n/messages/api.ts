/**
 * The web's own words for failed calls (SPEC §8 where it words them). What the server sends
 * (`{ error: { code, message } }`) is shown as sent; SPEC §8's friendly messages are here, by the
 * codes of domain/errors.ts's `friendlyError`.
 */
import { i18n } from '../i18n';

/** SPEC §8's friendly messages, word for word. */
export const friendlyText = i18n('api/friendly', {
  network: 'Network problem — please check your connection.',
  cancelled: 'Sign-in was cancelled.',
  wrongPassword: 'Incorrect password.',
  userNotFound: 'No account found for that email.',
  emailInUse: 'That email is already in use.',
  /** No error object at all. */
  none: 'Something went wrong.',
  /** An error with an empty message. */
  empty: 'An error occurred.',
});

export const offlineText = i18n('api/offline', {
  ranking:
    "You're offline — your ranking is saved on this device and will be sent when you're back",
  game: "You're offline — your game is saved on this device and will be created when you're back",
});

export const apiErrorsText = i18n('api/errors', {
  tooManyRequests: 'Too many requests — please wait a moment and try again.',
  serverTrouble: 'Something went wrong on our side. Please try again.',
  timeout: 'The server took too long to answer. Please try again.',
  cancelled: 'The request was cancelled.',
  /** SPEC §8, word for word. */
  invalidJson: 'Response is not valid JSON object.',
  missingData: 'Response is missing data field.',
});

export const authErrorsText = i18n('api/auth-errors', {
  invalidEmail: 'Please enter a valid email address.',
  passwordTooShort: 'Password must be at least 10 characters.',
  passwordTooLong: 'Password must be at most 128 characters.',
  createFailed: 'We could not create your account. Please try again.',
  deadResetLink: 'This reset link is invalid or has expired.',
  signInAgain: 'Please sign in again to do that.',
  googleLinked: 'That Google account is already linked.',
  alreadyGuest: 'You are already playing as a guest.',
  tooManyAttempts: 'Too many attempts — please wait a minute and try again.',
  accountNotLinked:
    'That email already has a Crowned account. Sign in with your password, then link Google from your account page.',
  linkedToOther: 'That Google account is already linked to another Crowned account.',
  emailMismatch: 'That Google account uses a different email address.',
  noEmailShared: 'Google did not share an email address, so we could not sign you in.',
  linkFailed: 'We could not link that Google account. Please try again.',
  googleFailed: 'Google sign-in did not work. Please try again.',
});
