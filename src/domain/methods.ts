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

/** The methods every game counts by. */
export const METHODS = ['mean', 'borda', 'schulze', 'irv'] as const;
/**
 * A duel game's headline method (decisions 0057 and 0066): Bradley–Terry strength from the
 * answers, counted beside the four and only for duel games.
 */
export const STRENGTH = 'strength';
export type Method = (typeof METHODS)[number] | typeof STRENGTH;
/**
 * The results' and share cards' refusal of a method: every method, `strength` with where it
 * applies (decision 0067), for an unknown method and for `strength` asked of another kind alike.
 */
export const METHOD_MESSAGE = `Method must be one of: ${METHODS.join(', ')}, ${STRENGTH} (duel games only)`;

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
 * Borda: an item at place p of n gets n - p points (places past n, from rankings made before
 * items were removed, count as last). Tied items split the points of the places they share, so a
 * tied item gets n - its mean place; unranked items tie for the places after the ranked ones
 * (decision 0043). With every ranking complete this is the mean order; it can differ only for
 * items nobody ranked.
 */
export function bordaOrder(results: Results): MethodOrder {
  return byScore(results, new Map(results.items.map((item) => [item.id, bordaPoints(item)])));
}

/**
 * An item's Borda points: n - p for every ballot that put it at place p of n (a tied item at its
 * mean place, an unranked one at the mean of the places after the ballot's ranked items).
 */
export function bordaPoints(item: ItemResult): number {
  const n = item.distribution.length;
  const ranked = item.distribution.reduce((sum, count, p) => sum + count * (n - 1 - p), 0);
  return item.unranked ? ranked + item.unranked.count * n - item.unranked.places : ranked;
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
 * Instant runoff from the ballots (weak orders: groups of item ids, best first; ids not among
 * `items` are skipped). Each round counts every ballot for its best group still in, split equally
 * among that group's items still in (a tie at the top gives each of 3 items a third of the
 * ballot); the item with the fewest is dropped (ties: the one lower in the mean order), until one
 * is left. The order is the last one standing, then the others in reverse order of dropping out.
 * A ballot whose items are all out counts no more. Fractional counts are rounded to 9 decimals
 * (so equal shares compare equal on every machine).
 */
export function irvOrder(
  ballots: readonly (readonly (readonly string[])[])[],
  items: readonly Item[],
  meanRank: readonly string[],
): MethodOrder & { rounds: IrvRound[] } {
  const index = new Map(meanRank.map((id, i) => [id, i]));
  const ids = items.map((item) => item.id).filter((id) => index.has(id));
  ids.sort((a, b) => (index.get(a) ?? 0) - (index.get(b) ?? 0));
  const slot = new Map(ids.map((id, i) => [id, i]));
  const plain = ballots.every((ballot) => ballot.every((group) => group.length === 1));
  const { dropped, last, votesOf, anyBallot, rounds } = plain
    ? plainRunoff(ballots, ids, slot)
    : weakRunoff(ballots, ids, slot);
  if (last !== -1) {
    rounds.push({ counts: { [ids[last] as string]: votesOf(last) }, eliminated: null });
  }
  const order = [
    ...(last === -1 ? [] : [ids[last] as string]),
    ...dropped.reverse().map((s) => ids[s] as string),
  ];
  return { order, winner: anyBallot ? (order[0] ?? null) : null, rounds };
}

type Runoff = {
  dropped: number[];
  /** The slot left standing, -1 when there are no items. */
  last: number;
  votesOf: (slot: number) => number;
  anyBallot: boolean;
  rounds: IrvRound[];
};

/**
 * The runoff's rounds, given how to read a slot's votes and what dropping a slot does to the
 * ballots it holds: drops the fewest (among equals the later in the mean order, the higher slot).
 */
function runRounds(
  ids: readonly string[],
  votesOf: (slot: number) => number,
  drop: (slot: number, out: Uint8Array) => void,
): { dropped: number[]; last: number; rounds: IrvRound[] } {
  const out = new Uint8Array(ids.length);
  const rounds: IrvRound[] = [];
  const dropped: number[] = [];
  for (let left = ids.length; left > 1; left--) {
    const counts: Record<string, number> = {};
    let loser = -1;
    let fewest = Infinity;
    for (let s = 0; s < ids.length; s++) {
      if (out[s]) continue;
      const votes = votesOf(s);
      counts[ids[s] as string] = votes;
      if (votes <= fewest) {
        loser = s;
        fewest = votes;
      }
    }
    out[loser] = 1;
    dropped.push(loser);
    rounds.push({ counts, eliminated: ids[loser] as string });
    drop(loser, out);
  }
  return { dropped, last: out.findIndex((isOut) => !isOut), rounds };
}

