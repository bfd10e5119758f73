/**
 * The standings under one counting method: its order, each item's place (tied items share one:
 * "=2"), and the evidence the method decides by, so the results page, its winner and the share
 * image all say the same. The orders themselves come from methods.ts. Pure. Decision 0038.
 *
 * Ties: items share a place when the method's own figure cannot tell them apart (the order
 * between them still follows methods.ts's tie-breaks, so it is the same everywhere):
 * - mean: the same average position (items nobody ranked tie at the end);
 * - Borda: the same points;
 * - Schulze: neither one's strongest path to the other is stronger (they beat as many items);
 * - instant runoff: the lower one dropped out with as many ballots as the one above it had in
 *   that round (a coin-toss elimination, decided by the mean order);
 * - strength (duel games only): the same Bradley–Terry strength.
 *
 * Which method is the headline (the crowned winner, the page's default, the share card's) is
 * `headlineMethod`'s rule: strength for a duel game, the average position otherwise (decision
 * 0066).
 */
import {
  bordaOrder,
  bordaPoints,
  duelCount,
  meanOrder,
  METHODS,
  schulzeWinner,
  STRENGTH,
  schulzeOrderOf,
  schulzePaths,
  type IrvRound,
  type Method,
  type MethodOrder,
} from './methods';
import type { ItemResult, Results } from './results';

/** A Schulze path against one other item: how strong its own path is and how strong theirs. */
export type SchulzePath = { other: string; strength: number; against: number };

/** What a method decides by, for one item. */
export type Evidence =
  | { method: 'mean'; meanPosition: number | null; firstShare: number }
  | { method: 'borda'; points: number }
  | {
      method: 'schulze';
      /** Direct duels (the head-to-head matrix): items it beats, and items that beat it. */
      wins: number;
      losses: number;
      /** Strongest paths against every other item, in the standings' order. */
      paths: SchulzePath[];
    }
  | {
      method: 'strength';
      /** Bradley–Terry log-strength (0 is an average item) and its 95 % band. */
      strength: number;
      low: number;
      high: number;
      /** Duels won (a "can't decide" is half a win) and duels in. */
      wins: number;
      duels: number;
    }
  | {
      method: 'irv';
      /** 1-based round it dropped out in, or the last round for the winner. */
      round: number;
      /** Ballots it held in that round. */
      votes: number;
      won: boolean;
    };

export type Standing = {
  item: ItemResult;
  /** 1-based; tied items share the place of the first of them. */
  place: number;
  tied: boolean;
  evidence: Evidence;
};

export type Standings = {
  method: Method;
  rows: Standing[];
  /** The items at place 1 (more than one when they tie); empty before anyone ranked. */
  winners: string[];
};

/** Instant runoff's outcome, from the ballots (methods.ts `irvOrder`). */
export type Runoff = MethodOrder & { rounds: IrvRound[] };

/**
 * The standings under `method`. Instant runoff needs the runoff (the ballots' count); without one
 * its standings are not known yet: null.
 */
export function methodStandings(
  results: Results,
  method: Method,
  runoff: Runoff | null = null,
): Standings | null {
  const byId = new Map(results.items.map((item) => [item.id, item]));
  const points = (id: string) => {
    const item = byId.get(id);
    return item ? bordaPoints(item) : 0;
  };
  switch (method) {
    case 'mean':
      return standings(
        results,
        method,
        meanOrder(results),
        (item) => ({ method, meanPosition: item.meanPosition, firstShare: item.firstShare }),
        (above, below) => byId.get(above)?.meanPosition === byId.get(below)?.meanPosition,
      );
    case 'borda':
      return standings(
        results,
        method,
        bordaOrder(results),
        (item) => ({ method, points: bordaPoints(item) }),
        (above, below) => points(above) === points(below),
      );
    case 'schulze': {
      const strength = schulzePaths(results);
      const index = new Map(results.items.map((item, i) => [item.id, i]));
      const order = schulzeOrderOf(results, strength);
      const path = (a: string, b: string) =>
        strength[index.get(a) ?? -1]?.[index.get(b) ?? -1] ?? 0;
      return standings(
        results,
        method,
        order,
        (item) => {
          const others = order.order.filter((id) => id !== item.id);
          const duel = (a: string, b: string) => duelCount(results.headToHead, a, b);
          return {
            method,
            wins: others.filter((o) => duel(item.id, o) > duel(o, item.id)).length,
            losses: others.filter((o) => duel(o, item.id) > duel(item.id, o)).length,
            paths: others.map((o) => ({
              other: o,
              strength: path(item.id, o),
              against: path(o, item.id),
            })),
          };
        },
        (above, below) => path(above, below) === path(below, above),
      );
    }
    case 'strength': {
      if (!results.duels) return null;
      const strengths = new Map(results.duels.standings.map((row) => [row.id, row]));
      const order = results.duels.standings.map((row) => row.id).filter((id) => byId.has(id));
      const strengthOf = (id: string) => strengths.get(id)?.strength;
      return standings(
        results,
        method,
        { order, winner: results.submissions > 0 ? (order[0] ?? null) : null },
        (item) => {
          const row = strengths.get(item.id);
          return {
            method,
            strength: row?.strength ?? 0,
            low: row?.low ?? 0,
            high: row?.high ?? 0,
            wins: row?.wins ?? 0,
            duels: row?.duels ?? 0,
          };
        },
        (above, below) => strengthOf(above) === strengthOf(below),
      );
    }
    case 'irv': {
      if (!runoff) return null;
      const { rounds } = runoff;
      const out = new Map<string, number>();
      rounds.forEach((round, r) => {
        if (round.eliminated !== null) out.set(round.eliminated, r);
      });
      const last = rounds.length - 1;
      const roundOf = (id: string) => out.get(id) ?? last;
      return standings(
        results,
        method,
        { order: runoff.order.filter((id) => byId.has(id)), winner: runoff.winner },
        (item) => {
          const r = roundOf(item.id);
          return {
            method,
            round: r + 1,
            votes: rounds[r]?.counts[item.id] ?? 0,
            won: item.id === runoff.winner,
          };
        },
        (above, below) => {
          // The round the lower one dropped in: had the one above as few ballots?
          const counts = rounds[roundOf(below)]?.counts ?? {};
          return counts[above] === counts[below];
        },
      );
    }
  }
}

