/**
 * The password rule (issue 11): at least 10 characters, at most 128, not only spaces, and not one
 * of the most common passwords (the server's list: src/server/account/common-passwords.txt). No
 * other composition rule: a long phrase of plain words is a good password.
 */

import { cleanText } from './text';

export const MIN_PASSWORD_LENGTH = 10;
export const MAX_PASSWORD_LENGTH = 128;

/**
 * What is wrong with a new password. The server words it for the API
 * (src/server/account/password-messages.ts), the web from its catalog.
 */
export type PasswordProblem = 'required' | 'tooShort' | 'tooLong' | 'onlySpaces' | 'tooCommon';

/** Characters as a person counts them (an emoji is one), not UTF-16 units. */
function characterCount(text: string): number {
  return Array.from(text).length;
}

/** The form a password is looked up in the common list by: trimmed, lower case. */
export function commonPasswordKey(password: string): string {
  return password.trim().toLowerCase();
}

/**
 * What is wrong with a new password, or null when it is acceptable. `isCommon` is asked with the
 * password's `commonPasswordKey`; the web form passes none (it has no list) and the server's
 * answer covers that rule.
 */
export function passwordProblem(
  password: string,
  isCommon: (key: string) => boolean = () => false,
): PasswordProblem | null {
  if (password === '') return 'required';
  // Spaces, or characters that show as nothing (zero-width, controls): nothing to remember.
  if (cleanText(password) === '') return 'onlySpaces';
  if (characterCount(password) < MIN_PASSWORD_LENGTH) return 'tooShort';
  // As better-auth counts it (UTF-16 units), so both say the same.
  if (password.length > MAX_PASSWORD_LENGTH) return 'tooLong';
  if (isCommon(commonPasswordKey(password))) return 'tooCommon';
  return null;
}
