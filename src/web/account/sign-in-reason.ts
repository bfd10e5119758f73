/**
 * Why the sign-in screen is showing, when someone pressed Create without an account (SPEC §4
 * Create flow, decision 0020). It is said only when it is true: signing in leads back to /create,
 * and this tab keeps a pressed draft that can be created, so /create will create it at once.
 */
import { canCreate } from '../../domain/game';
import { sanitizeNext } from '../shell/session/login-next';
import { createSignInText } from '../i18n/messages/create-sign-in';
import { readDraft, type CreateDraft } from '../game/draft';

/** The reason in English (the base catalog), for the tests. */
export const CREATE_SIGN_IN_REASON = createSignInText.get().reason;

/** The reason for a sign-in heading to `target` with `draft` kept, or null when there is none. */
export function createSignInReason(target: string, draft: CreateDraft | null): string | null {
  const { pathname } = new URL(sanitizeNext(target), 'https://crowned.invalid');
  if (!/^\/create\/?$/i.test(pathname)) return null;
  if (!draft?.pressed || !canCreate(draft.prompt, draft.items)) return null;
  return createSignInText.get().reason;
}

/** The same, for the sign-in screen: its `?next=` (else the stored target) and this tab's draft. */
export function currentCreateSignInReason(target: string): string | null {
  return createSignInReason(target, readDraft());
}
