/**
 * The humorous hints for pressing a greyed Create button (SPEC §5), chosen by what is missing: a
 * quip about contenders when the prompt is there is wrong, and the other way round. Their words
 * are in the create catalog (`create/quips`); here, which quips go with which case.
 */
import { cleanLabels } from '../../domain/game';
import { MIN_ITEMS } from '../../domain/limits';
import { cleanText } from '../../domain/text';
import { quipsText } from '../i18n/messages/create';

/** What keeps a draft from being created. */
export type MissingPiece = 'prompt' | 'items' | 'both';

type QuipKey = keyof ReturnType<typeof quipsText.get>;

const QUIP_KEYS: Record<MissingPiece, readonly QuipKey[]> = {
  /** The items are there, the prompt is not. */
  prompt: ['noPrompt1', 'noPrompt2', 'noPrompt3', 'noPrompt4'],
  /** The prompt is there, the items are too few. The first is SPEC §5's example. */
  items: ['tooFew1', 'tooFew2', 'tooFew3', 'tooFew4', 'tooFew5'],
  /** Neither: no prompt and fewer than 3 items. */
  both: ['empty1', 'empty2', 'empty3'],
};

/** The quips for what is missing, in the current language. */
export function quipsFor(missing: MissingPiece): string[] {
  const text = quipsText.get();
  return QUIP_KEYS[missing].map((key) => text[key]);
}

/** The English quips (the base catalog), for the tests. */
export const QUIPS: Record<MissingPiece, readonly string[]> = {
  prompt: quipsFor('prompt'),
  items: quipsFor('items'),
  both: quipsFor('both'),
};
export const TOO_FEW_ITEMS_QUIPS = QUIPS.items;
export const NO_PROMPT_QUIPS = QUIPS.prompt;
export const EMPTY_QUIPS = QUIPS.both;

/** What is missing, by the same rules as `canCreate`; null when the draft may be created. */
export function missingPiece(prompt: string, items: readonly string[]): MissingPiece | null {
  const noPrompt = cleanText(prompt) === '';
  const tooFew = cleanLabels(items).length < MIN_ITEMS;
  if (noPrompt && tooFew) return 'both';
  if (noPrompt) return 'prompt';
  if (tooFew) return 'items';
  return null;
}

/**
 * A quip about what is missing, at random, never the one shown just before (so pressing again
 * shows something new).
 */
export function pickQuip(
  missing: MissingPiece,
  previous: string | null,
  random: () => number = Math.random,
): string {
  const all = quipsFor(missing);
  const choices = all.filter((quip) => quip !== previous);
  return choices[Math.floor(random() * choices.length)] ?? all[0] ?? '';
}
