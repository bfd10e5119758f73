/**
 * SPEC §5's handle messages, word for word, as the API sends them (`{ error: { message } }` and
 * the availability check's `message`). The domain says only why (`HandleProblem`); the web words
 * it from its own catalog.
 */
import type { HandleProblem } from '../../domain/handle';
import { HANDLE_MAX_LENGTH, HANDLE_MIN_LENGTH } from '../../domain/limits';

export const HANDLE_MESSAGES = {
  required: 'Handle required',
  invalid: `Handle must be ${HANDLE_MIN_LENGTH}-${HANDLE_MAX_LENGTH} chars, start with a letter, and use letters/numbers/_ only.`,
  reserved: 'That handle is reserved',
  taken: 'taken',
  notSignedIn: 'Not signed in',
  profileMissing: 'Profile missing',
} as const satisfies Record<HandleProblem, string> & Record<string, string>;
