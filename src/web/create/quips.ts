/**
 * The humorous hints for pressing a greyed Create button (SPEC §5), chosen by what is missing: a
 * quip about contenders when the prompt is there is wrong, and the other way round.
 */
import { cleanLabels } from '../../domain/game';
import { MIN_ITEMS } from '../../domain/limits';
import { cleanText } from '../../domain/text';

/** What keeps a draft from being created. */
export type MissingPiece = 'prompt' | 'items' | 'both';

/** The prompt is there, the items are too few. The first is SPEC §5's example. */
export const TOO_FEW_ITEMS_QUIPS = [
  "You need at least 3 contenders. Two's a duel, three's a rank!",
  'Even a podium has three steps. Add a few more contenders!',
  'Ranking one thing is just having a favourite. Give it some rivals!',
  'Rock, paper, scissors needs three. So does a rank.',
  'Hold your horses, all three of them: at least 3 items, please.',
] as const;

/** The items are there, the prompt is not. */
export const NO_PROMPT_QUIPS = [
  'Great contenders! But what are they competing for? Add a prompt.',
  'The arena is full and nobody knows the game. What are we ranking?',
  'A crown for… what, exactly? Give your rank a prompt.',
  'Best, worst, tastiest? Tell people what they are ranking.',
] as const;

/** Neither: no prompt and fewer than 3 items. */
export const EMPTY_QUIPS = [
  'A crown needs a contest: say what we are ranking and add 3 contenders.',
  'The crowd is seated and the arena is empty. Bring a prompt and 3 contenders.',
  'Nothing to rank yet! Start with a prompt, then add at least 3 items.',
] as const;

export const QUIPS: Record<MissingPiece, readonly string[]> = {
  prompt: NO_PROMPT_QUIPS,
  items: TOO_FEW_ITEMS_QUIPS,
  both: EMPTY_QUIPS,
};

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
  const all = QUIPS[missing];
  const choices = all.filter((quip) => quip !== previous);
  return choices[Math.floor(random() * choices.length)] ?? all[0] ?? '';
}
