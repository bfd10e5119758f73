/**
 * The better-auth client: e-mail + password accounts, anonymous guest sessions, and Google.
 *
 * Google is registered on the server through the generic OAuth plugin. Since better-auth 1.7 that
 * plugin has no client part (there is no `genericOAuthClient`): its providers are first-class
 * social providers, used through `signIn.social` and `linkSocial` — see the helpers below.
 */
import { anonymousClient } from 'better-auth/client/plugins';
import { createAuthClient } from 'better-auth/react';
import { sessionChanged } from './session';

export const authClient = createAuthClient({
  basePath: '/api/auth',
  plugins: [anonymousClient()],
});

// An action that changes the session (sign-in, sign-out, a new name…) makes better-auth flip
// this signal: the app's session store (session.ts, which every page reads) reads it again.
authClient.$store.atoms.$sessionSignal?.listen(sessionChanged);

export const GOOGLE_PROVIDER_ID = 'google';

/**
 * Leaves for Google's sign-in page. On success the server lands on `callbackURL`; on failure or
 * refusal on `errorCallbackURL` with `?error=<code>`.
 */
export function signInWithGoogle(options: { callbackURL: string; errorCallbackURL: string }) {
  return authClient.signIn.social({ provider: GOOGLE_PROVIDER_ID, ...options });
}

/** Links a Google account to the signed-in account (same landing rules as sign-in). */
export function linkGoogle(options: { callbackURL: string; errorCallbackURL: string }) {
  return authClient.linkSocial({ provider: GOOGLE_PROVIDER_ID, ...options });
}
