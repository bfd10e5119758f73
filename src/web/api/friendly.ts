/** SPEC §8: the message a person sees for an error of any shape, in the catalog's words. */
import { friendlyError, type FriendlyCode } from '../../domain/errors';
import { friendlyText } from '../i18n/messages/api';

const WORDS: Record<FriendlyCode, keyof ReturnType<typeof friendlyText.get>> = {
  'auth/network-request-failed': 'network',
  'auth/popup-closed-by-user': 'cancelled',
  'auth/wrong-password': 'wrongPassword',
  'auth/user-not-found': 'userNotFound',
  'auth/email-already-in-use': 'emailInUse',
};

export function friendlyMessage(error: unknown): string {
  const friendly = friendlyError(error);
  if ('message' in friendly) return friendly.message;
  const t = friendlyText.get();
  if (friendly.code === 'none' || friendly.code === 'empty') return t[friendly.code];
  return t[WORDS[friendly.code]];
}
