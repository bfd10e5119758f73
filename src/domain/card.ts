/**
 * What anyone may see of a game without playing it: in link previews, the preview image and the
 * embed card. The prompt, the item names and the number of players always; the leaders only while
 * results are not locked (a players rule or deadline keeps them hidden until the game closes, and
 * previews never leak them). Pure.
 */
import type { BallotSpec } from './ballot';
import type { Item } from './game';
import { itemView } from './item-pictures';
import type { Method } from './methods';
import {
  headlineMethod,
  methodStandings,
  type Evidence,
  type Standings,
} from './methods-standings';
import type { Results } from './results';

/**
 * An item's picture on a card: its thumbnail's address and its alt text. A hidden picture is
 * named by its hidden address (answered with a neutral placeholder) and described as hidden, as
 * game views name it (`itemView`).
 */
export type CardPicture = { thumbUrl: string; alt: string };

/** One row of the crowd's tier list on a card: the tier, its colour and its first items. */
export type CardTier = {
  label: string;
  /** #rrggbb, the creator's. */
  color: string;
  /** The labels of its first items, best mean first. */
  items: string[];
  /** The pictures of `items`, in their order (null: that item has none); absent when none has. */
  images?: (CardPicture | null)[];
  /** How many more items the tier holds. */
  more: number;
};

/** One of the crowd's leaders on a card: its place under the card's method (shared when tied). */
export type Leader = {
  label: string;
  firstShare: number;
  place: number;
  tied: boolean;
  /** What the method decides by, in a few words ("33% first", "10 points"). */
  note: string;
  /** The item's picture, when it has one. */
  image?: CardPicture;
};

export type PublicCard = {
  id: string;
  prompt: string;
  players: number;
  closed: boolean;
  /** Results wait for the game to close: no leaders below. */
  locked: boolean;
  /** The first items, in the game's own order. */
  items: string[];
  /** The pictures of `items`, in their order (null: that item has none); absent when none has. */
  itemImages?: (CardPicture | null)[];
  /** How the leaders are counted (decision 0038): the results page's standings for it. */
  method: Method;
  /** The crowd's top items (best first), or null while locked or before anyone ranked. */
  leaders: Leader[] | null;
  /**
   * A tiers game's crowd tier list (every tier, its first items), drawn instead of the leaders;
   * absent for other games, while locked and before anyone played.
   */
  tiers?: CardTier[];
};

/** Items a card names per tier. */
const TIER_ITEMS = 6;
/** Leaders the preview image draws (the card holds up to five, for the embed). */
export const PREVIEW_LEADERS = 3;
/** Items the preview image draws while there are no leaders. */
export const PREVIEW_ITEMS = 4;
/** The size (px, square) the preview image draws a leader's or an item's picture at, at most. */
export const PREVIEW_PICTURE_PX = 64;

/** An item's picture as a card shows it, or undefined. */
function cardPicture(item: Item | undefined): CardPicture | undefined {
  const image = item && itemView(item).image;
  return image ? { thumbUrl: image.thumbUrl, alt: image.alt } : undefined;
}

/** The pictures of `items` (null where an item has none), or undefined when none has one. */
function picturesOf(items: readonly (Item | undefined)[]): (CardPicture | null)[] | undefined {
  const pictures = items.map((item) => cardPicture(item) ?? null);
  return pictures.some((picture) => picture !== null) ? pictures : undefined;
}

/**
 * The card; its leaders in the order of `standings` (methods-standings.ts; the mean order's
 * unless given), so a card shows the winner the results page shows for that method.
 */
export function publicCard(
  game: {
    id: string;
    prompt: string;
    items: readonly Item[];
    closed: boolean;
    locked: boolean;
    ballot?: BallotSpec;
  },
  results: Results,
  top = 5,
  standings: Standings = methodStandings(results, headlineMethod(results)) as Standings,
): PublicCard {
  // Text games (most) look nothing up: their cards are exactly what they were before pictures.
  const byId = game.items.some((item) => item.image)
    ? new Map(game.items.map((item) => [item.id, item]))
    : null;
  const leaders =
    game.locked || results.submissions === 0
      ? null
      : standings.rows
          .filter((row) => row.item.meanPosition !== null)
          .slice(0, top)
          .map((row) => {
            const leader: Leader = {
              label: row.item.label,
              firstShare: row.item.firstShare,
              place: row.place,
              tied: row.tied,
              note: leaderNote(row.evidence),
            };
            const image = cardPicture(byId?.get(row.item.id));
            return image ? { ...leader, image } : leader;
          });
  const first = game.items.slice(0, top);
  const card: PublicCard = {
    id: game.id,
    prompt: game.prompt,
    players: results.submissions,
    closed: game.closed,
    locked: game.locked,
    items: first.map((item) => item.label),
    method: standings.method,
    leaders,
  };
  const itemImages = byId && picturesOf(first);
  if (itemImages) card.itemImages = itemImages;
  const crowd = results.crowdTiers;
  if (leaders && crowd && game.ballot?.kind === 'tiers') {
    card.tiers = game.ballot.tiers.map((tier, i) => {
      const items = (crowd.tiers[i] ?? []).slice(0, TIER_ITEMS);
      const row: CardTier = {
        label: tier.label,
        color: tier.color,
        items: items.map((item) => item.label),
        more: Math.max(0, (crowd.tiers[i]?.length ?? 0) - TIER_ITEMS),
      };
      const images = byId && picturesOf(items.map((item) => byId.get(item.id)));
      return images ? { ...row, images } : row;
    });
  }
  return card;
}

/**
 * The pictures the preview image draws, each once (by address): its leaders', or its tier
 * list's, or its first items' when it has no leaders.
 */
export function previewPictures(card: PublicCard): CardPicture[] {
  const drawn = card.tiers
    ? card.tiers.flatMap((tier) => tier.images ?? [])
    : card.leaders
      ? card.leaders.slice(0, PREVIEW_LEADERS).map((leader) => leader.image ?? null)
      : (card.itemImages ?? []).slice(0, PREVIEW_ITEMS);
  const byUrl = new Map<string, CardPicture>();
  for (const picture of drawn) if (picture) byUrl.set(picture.thumbUrl, picture);
  return [...byUrl.values()];
}

/** A leader's evidence in a few words, as the results page's rows give it. */
export function leaderNote(evidence: Evidence): string {
  switch (evidence.method) {
    case 'mean':
      return `${Math.round(evidence.firstShare * 100)}% first`;
    case 'borda':
      return evidence.points === 1 ? '1 point' : `${evidence.points} points`;
    case 'schulze':
      return `beats ${evidence.wins}, loses to ${evidence.losses}`;
    case 'irv':
      return evidence.won ? `wins round ${evidence.round}` : `out in round ${evidence.round}`;
    case 'strength':
      return `wins ${Math.round((evidence.duels > 0 ? evidence.wins / evidence.duels : 0) * 100)}% of duels`;
  }
}

/** How a card's leaders are counted, in words: "by average position". */
export const METHOD_WORDS: Record<Method, string> = {
  mean: 'by average position',
  borda: 'by Borda count',
  schulze: 'head to head (Schulze)',
  irv: 'by instant runoff',
  strength: 'by strength from duels',
};

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
