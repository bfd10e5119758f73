/**
 * The crowd's order by the chosen counting method (kept in the address as ?method=, so a link
 * shows the same). Mean, Borda and Schulze are computed here from the live results; instant
 * runoff needs every ballot and comes from the server, fetched again as rankings arrive.
 */
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  bordaOrder,
  meanOrder,
  METHODS,
  reorder,
  schulzeOrder,
  schulzeWinner,
  type Method,
} from '../../domain/methods';
import type { ItemResult, Results } from '../../domain/results';
import { useRunoff } from '../api/games';

function parseMethod(value: string | null): Method {
  return METHODS.find((method) => method === value) ?? 'mean';
}

export function useMethodOrder(gameId: string, results: Results) {
  const [params, setParams] = useSearchParams();
  // Held here too: the address updates a moment later, and arrow keys do not wait for it.
  const [method, setLocalMethod] = useState(() => parseMethod(params.get('method')));
  // Schulze's order is O(n³): computed only while it is the one shown.
  const tally = useMemo(
    () => ({
      mean: meanOrder(results),
      borda: bordaOrder(results),
      schulze: schulzeWinner(results),
    }),
    [results],
  );
  const schulze = useMemo(
    () => (method === 'schulze' ? schulzeOrder(results) : null),
    [method, results],
  );
  const runoff = useRunoff(gameId, results.submissions, method === 'irv');
  const winners: Partial<Record<Method, string | null>> = {
    mean: tally.mean.winner,
    borda: tally.borda.winner,
    schulze: tally.schulze,
    ...(runoff.data ? { irv: runoff.data.winner } : {}),
  };
  const order =
    method === 'irv'
      ? runoff.data?.order
      : method === 'schulze'
        ? schulze?.order
        : tally[method].order;
  const items: ItemResult[] | null = order ? reorder(results, order) : null;

  const setMethod = (next: Method) => {
    setLocalMethod(next);
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === 'mean') updated.delete('method');
        else updated.set('method', next);
        return updated;
      },
      { replace: true, preventScrollReset: true },
    );
  };

  return {
    method,
    setMethod,
    /** Null while the runoff loads (or failed: see `runoff`). */
    items,
    winners,
    runoff,
  };
}