/**
 * The headline method: what crowns the winner, what the results page, its API and the share card
 * show unless asked for another. A duel game's is Bradley–Terry strength (issue 28: mean position
 * and Borda there read each player's implied order, a weaker signal); every other game's is the
 * average position (decision 0038).
 */
export function headlineMethod(results: Results): Method {
  return results.duels ? STRENGTH : 'mean';
}

/** The methods these results can be counted by, the headline first. */
export function methodsOf(results: Results): Method[] {
  return results.duels ? [STRENGTH, ...METHODS] : [...METHODS];
}

/** The crowd's order under the headline method, item ids best first. */
export function headlineOrder(results: Results): string[] {
  return (results.duels?.standings ?? results.items).map((item) => item.id);
}

/** Which item each method the tally counts crowns (not instant runoff: it needs the ballots). */
export function tallyWinners(results: Results): MethodWinners {
  const winners: MethodWinners = {
    mean: meanOrder(results).winner,
    borda: bordaOrder(results).winner,
    schulze: schulzeWinner(results),
  };
  if (results.duels) {
    winners.strength = results.submissions > 0 ? (headlineOrder(results)[0] ?? null) : null;
  }
  return winners;
}

/** Rows in the order, places by the tie rule: `level(above, below)` says two neighbours tie. */
function standings(
  results: Results,
  method: Method,
  order: MethodOrder,
  evidenceOf: (item: ItemResult) => Evidence,
  level: (above: string, below: string) => boolean,
): Standings {
  const byId = new Map(results.items.map((item) => [item.id, item]));
  const rows: Standing[] = [];
  order.order.forEach((id, i) => {
    const item = byId.get(id);
    if (!item) return;
    const evidence = evidenceOf(item);
    const previous = rows.at(-1);
    const same = previous !== undefined && level(previous.item.id, id);
    if (same) previous.tied = true;
    rows.push({ item, place: same ? previous.place : i + 1, tied: same, evidence });
  });
  const winners =
    results.submissions > 0 ? rows.filter((row) => row.place === 1).map((row) => row.item.id) : [];
  return { method, rows, winners };
}

/**
 * The standings as groups of tied item ids, best first (an item alone is a group of one): what
 * the results API sends beside a method's order so any client can mark ties ("=3") as the page
 * does. Items nobody ranked (a top N leaves most of a long list so) are one group at the end.
 */
export function tiedGroups(standings: Standings): string[][] {
  const groups: string[][] = [];
  let place = 0;
  for (const row of standings.rows) {
    const last = groups.at(-1);
    if (last && row.place === place) last.push(row.item.id);
    else groups.push([row.item.id]);
    place = row.place;
  }
  return groups;
}

/** Which item each method crowns (a method not counted yet is left out). */
export type MethodWinners = Partial<Record<Method, string | null>>;

/** One winner and the methods that crown it. */
export type WinnerGroup = { winner: string; methods: Method[] };

/**
 * When methods crown different items: every winner with the methods that crown it, the shown
 * method's winner first (the page words it: "Penne by average position, Rigatoni head to head").
 * Empty when every counted method crowns the same item.
 */
export function methodsSplit(winners: MethodWinners, shown: Method): WinnerGroup[] {
  const groups = new Map<string, Method[]>();
  const shownWinner = winners[shown];
  if (shownWinner) groups.set(shownWinner, []);
  for (const [method, winner] of Object.entries(winners) as [Method, string | null][]) {
    if (winner) groups.set(winner, [...(groups.get(winner) ?? []), method]);
  }
  if (groups.size < 2) return [];
  return [...groups].map(([winner, methods]) => ({ winner, methods }));
}
