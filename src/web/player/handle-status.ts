/**
 * The line under the handle editor (SPEC §5 wording): a failed save's message, else — once
 * typing has paused — the rules' verdict, then whether the server says the handle is free.
 * Pure; the editor passes what it knows.
 */
import { checkHandleClaim, type HandleProblem } from '../../domain/handle';
import { HANDLE_MAX_LENGTH, HANDLE_MIN_LENGTH } from '../../domain/limits';
import { handleEditorText } from '../i18n/messages/player';

export type HandleStatus = { tone: 'ok' | 'error' | 'muted'; text: string } | null;

/** The API's message for a handle someone else has (SPEC §5's word): a code to the web. */
const API_TAKEN = 'taken';

/** A handle the rules refuse, in the catalog's words. */
export function handleProblemText(problem: HandleProblem): string {
  const t = handleEditorText.get();
  if (problem === 'required') return t.required;
  if (problem === 'reserved') return t.reserved;
  return t.invalid({ min: HANDLE_MIN_LENGTH, max: HANDLE_MAX_LENGTH });
}

/** What the server said of a handle, SPEC §5's word 'taken' said about the handle typed. */
export function availabilityText(handle: string, message: string | null, available: boolean) {
  const t = handleEditorText.get();
  if (available) return t.available({ handle });
  if (message === API_TAKEN) return t.taken({ handle });
  return message ?? t.notAvailable({ handle });
}

export function handleStatus(input: {
  /** What is in the field (trimmed), and what it was when typing last paused. */
  typed: string;
  settled: string;
  /** The player's handle now. */
  current: string | null;
  saveError: string | null;
  checking: boolean;
  checkError: string | null;
  answer: { available: boolean; message: string | null } | undefined;
}): HandleStatus {
  const { typed, settled, current, answer } = input;
  if (input.saveError !== null) {
    return { tone: 'error', text: availabilityText(typed, input.saveError, false) };
  }
  if (typed !== settled) return null;
  if (typed === '') return { tone: 'muted', text: handleProblemText('required') };
  const rules = checkHandleClaim(typed);
  if (!rules.ok) return { tone: 'error', text: handleProblemText(rules.problem) };
  if (typed.toLowerCase() === (current ?? '').toLowerCase()) {
    return typed === current ? { tone: 'muted', text: handleEditorText.get().yours } : null;
  }
  if (input.checking && !answer) return { tone: 'muted', text: handleEditorText.get().checking };
  if (input.checkError !== null) return { tone: 'error', text: input.checkError };
  if (!answer) return null;
  return {
    tone: answer.available ? 'ok' : 'error',
    text: availabilityText(typed, answer.message, answer.available),
  };
}
