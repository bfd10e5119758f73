/** The password rule (domain/passwords.ts) in the catalog's words. */
import {
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  passwordProblem,
  type PasswordContext,
  type PasswordProblem,
} from '../../domain/passwords';
import { passwordRuleText } from '../i18n/messages/passwords';

export function passwordProblemWords(problem: PasswordProblem): string {
  const t = passwordRuleText.get();
  switch (problem) {
    case 'tooShort':
      return t.tooShort({ min: MIN_PASSWORD_LENGTH });
    case 'tooLong':
      return t.tooLong({ max: MAX_PASSWORD_LENGTH });
    default:
      return t[problem];
  }
}

/**
 * What is wrong with a new password, in words, or null (the server checks the common list, and
 * the e-mail and name where the form does not know them).
 */
export function passwordProblemText(
  password: string,
  context: PasswordContext = {},
): string | null {
  const problem = passwordProblem(password, undefined, context);
  return problem === null ? null : passwordProblemWords(problem);
}

/** The line under a new-password field. */
export function passwordHint(): string {
  return passwordRuleText.get().hint({ min: MIN_PASSWORD_LENGTH });
}
