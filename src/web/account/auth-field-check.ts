/** What keeps the account screen's form from being sent, as the message to show, or null. */
import { MESSAGES } from '../../domain/game';
import { passwordProblem } from '../../domain/passwords';
import { cleanText } from '../../domain/text';
import { looksLikeEmail } from '../api/account';
import type { AuthView } from './auth-copy';

export type AuthFieldValues = { name: string; email: string; password: string };

export function authFieldProblem(view: AuthView, fields: AuthFieldValues): string | null {
  const registering = view === 'register';
  if (registering && cleanText(fields.name) === '') return MESSAGES.nameRequired;
  if (!looksLikeEmail(fields.email)) return 'Please enter a valid email address.';
  if (view === 'forgot') return null;
  if (!registering) return fields.password === '' ? 'Please enter your password.' : null;
  // The server also refuses common passwords, with its own message.
  return passwordProblem(fields.password);
}
