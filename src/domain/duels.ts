/**
 * Duels (issue 28): "which is better?" two items at a time, for lists too long to rank. Pure
 * rules: which pair a player sees next, when they are done, the crowd's strengths
 * (Bradley–Terry) with an uncertainty band, and the order a player's own answers imply.
 *
 * Answers are `{ a, b, winner }` with `winner` one of the two, or null for "can't decide" (half
 * a win each: a tie tells as much about closeness as a pick does about order).
 */

/** What a player is told when a duel request is refused (decision 0060). */
export const DUEL_MESSAGES = {
  notDuelGame: 'This game does not ask for duels',
  unknownItem: 'A duel is between two items of this game',
  sameItem: 'A duel needs two different items',
  badWinner: "The winner must be a or b, or null for can't decide",
  notOffered: 'That pair was not offered to you',
  alreadyAnswered: 'That pair was already answered',
} as const;

export type DuelAnswer = { a: string; b: string; winner: string | null };

/** The crowd's duels so far, as pair selection reads them. */
export type DuelCrowd = {
  /** Duels each item has been in (every player), by item id. */
  exposure: ReadonlyMap<string, number>;
  /** Log-strengths as last fitted (0 for an item nobody has seen). */
  strength: ReadonlyMap<string, number>;
  /** How often each pair has been compared (key: pairKey). */
  compared: ReadonlyMap<string, number>;
};

/** A pair's key, the same whichever item comes first. */
export function pairKey(a: string, b: string): string {
  return a < b ? `${a}\u0000${b}` : `${b}\u0000${a}`;
}

/**
 * How many duels a player answers before they are done: about n·log2(n) for n items (a
 * comparison sort's worst case, which a crowd shares between its players), never more than
 * there are pairs. 3 items: 3 duels; 10: 34; 50: 283; 200: 1,529.
 */
export function duelBudget(itemCount: number): number {
  if (itemCount < 2) return 0;
  const pairs = (itemCount * (itemCount - 1)) / 2;
  return Math.min(pairs, Math.ceil(itemCount * Math.log2(itemCount)));
}

/** How far a player is: duels answered of their budget (0–1). */
export function duelProgress(answered: number, itemCount: number): number {
  const budget = duelBudget(itemCount);
  return budget === 0 ? 1 : Math.min(1, answered / budget);
}

/**
 * How much the crowd would learn from one more answer on a pair: highest when the two are
 * close in strength (the outcome is a coin toss) and the pair has rarely been compared.
 */
export function pairUncertainty(crowd: DuelCrowd, a: string, b: string): number {
  const p = winChance(crowd.strength.get(a) ?? 0, crowd.strength.get(b) ?? 0);
  const closeness = 4 * p * (1 - p); // 1 for an even pair, towards 0 for a settled one
  return closeness / Math.sqrt(1 + (crowd.compared.get(pairKey(a, b)) ?? 0));
}

/**
 * The next pair for a player who has already answered `seen` (pair keys), or null when they
 * are done (their budget is spent or no new pair is left).
 *
 * Exposure comes first: the pair is made of the least-seen items that still form a pair new
 * to this player (so new items are seen first, and every item's count stays within one or two
 * of the others'); among the pairs that keep exposure that even, the one the crowd is least sure
 * about wins. `random` breaks ties, so two players with the same history get different pairs.
 */
