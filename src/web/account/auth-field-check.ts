/** What keeps the account screen's form from being sent, as the message to show, or null. */
import { passwordProblemText } from './password-words';
import { cleanText } from '../../domain/text';
import { looksLikeEmail } from '../api/account';
import type { AuthView } from './auth-copy';
import { authFieldsText } from '../i18n/messages/account';

export type AuthFieldValues = { name: string; email: string; password: string };

export function authFieldProblem(view: AuthView, fields: AuthFieldValues): string | null {
  const registering = view === 'register';
  const t = authFieldsText.get();
  if (registering && cleanText(fields.name) === '') return t.nameRequired;
  if (!looksLikeEmail(fields.email)) return t.invalidEmail;
  if (view === 'forgot') return null;
  if (!registering) return fields.password === '' ? t.enterPassword : null;
  // The server also refuses common passwords, with its own message.
  return passwordProblemText(fields.password, { email: fields.email, name: fields.name });
}
