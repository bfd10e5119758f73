/**
 * Handles (SPEC §5): the rules. Pure; shared by server and web, which word a refusal each in
 * their own place (the API's English in src/server/players/handle-messages.ts, the web's in its
 * catalog).
 */
import { HANDLE_MAX_LENGTH, HANDLE_MIN_LENGTH } from './limits';

/** Why a handle is refused: none typed, or not by the rules. */
export type HandleProblem = 'required' | 'invalid';

/** A letter first, then 2 to 19 letters, digits or underscores (ASCII). */
export const HANDLE_PATTERN = new RegExp(
  `^[A-Za-z][A-Za-z0-9_]{${HANDLE_MIN_LENGTH - 1},${HANDLE_MAX_LENGTH - 1}}$`,
);

export type HandleCheck =
  { ok: true; handle: string; handleLower: string } | { ok: false; problem: HandleProblem };

/**
 * Checks a typed handle: surrounding spaces are ignored, the case is kept as typed, and
 * uniqueness is on the lower-cased form (the caller checks it against the others).
 */
export function checkHandle(typed: string): HandleCheck {
  const handle = typed.trim();
  if (handle === '') return { ok: false, problem: 'required' };
  if (!HANDLE_PATTERN.test(handle)) return { ok: false, problem: 'invalid' };
  return { ok: true, handle, handleLower: handle.toLowerCase() };
}
