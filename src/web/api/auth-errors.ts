/** better-auth errors in the product's wording (SPEC §8): returned, thrown, or in a redirect URL. */
import { friendlyMessage } from './friendly';
import { apiErrorsText, authErrorsText } from '../i18n/messages/api';

type AuthWords = ReturnType<typeof authErrorsText.get>;

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

/** Codes the spec does not word: our own plain messages (their names in `authErrorsText`). */
const OWN_MESSAGES: Record<string, keyof AuthWords> = {
  INVALID_EMAIL: 'invalidEmail',
  PASSWORD_TOO_SHORT: 'passwordTooShort',
  PASSWORD_TOO_LONG: 'passwordTooLong',
  FAILED_TO_CREATE_USER: 'createFailed',
  INVALID_TOKEN: 'deadResetLink',
  TOKEN_EXPIRED: 'deadResetLink',
  SESSION_EXPIRED: 'signInAgain',
  SESSION_NOT_FRESH: 'signInAgain',
  SOCIAL_ACCOUNT_ALREADY_LINKED: 'googleLinked',
  LINKED_ACCOUNT_ALREADY_EXISTS: 'googleLinked',
  ANONYMOUS_USERS_CANNOT_SIGN_IN_AGAIN_ANONYMOUSLY: 'alreadyGuest',
};

/** The message for an `error` the better-auth client returned. */
export function authErrorMessage(error: AuthErrorLike | null | undefined): string {
  if (!error) return friendlyMessage(null);
  const code = error.code ?? '';
  const spec = SPEC_CODES[code];
  if (spec) return friendlyMessage({ code: spec });
  const t = authErrorsText.get();
  const own = OWN_MESSAGES[code];
  if (own) return t[own];
  if (error.status === 429) return t.tooManyAttempts;
  // No answer at all (status 0), or better-fetch's catch-all for a failed fetch.
  if (error.status === 0 || error.statusText === 'Fetch Error') {
    return friendlyMessage({ code: NETWORK });
  }
  // A proxy's or crashed server's page rather than better-auth's JSON: no message to show.
  if (error.status !== undefined && error.status >= 500 && !code) {
    return apiErrorsText.get().serverTrouble;
  }
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
const OAUTH_MESSAGES: Record<string, (t: AuthWords) => string> = {
  access_denied: () => friendlyMessage({ code: CANCELLED }),
  account_not_linked: (t) => t.accountNotLinked,
  account_already_linked_to_different_user: (t) => t.linkedToOther,
  "email_doesn't_match": (t) => t.emailMismatch,
  email_doesn_t_match: (t) => t.emailMismatch,
  email_does_not_match: (t) => t.emailMismatch,
  email_not_found: (t) => t.noEmailShared,
  signup_disabled: () => friendlyMessage({ code: 'auth/user-not-found' }),
  unable_to_link_account: (t) => t.linkFailed,
};

/** The message for an OAuth `?error=` code, or null when there is none. */
export function oauthErrorMessage(code: string | null | undefined): string | null {
  if (!code) return null;
  const t = authErrorsText.get();
  // Own keys only: "constructor" in the address is not a message.
  const key = [code, code.toLowerCase()].find((k) => Object.hasOwn(OAUTH_MESSAGES, k));
  if (key) return OAUTH_MESSAGES[key]!(t);
  const spec = SPEC_CODES[code.toUpperCase()];
  if (spec) return friendlyMessage({ code: spec });
  return t.googleFailed;
}