export function nextDuelPair(
  itemIds: readonly string[],
  crowd: DuelCrowd,
  seen: ReadonlySet<string>,
  random: () => number = Math.random,
): [string, string] | null {
  if (seen.size >= duelBudget(itemIds.length)) return null;
  const jitter = new Map(itemIds.map((id) => [id, random()]));
  const exposure = (id: string) => crowd.exposure.get(id) ?? 0;
  const byExposure = [...itemIds].sort(
    (x, y) => exposure(x) - exposure(y) || jitter.get(x)! - jitter.get(y)!,
  );
  for (const first of byExposure) {
    const open = byExposure.filter((other) => other !== first && !seen.has(pairKey(first, other)));
    if (open.length === 0) continue;
    const least = exposure(open[0]!);
    let best: string | undefined;
    let bestScore = -Infinity;
    for (const other of open) {
      if (exposure(other) > least + 1) break;
      const score = pairUncertainty(crowd, first, other) - (exposure(other) - least) * 0.25;
      if (score > bestScore) {
        bestScore = score;
        best = other;
      }
    }
    // Shown in a random order: the first place on screen must not favour the less-seen item.
    if (best !== undefined) return random() < 0.5 ? [first, best] : [best, first];
  }
  return null;
}

/** The chance that an item of log-strength `a` beats one of `b` (Bradley–Terry). */
export function winChance(a: number, b: number): number {
  return 1 / (1 + Math.exp(b - a));
}

export type DuelStanding = {
  id: string;
  /** Log-strength, centred on 0 (the items' mean). */
  strength: number;
  /** The 95 % band of the strength: low and high. */
  low: number;
  high: number;
  /** Duels won (ties count a half) and duels in. */
  wins: number;
  duels: number;
};

/**
 * Pseudo-duels each item plays against an average item before any real answer, a win and a
 * loss: keeps strengths finite for an item that always wins or always loses, and pulls an item
 * seen twice towards the middle more than one seen two hundred times.
 */
const PRIOR_DUELS = 1;

/**
 * The crowd's strengths from every answer: a Bradley–Terry model fitted by Hunter's MM
 * iterations (each step raises the likelihood; stops when strengths move less than 1e-6 or after
 * 500 steps), with the prior above, centred on a mean log-strength of 0. The band is ±1.96
 * standard errors from the fit's information (each duel of i against j adds p·(1 − p)).
 * Best first; equal strengths in item order.
 */
export function duelStandings(
  itemIds: readonly string[],
  answers: readonly DuelAnswer[],
): DuelStanding[] {
  return duelStandingsOfCounts(itemIds, addDuelAnswers(undefined, answers));
}

/**
 * The crowd's answers as counts, kept in the game's tally (results.ts `Tally.duels`): `wins[w][l]`
 * answers picking w over l, `ties[a][b]` (a < b in code-unit order) "can't decide" answers. Only
 * non-zero counts; `ties` absent when empty.
 */
export type DuelCounts = {
  wins: Record<string, Record<string, number>>;
  ties?: Record<string, Record<string, number>>;
};

/** `counts` (none: nothing yet) with `answers` added, as a new object. */
export function addDuelAnswers(
  counts: DuelCounts | undefined,
  answers: readonly DuelAnswer[],
): DuelCounts {
  const next: DuelCounts = { wins: copyCounts(counts?.wins) };
  const ties = copyCounts(counts?.ties);
  for (const { a, b, winner } of answers) {
    if (a === b || a === '__proto__' || b === '__proto__') continue;
    if (winner === null) {
      const [low, high] = a < b ? [a, b] : [b, a];
      const row = (ties[low] ??= {});
      row[high] = (row[high] ?? 0) + 1;
      continue;
    }
    const loser = winner === a ? b : a;
    const row = (next.wins[winner] ??= {});
    row[loser] = (row[loser] ?? 0) + 1;
  }
  if (Object.keys(ties).length > 0) next.ties = ties;
  return next;
}

/**
 * `counts` without `answers` (each counted once before: a deleted player's, a guest's answer
 * their account had made too), as a new object; counts that reach 0 leave, none goes below.
 */
