/** Handles (SPEC §5): the rules and messages, word for word. Pure; shared by server and web. */
import { HANDLE_MAX_LENGTH, HANDLE_MIN_LENGTH } from './limits';

export const HANDLE_MESSAGES = {
  required: 'Handle required',
  invalid: `Handle must be ${HANDLE_MIN_LENGTH}-${HANDLE_MAX_LENGTH} chars, start with a letter, and use letters/numbers/_ only.`,
  taken: 'taken',
  notSignedIn: 'Not signed in',
  profileMissing: 'Profile missing',
} as const;

/** A letter first, then 2 to 19 letters, digits or underscores (ASCII). */
export const HANDLE_PATTERN = new RegExp(
  `^[A-Za-z][A-Za-z0-9_]{${HANDLE_MIN_LENGTH - 1},${HANDLE_MAX_LENGTH - 1}}$`,
);

export type HandleCheck =
  { ok: true; handle: string; handleLower: string } | { ok: false; message: string };

/**
 * Checks a typed handle: surrounding spaces are ignored, the case is kept as typed, and
 * uniqueness is on the lower-cased form (the caller checks it against the others).
 */
export function checkHandle(typed: string): HandleCheck {
  const handle = typed.trim();
  if (handle === '') return { ok: false, message: HANDLE_MESSAGES.required };
  if (!HANDLE_PATTERN.test(handle)) return { ok: false, message: HANDLE_MESSAGES.invalid };
  return { ok: true, handle, handleLower: handle.toLowerCase() };
}
