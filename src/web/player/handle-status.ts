/**
 * The line under the handle editor (SPEC §5 wording): a failed save's message, else — once
 * typing has paused — the rules' verdict, then whether the server says the handle is free.
 * Pure; the editor passes what it knows.
 */
import { checkHandle, HANDLE_MESSAGES } from '../../domain/handle';
import { handleEditorText } from '../i18n/messages/player';

export type HandleStatus = { tone: 'ok' | 'error' | 'muted'; text: string } | null;

/** What the server said of a handle, SPEC §5's word 'taken' said about the handle typed. */
export function availabilityText(handle: string, message: string | null, available: boolean) {
  const t = handleEditorText.get();
  if (available) return t.available({ handle });
  if (message === HANDLE_MESSAGES.taken) return t.taken({ handle, taken: HANDLE_MESSAGES.taken });
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
  if (typed === '') return { tone: 'muted', text: HANDLE_MESSAGES.required };
  const rules = checkHandle(typed);
  if (!rules.ok) return { tone: 'error', text: rules.message };
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
