/** better-auth errors in the product's wording (SPEC §8): returned, thrown, or in a redirect URL. */
import { friendlyMessage } from '../../domain/errors';

/** What the better-auth client returns in `error` (better-fetch): code and message from the body. */
export type AuthErrorLike = {
  code?: string;
  message?: string;
  status?: number;
  statusText?: string;
};

const NETWORK = 'auth/network-request-failed';
const CANCELLED = 'auth/popup-closed-by-user';

/** better-auth code -> the SPEC §8 code whose friendly message applies. */
const SPEC_CODES: Record<string, string> = {
  USER_ALREADY_EXISTS: 'auth/email-already-in-use',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'auth/email-already-in-use',
  INVALID_EMAIL_OR_PASSWORD: 'auth/wrong-password',
  INVALID_PASSWORD: 'auth/wrong-password',
  USER_NOT_FOUND: 'auth/user-not-found',
  USER_EMAIL_NOT_FOUND: 'auth/user-not-found',
  CREDENTIAL_ACCOUNT_NOT_FOUND: 'auth/user-not-found',
};

/** Codes the spec does not word: our own plain messages. */
const OWN_MESSAGES: Record<string, string> = {
  INVALID_EMAIL: 'Please enter a valid email address.',
  PASSWORD_TOO_SHORT: 'Password must be at least 10 characters.',
  PASSWORD_TOO_LONG: 'Password must be at most 128 characters.',
  FAILED_TO_CREATE_USER: 'We could not create your account. Please try again.',
  INVALID_TOKEN: 'This reset link is invalid or has expired.',
  TOKEN_EXPIRED: 'This reset link is invalid or has expired.',
  SESSION_EXPIRED: 'Please sign in again to do that.',
  SESSION_NOT_FRESH: 'Please sign in again to do that.',
  SOCIAL_ACCOUNT_ALREADY_LINKED: 'That Google account is already linked.',
  LINKED_ACCOUNT_ALREADY_EXISTS: 'That Google account is already linked.',
  ANONYMOUS_USERS_CANNOT_SIGN_IN_AGAIN_ANONYMOUSLY: 'You are already playing as a guest.',
};

const TOO_MANY = 'Too many attempts — please wait a minute and try again.';
const SERVER_TROUBLE = 'Something went wrong on our side. Please try again.';

/** The message for an `error` the better-auth client returned. */
export function authErrorMessage(error: AuthErrorLike | null | undefined): string {
  if (!error) return friendlyMessage(null);
  const code = error.code ?? '';
  const spec = SPEC_CODES[code];
  if (spec) return friendlyMessage({ code: spec });
  const own = OWN_MESSAGES[code];
  if (own) return own;
  if (error.status === 429) return TOO_MANY;
  // No answer at all (status 0), or better-fetch's catch-all for a failed fetch.
  if (error.status === 0 || error.statusText === 'Fetch Error') {
    return friendlyMessage({ code: NETWORK });
  }
  // A proxy's or crashed server's page rather than better-auth's JSON: no message to show.
  if (error.status !== undefined && error.status >= 500 && !code) return SERVER_TROUBLE;
  return friendlyMessage({ message: error.message || error.statusText || '' });
}

/** For errors thrown (not returned) by the auth client: network failures mostly. */
export function thrownAuthErrorMessage(error: unknown): string {
  if (error instanceof TypeError) return friendlyMessage({ code: NETWORK });
  if (error instanceof DOMException && error.name === 'AbortError') {
    return friendlyMessage({ code: CANCELLED });
  }
  if (typeof error === 'object' && error !== null && ('code' in error || 'status' in error)) {
    return authErrorMessage(error as AuthErrorLike);
  }
  return friendlyMessage(error);
}

/** `?error=` codes better-auth puts on the URL when an OAuth (Google) round trip fails. */
const OAUTH_MESSAGES: Record<string, string> = {
  access_denied: friendlyMessage({ code: CANCELLED }),
  account_not_linked:
    'That email already has a Crowned account. Sign in with your password, then link Google from your account page.',
  account_already_linked_to_different_user:
    'That Google account is already linked to another Crowned account.',
  "email_doesn't_match": 'That Google account uses a different email address.',
  email_doesn_t_match: 'That Google account uses a different email address.',
  email_does_not_match: 'That Google account uses a different email address.',
  email_not_found: 'Google did not share an email address, so we could not sign you in.',
  signup_disabled: 'No account found for that email.',
  unable_to_link_account: 'We could not link that Google account. Please try again.',
};

/** The message for an OAuth `?error=` code, or null when there is none. */
export function oauthErrorMessage(code: string | null | undefined): string | null {
  if (!code) return null;
  const known = OAUTH_MESSAGES[code] ?? OAUTH_MESSAGES[code.toLowerCase()];
  if (known) return known;
  const spec = SPEC_CODES[code.toUpperCase()];
  if (spec) return friendlyMessage({ code: spec });
  return 'Google sign-in did not work. Please try again.';
}
