/**
 * What the results say in words: how divided the crowd is, where a player differs most from it,
 * who ranked most like them, and which methods disagree on the winner. Pure.
 */
import { METHOD_NAMES, type Method } from './methods';
import type { ItemResult } from './results';

/** 1st, 2nd, 3rd, 4th … 11th, 12th, 13th … 21st, 22nd. */
export function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  const suffix = ['th', 'st', 'nd', 'rd'][n % 10] ?? 'th';
  return `${n}${n % 10 > 3 ? 'th' : suffix}`;
}

/** A position in words: "first" and "last" at the ends, an ordinal between. */
function place(position: number, n: number): string {
  if (position === 1) return 'first';
  if (position === n) return 'last';
  return ordinal(position);
}

export type Controversy = {
  /** The item whose positions are most spread out (null below 3 rankings or 3 items). */
  mostDivisive: ItemResult | null;
  /** The item players agree on most. */
  mostAgreed: ItemResult | null;
  /** "Everyone put Pineapple last", when every ranking put one item at the same place. */
  unanimous: string | null;
};

export function controversy(items: readonly ItemResult[], submissions: number): Controversy {
  const n = items.length;
  const ranked = items.filter((item) => item.meanPosition !== null);
  const unanimousItem =
    submissions >= 2 ? items.find((item) => sharedPlace(item, submissions)) : undefined;
  const unanimous = unanimousItem
    ? `Everyone put ${unanimousItem.label} ${place(sharedPlace(unanimousItem, submissions) ?? 1, n)}`
    : null;
  if (submissions < 3 || n < 3 || ranked.length < 2) {
    return { mostDivisive: null, mostAgreed: null, unanimous };
  }
  // Stable: the first in the crowd's order wins a tie.
  const most = ranked.reduce((a, b) => (b.contested > a.contested ? b : a));
  const least = ranked.reduce((a, b) => (b.contested < a.contested ? b : a));
  return {
    mostDivisive: most.contested > least.contested ? most : null,
    mostAgreed: least,
    unanimous,
  };
}

/** The 1-based place every ranking gave this item, if they all agree. */
function sharedPlace(item: ItemResult, submissions: number): number | null {
  const p = item.distribution.findIndex((count) => count > 0);
  return p !== -1 && item.distribution[p] === submissions ? p + 1 : null;
}

export type Difference = { itemId: string; mine: number; crowd: number };

/**
 * Where a player's order differs most from the crowd's (1-based places; the item the crowd ranks
 * higher wins a tie). Null when every item they ranked sits where the crowd put it.
 */
export function biggestDifference(
  mine: readonly string[],
  consensus: readonly string[],
): Difference | null {
  const crowd = new Map(consensus.map((id, i) => [id, i + 1]));
  let best: Difference | null = null;
  mine.forEach((id, i) => {
    const theirs = crowd.get(id);
    if (theirs === undefined) return;
    const gap = Math.abs(theirs - (i + 1));
    if (gap === 0) return;
    const bestGap = best ? Math.abs(best.crowd - best.mine) : 0;
    if (gap > bestGap || (gap === bestGap && best && theirs < best.crowd)) {
      best = { itemId: id, mine: i + 1, crowd: theirs };
    }
  });
  return best;
}

/** "You put Anchovies 2nd; the crowd put it 9th". */
export function differenceText(difference: Difference, label: string): string {
  return `You put ${label} ${ordinal(difference.mine)}; the crowd put it ${ordinal(difference.crowd)}`;
}

/**
 * Which other ballot is closest to `mine`: the smallest total displacement (Spearman's footrule)
 * over the items both hold, ties to the earlier ballot. Ballots without a shown name are skipped.
 * Returns that ballot's index, or -1.
 */
export function closestBallot(
  mine: readonly string[],
  ballots: readonly { name: string | null; ranking: readonly string[] }[],
): number {
  const position = new Map(mine.map((id, i) => [id, i]));
  let best = -1;
  let bestDistance = Infinity;
  ballots.forEach((ballot, index) => {
    if (!ballot.name) return;
    let distance = 0;
    let shared = 0;
    ballot.ranking.forEach((id, i) => {
      const p = position.get(id);
      if (p === undefined) return;
      distance += Math.abs(p - i);
      shared++;
    });
    if (shared < 2) return;
    if (distance < bestDistance) {
      bestDistance = distance;
      best = index;
    }
  });
  return best;
}

const REASONS: Record<Method, string> = {
  mean: 'it has the best average position',
  borda: 'it collects the most points',
  schulze: 'it wins the strongest chains of head-to-head duels',
  irv: 'it wins the instant runoff after the others drop out',
};

/**
 * When methods crown different winners: one sentence per other winner, naming the methods that
 * crown it, e.g. "Schulze crowns Mushrooms: it beats every other item head to head" or
 * "Average position and Borda count crown Tea: it has the best average position".
 */
export function disagreements(
  winners: Partial<Record<Method, string | null>>,
  shown: Method,
  labels: ReadonlyMap<string, string>,
  condorcetWinner: string | null,
): string[] {
  const shownWinner = winners[shown];
  const byWinner = new Map<string, Method[]>();
  for (const [method, winner] of Object.entries(winners) as [Method, string | null][]) {
    if (method === shown || !winner || winner === shownWinner || !labels.has(winner)) continue;
    byWinner.set(winner, [...(byWinner.get(winner) ?? []), method]);
  }
  return [...byWinner].map(([winner, methods]) => {
    const reason =
      methods.includes('schulze') && winner === condorcetWinner
        ? 'it beats every other item head to head'
        : REASONS[methods[0] as Method];
    const names = listText(methods.map((method) => METHOD_NAMES[method]));
    const verb = methods.length > 1 ? 'crown' : 'crowns';
    return `${names} ${verb} ${labels.get(winner)}: ${reason}`;
  });
}

/** "A", "A and B", "A, B and C". */
function listText(parts: readonly string[]): string {
  return parts.length <= 1
    ? (parts[0] ?? '')
    : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}
