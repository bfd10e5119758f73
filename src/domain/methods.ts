/**
 * Four ways to combine rankings into one order, each explainable in a sentence (the web's
 * results catalog words their names and explanations). Mean position,
 * Borda and Schulze come from the incremental tally; instant runoff needs the ballots. Pure.
 *
 * Ties are always broken by the mean order (which itself breaks ties head to head, then by label),
 * so every method gives one order, the same on every server and browser.
 */
import type { Item } from './game';
import type { ItemResult, Results } from './results';

export const METHODS = ['mean', 'borda', 'schulze', 'irv'] as const;
export type Method = (typeof METHODS)[number];

/** An order of item ids, best first, and its winner (null when nobody ranked). */
export type MethodOrder = { order: string[]; winner: string | null };

/** One instant-runoff round: first choices per item still in, and who dropped out after it. */
export type IrvRound = { counts: Record<string, number>; eliminated: string | null };

/** The mean order: `summarize`'s. */
export function meanOrder(results: Results): MethodOrder {
  const order = results.items.map((item) => item.id);
  return { order, winner: results.submissions > 0 ? (order[0] ?? null) : null };
}

/**
 * Borda: an item at position p of n gets n - p points (positions past n, from rankings made before
 * items were removed, count as last). With every ranking complete this is the mean order; it
 * differs when items were added later (fewer rankings hold them).
 */
export function bordaOrder(results: Results): MethodOrder {
  return byScore(results, new Map(results.items.map((item) => [item.id, bordaPoints(item)])));
}

/** An item's Borda points: n - p for every ranking that put it at place p of n. */
export function bordaPoints(item: ItemResult): number {
  return item.distribution.reduce(
    (sum, count, p) => sum + count * (item.distribution.length - 1 - p),
    0,
  );
}

/**
 * Schulze: the strength of the strongest path of duels from a to b (a path is as strong as its
 * weakest duel won); a ranks above b when its path to b is stronger than b's to a. Orders by how
 * many items each one beats that way, which is a consistent order because the relation is
 * transitive.
 */
export function schulzeOrder(results: Results): MethodOrder {
  return schulzeOrderOf(results, schulzePaths(results));
}

/**
 * The strongest paths: strength[i][j] is how strong the strongest chain of duels from item i to
 * item j is (indexes into `results.items`; 0 when there is none). O(n³).
 */
export function schulzePaths(results: Results): number[][] {
  const ids = results.items.map((item) => item.id);
  const n = ids.length;
  const duel = (a: string, b: string) => duelCount(results.headToHead, a, b);
  const strength = ids.map((a) =>
    ids.map((b) => (a !== b && duel(a, b) > duel(b, a) ? duel(a, b) : 0)),
  );
  for (let i = 0; i < n; i++) {
    const via = strength[i] as number[];
    for (let j = 0; j < n; j++) {
      if (j === i) continue;
      const from = strength[j] as number[];
      const toVia = from[i] as number;
      if (toVia === 0) continue;
      for (let k = 0; k < n; k++) {
        if (k === i || k === j) continue;
        const through = Math.min(toVia, via[k] as number);
        if (through > (from[k] as number)) from[k] = through;
      }
    }
  }
  return strength;
}

/** Schulze's order from its strongest paths (`schulzePaths` of the same results). */
export function schulzeOrderOf(
  results: Results,
  strength: readonly (readonly number[])[],
): MethodOrder {
  const ids = results.items.map((item) => item.id);
  const beats = new Map(
    ids.map((a, i) => [
      a,
      ids.reduce(
        (wins, _b, j) => wins + Number((strength[i]?.[j] ?? 0) > (strength[j]?.[i] ?? 0)),
        0,
      ),
    ]),
  );
  return byScore(results, beats);
}

/**
 * Schulze's winner without the O(n³) paths when the results name a Condorcet winner (who always
 * is Schulze's winner); the full computation otherwise.
 */
export function schulzeWinner(results: Results): string | null {
  if (results.submissions === 0) return null;
  return results.condorcetWinner ?? schulzeOrder(results).winner;
}

/**
 * Instant runoff from the ballots (item ids best first; ids not among `items` are skipped). Each
 * round counts every ballot for its best item still in; the item with the fewest is dropped (ties:
 * the one lower in the mean order), until one is left. The order is the last one standing, then
 * the others in reverse order of dropping out. A ballot whose items are all out counts no more.
 */
