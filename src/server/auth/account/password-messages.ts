/**
 * The password rule's messages as the API sends them (better-auth's `{ code, message }` from the
 * auth input check). The domain says only what is wrong (`PasswordProblem`); the web words it
 * from its own catalog.
 */
import {
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  type PasswordProblem,
} from '../../../domain/passwords';

export const PASSWORD_MESSAGES: Record<PasswordProblem, string> = {
  required: 'Please choose a password.',
  tooShort: `Password must be at least ${MIN_PASSWORD_LENGTH} characters.`,
  tooLong: `Password must be at most ${MAX_PASSWORD_LENGTH} characters.`,
  onlySpaces: 'Password must not be only spaces.',
  oneCharacter: 'Password must not be one character repeated.',
  sameAsEmail: 'Password must not be your email address.',
  sameAsName: 'Password must not be your name.',
  tooCommon: 'That password is too common. Please choose one that is harder to guess.',
};
