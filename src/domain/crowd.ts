/**
 * What the results say in words: how divided the crowd is, where a player differs most from it,
 * who ranked most like them. Pure. (Which methods disagree on the winner: methods-standings.ts.)
 */
import { groupsOfRanking } from './ballot';
import type { ItemResult, WeakOrder } from './results';

/**
 * One item every ranking put at the same place. The web words it ("Everyone put Pineapple last"):
 * `place` is 1-based, and `last` says it is the last place.
 */
export type Unanimous = { item: ItemResult; place: number; last: boolean };

export type Controversy = {
  /** The item whose positions are most spread out (null below 3 rankings or 3 items). */
  mostDivisive: ItemResult | null;
  /** The item players agree on most. */
  mostAgreed: ItemResult | null;
  /** When every ranking put one item at the same place ("Everyone put Pineapple last"). */
  unanimous: Unanimous | null;
};

export function controversy(items: readonly ItemResult[], submissions: number): Controversy {
  const n = items.length;
  const ranked = items.filter((item) => item.meanPosition !== null);
  const unanimousItem =
    submissions >= 2 ? items.find((item) => sharedPlace(item, submissions)) : undefined;
  const shared = unanimousItem ? (sharedPlace(unanimousItem, submissions) ?? 1) : 0;
  const unanimous: Unanimous | null = unanimousItem
    ? { item: unanimousItem, place: shared, last: shared === n && n > 1 }
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

/** How coarsely another player's agreement with the viewer is shown (percentage points). */
export const CLOSEST_AGREEMENT_STEP = 10;

/**
 * Another player's agreement with the viewer, to the nearest CLOSEST_AGREEMENT_STEP (decision
 * 0033): the exact figure, read after each of one's own re-rankings, let a player rebuild that
 * player's private ballot by trial and error. The nearest 10% hides a swap or two, so the last
 * steps of such a search get no signal.
 */
export function coarseAgreement(exact: number | null): number | null {
  if (exact === null) return null;
  return Math.round(exact / CLOSEST_AGREEMENT_STEP) * CLOSEST_AGREEMENT_STEP;
}

/**
 * Which other ballot is closest to `mine`: the smallest total displacement (Spearman's footrule)
 * over the items both hold, ties to the earlier ballot. Ballots without a shown name are skipped.
 * Returns that ballot's index, or -1. Rankings (item ids best first); for any ballot kind:
 * `closestWeakBallot`.
 */
export function closestBallot(
  mine: readonly string[],
  ballots: readonly { name: string | null; ranking: readonly string[] }[],
): number {
  return closestWeakBallot(
    groupsOfRanking(mine),
    ballots.map((ballot) => ({ name: ballot.name, groups: groupsOfRanking(ballot.ranking) })),
  );
}

/**
 * `closestBallot` for ballots of any kind (weak orders): an item's place is its group's index
 * (a ranking's position, a tier ballot's tier), and the footrule runs over the items both ballots
 * rank; two full rankings get exactly `closestBallot`'s answer. Linear in the ballots' sizes, so
 * it stays cheap over a game's 100k ballots.
 */
export function closestWeakBallot(
  mine: WeakOrder,
  ballots: readonly { name: string | null; groups: WeakOrder }[],
): number {
  const place = new Map<string, number>();
  mine.forEach((group, g) => {
    for (const id of group) place.set(id, g);
  });
  let best = -1;
  let bestDistance = Infinity;
  ballots.forEach((ballot, index) => {
    if (!ballot.name) return;
    let distance = 0;
    let shared = 0;
    ballot.groups.forEach((group, g) => {
      for (const id of group) {
        const p = place.get(id);
        if (p === undefined) continue;
        distance += Math.abs(p - g);
        shared++;
      }
    });
    if (shared < 2) return;
    if (distance < bestDistance) {
      bestDistance = distance;
      best = index;
    }
  });
  return best;
}
