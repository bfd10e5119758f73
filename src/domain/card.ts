/**
 * What anyone may see of a game without playing it: in link previews, the preview image and the
 * embed card. The prompt, the item names and the number of players always; the leaders only while
 * results are not locked (a players rule or deadline keeps them hidden until the game closes, and
 * previews never leak them). Pure.
 */
import type { Item } from './game';
import type { Results } from './results';

export type PublicCard = {
  id: string;
  prompt: string;
  players: number;
  closed: boolean;
  /** Results wait for the game to close: no leaders below. */
  locked: boolean;
  /** The first items, in the game's own order. */
  items: string[];
  /** The crowd's top items (best first), or null while locked or before anyone ranked. */
  leaders: { label: string; firstShare: number }[] | null;
};

export function publicCard(
  game: { id: string; prompt: string; items: readonly Item[]; closed: boolean; locked: boolean },
  results: Results,
  top = 5,
): PublicCard {
  const leaders =
    game.locked || results.submissions === 0
      ? null
      : results.items
          .filter((item) => item.meanPosition !== null)
          .slice(0, top)
          .map((item) => ({ label: item.label, firstShare: item.firstShare }));
  return {
    id: game.id,
    prompt: game.prompt,
    players: results.submissions,
    closed: game.closed,
    locked: game.locked,
    items: game.items.slice(0, top).map((item) => item.label),
    leaders,
  };
}

/** "Pizza, Sushi, Tacos and 5 more". */
export function itemsText(labels: readonly string[], total: number, shown = 3): string {
  const first = labels.slice(0, shown);
  const more = total - first.length;
  if (more > 0) return `${first.join(', ')} and ${more} more`;
  if (first.length <= 1) return first[0] ?? '';
  return `${first.slice(0, -1).join(', ')} and ${first.at(-1)}`;
}

export function playersText(players: number): string {
  return players === 1 ? '1 player' : `${players} players`;
}

/** A preview's description: the leader while results are public, else what is being ranked. */
export function previewDescription(card: PublicCard, itemCount: number): string {
  const leader = card.leaders?.[0];
  if (leader)
    return `Leading: ${leader.label} · ${playersText(card.players)}. Rank it yourself on Crowned.`;
  const what = itemsText(card.items, itemCount);
  return card.locked
    ? `Rank ${what}. Results are revealed when the game closes.`
    : `Rank ${what}, then see how the crowd compares.`;
}
