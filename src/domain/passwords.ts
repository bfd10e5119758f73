/**
 * The password rule (issue 11, issue 22): at least 10 characters, at most 128, not only spaces,
 * not one character repeated, not the account's own e-mail address, the address's local part or
 * the name (case-insensitively), and not one of the most common passwords (the server's list:
 * src/server/auth/account/common-passwords.txt). No other composition rule: a long phrase of plain
 * words is a good password.
 */

import { cleanText } from './text';

export const MIN_PASSWORD_LENGTH = 10;
export const MAX_PASSWORD_LENGTH = 128;

/**
 * What is wrong with a new password. The server words it for the API
 * (src/server/auth/account/password-messages.ts), the web from its catalog.
 */
export type PasswordProblem =
  | 'required'
  | 'tooShort'
  | 'tooLong'
  | 'onlySpaces'
  | 'oneCharacter'
  | 'sameAsEmail'
  | 'sameAsName'
  | 'tooCommon';

/** What the password must not be: the account's own address and name, when known. */
export type PasswordContext = { email?: string | null; name?: string | null };

/** Characters as a person counts them (an emoji is one), not UTF-16 units. */
function characterCount(text: string): number {
  return Array.from(text).length;
}

/** The form a password is looked up in the common list by: trimmed, lower case. */
export function commonPasswordKey(password: string): string {
  return password.trim().toLowerCase();
}

/** How a password is compared with the e-mail and the name: trimmed, NFKC, lower case. */
function personalKey(text: string): string {
  return text.normalize('NFKC').trim().toLowerCase();
}

/** One character, repeated ("aaaaaaaaaa", "1111111111"), spaces around it ignored. */
function isOneCharacterRepeated(password: string): boolean {
  const characters = new Set(Array.from(personalKey(password)));
  return characters.size === 1;
}

/** Whether the password is the e-mail address, or its part before the '@'. */
function isTheEmail(key: string, email: string | null | undefined): boolean {
  if (!email) return false;
  const address = personalKey(email);
  const at = address.lastIndexOf('@');
  return key === address || (at > 0 && key === address.slice(0, at));
}

/**
 * What is wrong with a new password, or null when it is acceptable. `isCommon` is asked with the
 * password's `commonPasswordKey`; the web form passes none (it has no list) and the server's
 * answer covers that rule. `context` names the account's e-mail and name, when known.
 */
export function passwordProblem(
  password: string,
  isCommon: (key: string) => boolean = () => false,
  context: PasswordContext = {},
): PasswordProblem | null {
  if (password === '') return 'required';
  // Spaces, or characters that show as nothing (zero-width, controls): nothing to remember.
  if (cleanText(password) === '') return 'onlySpaces';
  if (characterCount(password) < MIN_PASSWORD_LENGTH) return 'tooShort';
  // As better-auth counts it (UTF-16 units), so both say the same.
  if (password.length > MAX_PASSWORD_LENGTH) return 'tooLong';
  if (isOneCharacterRepeated(password)) return 'oneCharacter';
  const key = personalKey(password);
  if (isTheEmail(key, context.email)) return 'sameAsEmail';
  if (context.name && key === personalKey(context.name)) return 'sameAsName';
  if (isCommon(commonPasswordKey(password))) return 'tooCommon';
  return null;
}
