/**
 * The results as one voting method orders them: the order, every method's winner (instant runoff
 * only when its ballots were read), and the runoff's rounds. Memoized per results object (one per
 * tally version) and per ballot load, so repeated reads cost nothing.
 */
import type { Item } from '../../domain/game';
import { irvOrder, meanOrder, type IrvRound, type Method } from '../../domain/methods';
import {
  methodStandings,
  tallyWinners as countedWinners,
  tiedGroups,
  type Runoff,
  type Standings,
} from '../../domain/methods-standings';
import type { ItemResult, Results } from '../../domain/results';
import type { Ballot } from './data';

export type Winners = Partial<Record<Method, string | null>>;

export type MethodView = {
  method: Method;
  items: ItemResult[];
  winners: Winners;
  /**
   * The order as groups of tied items (methods-standings.ts `tiedGroups`): an item alone is a
   * group of one, so a client marks ties ("=3") as the results page does.
   */
  groups: string[][];
  irvRounds?: IrvRound[];
};

const tallyStandings = new WeakMap<
  Results,
  Partial<Record<Exclude<Method, 'irv'>, { standings: Standings; groups: string[][] }>>
>();
const runoffStandings = new WeakMap<Runoff, { standings: Standings; groups: string[][] }>();
const winnersOf = new WeakMap<Results, Winners>();
const runoffs = new WeakMap<
  Ballot[],
  { items: readonly Item[]; results: Results; runoff: ReturnType<typeof irvOrder> }
>();

/** The winners the tally gives, once per results (every results read sends them). */
export function tallyWinners(results: Results): Winners {
  let winners = winnersOf.get(results);
  if (!winners) winnersOf.set(results, (winners = countedWinners(results)));
  return winners;
}

/** Instant runoff over these ballots, once per ballot load and item list. */
export function runoff(ballots: Ballot[], items: readonly Item[], results: Results) {
  const memo = runoffs.get(ballots);
  if (memo && memo.items === items && memo.results === results) return memo.runoff;
  // A tied top group (a tier) splits its vote (decision 0043).
  const order = irvOrder(
    ballots.map((ballot) => ballot.groups),
    items,
    meanOrder(results).order,
  );
  runoffs.set(ballots, { items, results, runoff: order });
  return order;
}

/**
 * A method's standings and their groups of tied items, once per results (Schulze's paths are
 * O(n³)) or, for instant runoff, once per runoff. Strength is asked only of a duel game (the
 * routes refuse it otherwise); elsewhere it falls back to the mean's.
 */
export function standingsView(
  results: Results,
  method: Method,
  irv: Runoff | null,
): { standings: Standings; groups: string[][] } {
  const make = (counted: Method) => {
    const standings = methodStandings(results, counted, irv) as Standings;
    return { standings, groups: tiedGroups(standings) };
  };
  if (method === 'irv' && irv) {
    let view = runoffStandings.get(irv);
    if (!view) runoffStandings.set(irv, (view = make('irv')));
    return view;
  }
  const counted = method === 'irv' || (method === 'strength' && !results.duels) ? 'mean' : method;
  let views = tallyStandings.get(results);
  if (!views) tallyStandings.set(results, (views = {}));
  return (views[counted] ??= make(counted));
}

export function methodView(
  results: Results,
  method: Method,
  irv: ReturnType<typeof irvOrder> | null,
): MethodView {
  const winners: Winners = { ...tallyWinners(results) };
  if (irv) winners.irv = irv.winner;
  const { standings, groups } = standingsView(results, method, irv);
  const items = standings.rows.map((row) => row.item);
  if (method === 'irv' && irv) return { method, items, winners, groups, irvRounds: irv.rounds };
  return { method, items, winners, groups };
}
