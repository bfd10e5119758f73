/**
 * The API's English for the password and handle rules (SPEC §5 word for word) and the web's
 * catalogs say the same: the web checks first, the server has the last word.
 */
import { describe, expect, it } from 'vitest';
import type { HandleProblem } from '../../../domain/handle';
import type { PasswordProblem } from '../../../domain/passwords';
import { passwordHint, passwordProblemWords } from '../../../web/account/password-words';
import { handleProblemText } from '../../../web/player/handle-status';
import { HANDLE_MESSAGES } from '../../players/handle-messages';
import { PASSWORD_MESSAGES } from './password-messages';

describe('the rules in the API and in the web', () => {
  it('word the handle rules as SPEC §5 does', () => {
    expect(HANDLE_MESSAGES).toEqual({
      required: 'Handle required',
      invalid: 'Handle must be 3-20 chars, start with a letter, and use letters/numbers/_ only.',
      reserved: 'That handle is reserved',
      taken: 'taken',
      notSignedIn: 'Not signed in',
      profileMissing: 'Profile missing',
    });
    for (const problem of ['required', 'invalid', 'reserved'] satisfies HandleProblem[]) {
      expect(handleProblemText(problem)).toBe(HANDLE_MESSAGES[problem]);
    }
  });

  it('word every password problem the same on both sides', () => {
    expect(PASSWORD_MESSAGES.tooShort).toBe('Password must be at least 10 characters.');
    for (const problem of Object.keys(PASSWORD_MESSAGES) as PasswordProblem[]) {
      expect(passwordProblemWords(problem)).toBe(PASSWORD_MESSAGES[problem]);
    }
    expect(passwordHint()).toBe(
      'At least 10 characters, not your email or name, and not a common password.',
    );
  });
});
