/**
 * The password rule in words (the domain's `PasswordProblem`, issue 11): the line under a new
 * password field and what is wrong with one. The same sentences as the server's API messages.
 */
import { params } from '@nanostores/i18n';
import { i18n } from '../i18n';

export const passwordRuleText = i18n('account/password-rule', {
  hint: params('At least {min} characters, not your email or name, and not a common password.'),
  required: 'Please choose a password.',
  tooShort: params('Password must be at least {min} characters.'),
  tooLong: params('Password must be at most {max} characters.'),
  onlySpaces: 'Password must not be only spaces.',
  oneCharacter: 'Password must not be one character repeated.',
  sameAsEmail: 'Password must not be your email address.',
  sameAsName: 'Password must not be your name.',
  tooCommon: 'That password is too common. Please choose one that is harder to guess.',
});
