/** better-auth error codes mapped to the product's wording (SPEC §8). */
import { friendlyMessage } from '../../domain/errors';

type AuthErrorLike = { code?: string; message?: string; status?: number; statusText?: string };

/** better-auth code -> the SPEC §8 code whose friendly message applies. */
const SPEC_CODES: Record<string, string> = {
  USER_ALREADY_EXISTS: 'auth/email-already-in-use',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'auth/email-already-in-use',
  INVALID_EMAIL_OR_PASSWORD: 'auth/wrong-password',
  INVALID_PASSWORD: 'auth/wrong-password',
  USER_NOT_FOUND: 'auth/user-not-found',
  CREDENTIAL_ACCOUNT_NOT_FOUND: 'auth/user-not-found',
};

/** Codes the spec does not word: our own plain messages. */
const OWN_MESSAGES: Record<string, string> = {
  INVALID_EMAIL: 'Please enter a valid email address.',
  PASSWORD_TOO_SHORT: 'Password must be at least 8 characters.',
  PASSWORD_TOO_LONG: 'Password must be at most 128 characters.',
  FAILED_TO_CREATE_USER: 'We could not create your account. Please try again.',
};

export function authErrorMessage(error: AuthErrorLike | null | undefined): string {
  if (!error) return friendlyMessage(null);
  const code = error.code ?? '';
  const spec = SPEC_CODES[code];
  if (spec) return friendlyMessage({ code: spec });
  const own = OWN_MESSAGES[code];
  if (own) return own;
  if (error.status === 429) return 'Too many attempts — please wait a minute and try again.';
  if (error.status === 0 || (error.status === undefined && !error.message)) {
    return friendlyMessage({ code: 'auth/network-request-failed' });
  }
  return friendlyMessage({ message: error.message || error.statusText || '' });
}

/** For errors thrown (not returned) by the auth client: network failures mostly. */
export function thrownAuthErrorMessage(error: unknown): string {
  if (error instanceof TypeError) return friendlyMessage({ code: 'auth/network-request-failed' });
  return friendlyMessage(error);
}