export function irvOrder(
  ballots: readonly (readonly string[])[],
  items: readonly Item[],
  meanRank: readonly string[],
): MethodOrder & { rounds: IrvRound[] } {
  const index = new Map(meanRank.map((id, i) => [id, i]));
  const ids = items.map((item) => item.id).filter((id) => index.has(id));
  ids.sort((a, b) => (index.get(a) ?? 0) - (index.get(b) ?? 0));
  const slot = new Map(ids.map((id, i) => [id, i]));
  // Every ballot's item slots in one flat array (ballot b is flat[start[b]] … flat[start[b + 1]]),
  // and a pointer to its best item still in: 100k ballots stay a few typed arrays.
  const start = new Int32Array(ballots.length + 1);
  let size = 0;
  for (const ballot of ballots) size += ballot.length;
  const flat = new Int32Array(size);
  let at = 0;
  ballots.forEach((ballot, b) => {
    start[b] = at;
    for (const id of ballot) {
      const s = slot.get(id);
      if (s !== undefined) flat[at++] = s;
    }
  });
  start[ballots.length] = at;
  const out = new Uint8Array(ids.length);
  const pointer = start.slice(0, ballots.length);
  // Ballots grouped by the slot they count for now: a drop-out moves only its own ballots.
  const holders: number[][] = ids.map(() => []);
  for (let b = 0; b < ballots.length; b++) {
    if ((start[b] as number) < (start[b + 1] as number))
      holders[flat[start[b] as number] as number]?.push(b);
  }

  const rounds: IrvRound[] = [];
  const dropped: number[] = [];
  for (let left = ids.length; left > 1; left--) {
    const counts: Record<string, number> = {};
    let loser = -1;
    for (let s = 0; s < ids.length; s++) {
      if (out[s]) continue;
      const votes = (holders[s] as number[]).length;
      counts[ids[s] as string] = votes;
      // Fewest votes; among equals the later in the mean order (higher slot).
      if (loser === -1 || votes <= (holders[loser] as number[]).length) loser = s;
    }
    out[loser] = 1;
    dropped.push(loser);
    rounds.push({ counts, eliminated: ids[loser] as string });
    for (const b of holders[loser] as number[]) {
      const end = start[b + 1] as number;
      let p = (pointer[b] as number) + 1;
      while (p < end && out[flat[p] as number]) p++;
      pointer[b] = p;
      if (p < end) (holders[flat[p] as number] as number[]).push(b);
    }
    holders[loser] = [];
  }
  const last = out.findIndex((isOut) => !isOut);
  if (last !== -1) {
    rounds.push({
      counts: { [ids[last] as string]: (holders[last] as number[]).length },
      eliminated: null,
    });
  }
  const order = [
    ...(last === -1 ? [] : [ids[last] as string]),
    ...dropped.reverse().map((s) => ids[s] as string),
  ];
  const anyBallot = at > 0;
  return { order, winner: anyBallot ? (order[0] ?? null) : null, rounds };
}

/** Orders by score, highest first; equal scores keep the mean order. */
function byScore(results: Results, score: Map<string, number>): MethodOrder {
  const order = results.items
    .map((item, rank) => ({ id: item.id, rank, score: score.get(item.id) ?? 0 }))
    .sort((a, b) => b.score - a.score || a.rank - b.rank)
    .map((entry) => entry.id);
  return { order, winner: results.submissions > 0 ? (order[0] ?? null) : null };
}

/** How many rankings put a above b (0 when the matrix has no such count). */
export function duelCount(
  matrix: Record<string, Record<string, number>>,
  a: string,
  b: string,
): number {
  const row = Object.hasOwn(matrix, a) ? matrix[a] : undefined;
  const value = row && Object.hasOwn(row, b) ? row[b] : undefined;
  return typeof value === 'number' ? value : 0;
}

/** The results' items in the given order (ids not in the results are skipped). */
export function reorder(results: Results, order: readonly string[]): ItemResult[] {
  const byId = new Map(results.items.map((item) => [item.id, item]));
  return order.flatMap((id) => byId.get(id) ?? []);
}