export function removeDuelAnswers(
  counts: DuelCounts | undefined,
  answers: readonly DuelAnswer[],
): DuelCounts {
  const next: DuelCounts = { wins: copyCounts(counts?.wins) };
  const ties = copyCounts(counts?.ties);
  const take = (pairs: Record<string, Record<string, number>>, a: string, b: string) => {
    if (!Object.hasOwn(pairs, a) || !Object.hasOwn(pairs[a]!, b)) return;
    const row = pairs[a]!;
    if (row[b]! > 1) row[b]! -= 1;
    else delete row[b];
    if (Object.keys(row).length === 0) delete pairs[a];
  };
  for (const { a, b, winner } of answers) {
    if (a === b) continue;
    if (winner === null) take(ties, a < b ? a : b, a < b ? b : a);
    else take(next.wins, winner, winner === a ? b : a);
  }
  if (Object.keys(ties).length > 0) next.ties = ties;
  return next;
}

function copyCounts(
  pairs: Record<string, Record<string, number>> | undefined,
): Record<string, Record<string, number>> {
  const copy: Record<string, Record<string, number>> = {};
  if (!pairs) return copy;
  for (const [id, row] of Object.entries(pairs)) copy[id] = { ...row };
  return copy;
}

/** Answers picking `a` over `b` in `counts` (own keys only). */
function countOf(pairs: DuelCounts['wins'] | undefined, a: string, b: string): number {
  if (!pairs || !Object.hasOwn(pairs, a)) return 0;
  const row = pairs[a]!;
  return Object.hasOwn(row, b) ? row[b]! : 0;
}

/**
 * What pair selection reads of the crowd (`DuelCrowd`), from the counts and the last fitted
 * standings: each item's duels, each pair's comparisons, log-strengths.
 */
export function duelCrowd(
  counts: DuelCounts | undefined,
  standings: readonly DuelStanding[],
): DuelCrowd {
  const exposure = new Map<string, number>();
  const compared = new Map<string, number>();
  const add = (pairs: DuelCounts['wins'] | undefined) => {
    if (!pairs) return;
    for (const [a, row] of Object.entries(pairs)) {
      for (const [b, count] of Object.entries(row)) {
        exposure.set(a, (exposure.get(a) ?? 0) + count);
        exposure.set(b, (exposure.get(b) ?? 0) + count);
        const key = pairKey(a, b);
        compared.set(key, (compared.get(key) ?? 0) + count);
      }
    }
  };
  add(counts?.wins);
  add(counts?.ties);
  return {
    exposure,
    compared,
    strength: new Map(standings.map((standing) => [standing.id, standing.strength])),
  };
}

/**
 * The head-to-head matrix of a duel game: each answer is one preference between its two items
 * (`headToHead[a][b]`: answers picking a over b), "can't decide" none; items of `itemIds` only.
 */
export function duelHeadToHead(
  counts: DuelCounts | undefined,
  itemIds: readonly string[],
): Record<string, Record<string, number>> {
  const known = new Set(itemIds);
  const matrix: Record<string, Record<string, number>> = {};
  for (const a of itemIds) {
    const row: Record<string, number> = {};
    for (const b of itemIds) {
      const count = a === b || !known.has(b) ? 0 : countOf(counts?.wins, a, b);
      if (count > 0) row[b] = count;
    }
    if (Object.keys(row).length > 0) matrix[a] = row;
  }
  return matrix;
}

