/**
 * The password rule (issue 11): at least 10 characters, at most 128, not only spaces, and not one
 * of the most common passwords (the server's list: src/server/account/common-passwords.txt). No
 * other composition rule: a long phrase of plain words is a good password.
 */

import { cleanText } from './text';

export const MIN_PASSWORD_LENGTH = 10;
export const MAX_PASSWORD_LENGTH = 128;

export const PASSWORD_MESSAGES = {
  required: 'Please choose a password.',
  tooShort: `Password must be at least ${MIN_PASSWORD_LENGTH} characters.`,
  tooLong: `Password must be at most ${MAX_PASSWORD_LENGTH} characters.`,
  onlySpaces: 'Password must not be only spaces.',
  tooCommon: 'That password is too common. Please choose one that is harder to guess.',
} as const;

/** The line under a new-password field. */
export const PASSWORD_HINT = `At least ${MIN_PASSWORD_LENGTH} characters, and not a common password.`;

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
): string | null {
  if (password === '') return PASSWORD_MESSAGES.required;
  // Spaces, or characters that show as nothing (zero-width, controls): nothing to remember.
  if (cleanText(password) === '') return PASSWORD_MESSAGES.onlySpaces;
  if (characterCount(password) < MIN_PASSWORD_LENGTH) return PASSWORD_MESSAGES.tooShort;
  // As better-auth counts it (UTF-16 units), so both say the same.
  if (password.length > MAX_PASSWORD_LENGTH) return PASSWORD_MESSAGES.tooLong;
  if (isCommon(commonPasswordKey(password))) return PASSWORD_MESSAGES.tooCommon;
  return null;
}
