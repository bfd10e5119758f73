/** The humorous hints for pressing a greyed Create button (SPEC §5). */

export const TOO_FEW_QUIPS = [
  "You need at least 3 contenders. Two's a duel, three's a rank!",
  'Even a podium has three steps. A prompt and 3 items, please!',
  'A crown needs a contest: say what we are ranking and add 3 contenders.',
  'Ranking one thing is just having a favourite. Give it some rivals!',
  'The crowd is seated and the arena is empty. Bring a prompt and 3 contenders.',
  'Rock, paper, scissors needs three. So does a rank.',
  'Hold your horses, all three of them: a prompt and at least 3 items.',
] as const;

/** A quip at random, never the one shown just before (so pressing again shows something new). */
export function pickQuip(previous: string | null, random: () => number = Math.random): string {
  const choices = TOO_FEW_QUIPS.filter((quip) => quip !== previous);
  return choices[Math.floor(random() * choices.length)] ?? TOO_FEW_QUIPS[0];
}