/** Ballots of one item per group: whole votes, kept in a few typed arrays for 100k ballots. */
function plainRunoff(
  ballots: readonly (readonly (readonly string[])[])[],
  ids: readonly string[],
  slot: ReadonlyMap<string, number>,
): Runoff {
  // Every ballot's item slots in one flat array (ballot b is flat[start[b]] … flat[start[b + 1]]),
  // and a pointer to its best item still in: 100k ballots stay a few typed arrays.
  const start = new Int32Array(ballots.length + 1);
  let size = 0;
  for (const ballot of ballots) size += ballot.length;
  const flat = new Int32Array(size);
  let at = 0;
  ballots.forEach((ballot, b) => {
    start[b] = at;
    for (const group of ballot) {
      const s = slot.get(group[0] as string);
      if (s !== undefined) flat[at++] = s;
    }
  });
  start[ballots.length] = at;
  const pointer = start.slice(0, ballots.length);
  // Ballots grouped by the slot they count for now: a drop-out moves only its own ballots.
  const holders: number[][] = ids.map(() => []);
  for (let b = 0; b < ballots.length; b++) {
    if ((start[b] as number) < (start[b + 1] as number))
      holders[flat[start[b] as number] as number]?.push(b);
  }
  const votesOf = (s: number) => (holders[s] as number[]).length;
  const result = runRounds(ids, votesOf, (loser, out) => {
    for (const b of holders[loser] as number[]) {
      const end = start[b + 1] as number;
      let p = (pointer[b] as number) + 1;
      while (p < end && out[flat[p] as number]) p++;
      pointer[b] = p;
      if (p < end) (holders[flat[p] as number] as number[]).push(b);
    }
    holders[loser] = [];
  });
  return { ...result, votesOf, anyBallot: at > 0 };
}

/**
 * Ballots with ties: each ballot counts for its best group with items still in, 1/m to each of
 * its m items still in. Per slot, how many ballots give it 1/m for each m, so its votes are the
 * same sum of fractions whatever order the ballots moved in.
 */
function weakRunoff(
  ballots: readonly (readonly (readonly string[])[])[],
  ids: readonly string[],
  slot: ReadonlyMap<string, number>,
): Runoff {
  const groupsOf = ballots.map((ballot) =>
    ballot
      .map((group) => group.flatMap((id) => slot.get(id) ?? []))
      .filter((group) => group.length > 0),
  );
  const current = new Int32Array(ballots.length);
  const live = new Int32Array(ballots.length);
  const holders: number[][] = ids.map(() => []);
  // shares[s * width + m] = ballots giving slot s a 1/m share (m = items still in its group).
  let width = 2;
  for (const groups of groupsOf)
    for (const group of groups) width = Math.max(width, group.length + 1);
  const shares = new Int32Array(ids.length * width);
  const out = new Uint8Array(ids.length);
  /** Moves ballot b to its next group with items still in, from group g on. */
  const seat = (b: number, g: number) => {
    const groups = groupsOf[b] as number[][];
    for (; g < groups.length; g++) {
      const group = groups[g] as number[];
      let m = 0;
      for (const s of group) if (!out[s]) m++;
      if (m === 0) continue;
      current[b] = g;
      live[b] = m;
      for (const s of group) {
        if (out[s]) continue;
        shares[s * width + m] = (shares[s * width + m] as number) + 1;
        (holders[s] as number[]).push(b);
      }
      return;
    }
    current[b] = g;
    live[b] = 0;
  };
  groupsOf.forEach((_, b) => seat(b, 0));
  const votesOf = (s: number) => {
    let votes = 0;
    for (let m = 1; m < width; m++) votes += (shares[s * width + m] as number) / m;
    return Math.round(votes * 1e9) / 1e9;
  };
  const result = runRounds(ids, votesOf, (loser) => {
    out[loser] = 1;
    for (const b of holders[loser] as number[]) {
      const m = live[b] as number;
      if (m > 1) {
        // The rest of its group shares the ballot: each goes from 1/m to 1/(m - 1).
        live[b] = m - 1;
        for (const s of (groupsOf[b] as number[][])[current[b] as number] as number[]) {
          if (out[s]) continue;
          shares[s * width + m] = (shares[s * width + m] as number) - 1;
          shares[s * width + m - 1] = (shares[s * width + m - 1] as number) + 1;
        }
      } else seat(b, (current[b] as number) + 1);
    }
    holders[loser] = [];
    shares.fill(0, loser * width, (loser + 1) * width);
  });
  return { ...result, votesOf, anyBallot: groupsOf.some((groups) => groups.length > 0) };
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
