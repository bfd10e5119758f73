/**
 * The results as one voting method orders them: the order, every method's winner (instant runoff
 * only when its ballots were read), and the runoff's rounds. Memoized per results object (one per
 * tally version) and per ballot load, so repeated reads cost nothing.
 */
import type { Item } from '../../domain/game';
import {
  bordaOrder,
  irvOrder,
  meanOrder,
  reorder,
  schulzeOrder,
  schulzeWinner,
  type IrvRound,
  type Method,
  type MethodOrder,
} from '../../domain/methods';
import type { ItemResult, Results } from '../../domain/results';
import type { Ballot } from './data';

export type Winners = Partial<Record<Method, string | null>>;

export type MethodView = {
  method: Method;
  items: ItemResult[];
  winners: Winners;
  irvRounds?: IrvRound[];
};

const tallyOrders = new WeakMap<
  Results,
  Partial<Record<'mean' | 'borda' | 'schulze', MethodOrder>>
>();
const winnersOf = new WeakMap<Results, Winners>();
const runoffs = new WeakMap<
  Ballot[],
  { items: readonly Item[]; results: Results; runoff: ReturnType<typeof irvOrder> }
>();

const ORDERS = { mean: meanOrder, borda: bordaOrder, schulze: schulzeOrder };

/** Mean, Borda or Schulze's order, computed once per results (Schulze's is O(n³)). */
export function tallyOrder(results: Results, method: 'mean' | 'borda' | 'schulze'): MethodOrder {
  let orders = tallyOrders.get(results);
  if (!orders) tallyOrders.set(results, (orders = {}));
  return (orders[method] ??= ORDERS[method](results));
}

/** The winners the tally gives, once per results (every results read sends them). */
export function tallyWinners(results: Results): Winners {
  let winners = winnersOf.get(results);
  if (!winners) {
    winners = {
      mean: tallyOrder(results, 'mean').winner,
      borda: tallyOrder(results, 'borda').winner,
      schulze: schulzeWinner(results),
    };
    winnersOf.set(results, winners);
  }
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
    tallyOrder(results, 'mean').order,
  );
  runoffs.set(ballots, { items, results, runoff: order });
  return order;
}

export function methodView(
  results: Results,
  method: Method,
  irv: ReturnType<typeof irvOrder> | null,
): MethodView {
  const winners: Winners = { ...tallyWinners(results) };
  if (irv) winners.irv = irv.winner;
  if (method === 'irv' && irv) {
    return { method, items: reorder(results, irv.order), winners, irvRounds: irv.rounds };
  }
  const order = tallyOrder(results, method === 'irv' ? 'mean' : method);
  return { method, items: reorder(results, order.order), winners };
}