/** `duelStandings` on counts (`DuelCounts`) rather than a list of answers. */
export function duelStandingsOfCounts(
  itemIds: readonly string[],
  counts: DuelCounts | undefined,
): DuelStanding[] {
  const index = new Map(itemIds.map((id, i) => [id, i]));
  const n = itemIds.length;
  const wins = new Array<number>(n).fill(0);
  const duels = new Array<number>(n).fill(0);
  /** Comparisons per pair (i < j packed as i * n + j). */
  const pairs = new Map<number, number>();
  const add = (source: DuelCounts['wins'] | undefined, tie: boolean) => {
    if (!source) return;
    for (const [a, row] of Object.entries(source)) {
      const i = index.get(a);
      if (i === undefined) continue;
      for (const [b, count] of Object.entries(row)) {
        const j = index.get(b);
        if (j === undefined || i === j || !(count > 0)) continue;
        duels[i]! += count;
        duels[j]! += count;
        if (tie) {
          wins[i]! += count / 2;
          wins[j]! += count / 2;
        } else wins[i]! += count;
        const key = Math.min(i, j) * n + Math.max(i, j);
        pairs.set(key, (pairs.get(key) ?? 0) + count);
      }
    }
  };
  add(counts?.wins, false);
  add(counts?.ties, true);
  // Strengths as positive numbers (exp of log-strength); the prior's opponent has strength 1.
  let s = new Array<number>(n).fill(1);
  for (let step = 0; step < 500; step++) {
    const denominators = s.map((si) => (2 * PRIOR_DUELS) / (si + 1));
    for (const [key, count] of pairs) {
      const i = Math.floor(key / n);
      const j = key % n;
      const share = count / (s[i]! + s[j]!);
      denominators[i]! += share;
      denominators[j]! += share;
    }
    const next = s.map((_, i) => (wins[i]! + PRIOR_DUELS) / denominators[i]!);
    const moved = next.reduce(
      (most, value, i) => Math.max(most, Math.abs(Math.log(value / s[i]!))),
      0,
    );
    s = next;
    if (moved < 1e-6) break;
  }
  const logs = s.map(Math.log);
  const mean = logs.reduce((sum, value) => sum + value, 0) / Math.max(1, n);
  const information = logs.map((li) => 2 * PRIOR_DUELS * winChance(li, 0) * (1 - winChance(li, 0)));
  for (const [key, count] of pairs) {
    const i = Math.floor(key / n);
    const j = key % n;
    const p = winChance(logs[i]!, logs[j]!);
    information[i]! += count * p * (1 - p);
    information[j]! += count * p * (1 - p);
  }
  return itemIds
    .map((id, i) => {
      const strength = logs[i]! - mean;
      const margin = 1.96 / Math.sqrt(information[i]!);
      return {
        id,
        strength,
        low: strength - margin,
        high: strength + margin,
        wins: wins[i]!,
        duels: duels[i]!,
        position: i,
      };
    })
    .sort((x, y) => y.strength - x.strength || x.position - y.position)
    .map(({ position: _position, ...standing }) => standing);
}

/**
 * The order a player's own answers imply, best first: their wins minus losses in the duels they
 * answered (Copeland's score on their answers; a tie is neither), equal scores in the crowd's
 * order (`crowdOrder`, e.g. the standings), items they never saw after those they did, also in
 * the crowd's order. Mean position, Borda and "you vs the crowd" read this order like a ballot.
 */
export function impliedOrder(
  crowdOrder: readonly string[],
  answers: readonly DuelAnswer[],
): string[] {
  const score = new Map<string, number>();
  for (const answer of answers) {
    for (const id of [answer.a, answer.b]) if (!score.has(id)) score.set(id, 0);
    if (answer.winner === null) continue;
    const loser = answer.winner === answer.a ? answer.b : answer.a;
    score.set(answer.winner, (score.get(answer.winner) ?? 0) + 1);
    score.set(loser, (score.get(loser) ?? 0) - 1);
  }
  const place = new Map(crowdOrder.map((id, i) => [id, i]));
  const seen = crowdOrder.filter((id) => score.has(id));
  const unseen = crowdOrder.filter((id) => !score.has(id));
  seen.sort((x, y) => score.get(y)! - score.get(x)! || place.get(x)! - place.get(y)!);
  return [...seen, ...unseen];
}

/**
 * A duel player's ballot (decision 0060): the items they met, in the order their answers imply
 * (`impliedOrder`, ties in the crowd's order); the items they never met are unranked.
 */
export function duelBallot(
  crowdOrder: readonly string[],
  answers: readonly DuelAnswer[],
): string[] {
  const met = new Set(answers.flatMap((answer) => [answer.a, answer.b]));
  return impliedOrder(crowdOrder, answers).filter((id) => met.has(id));
}
