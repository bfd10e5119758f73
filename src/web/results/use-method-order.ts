/**
 * The crowd's standings by the chosen counting method (kept in the address as ?method=, so a link
 * shows the same): order, places with ties and each row's evidence, from the domain's one rule
 * (methods-standings.ts). Mean, Borda and Schulze come from the live results; instant runoff
 * needs every ballot and comes from the server, fetched again as rankings arrive.
 */
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { meanOrder, bordaOrder, METHODS, schulzeWinner, type Method } from '../../domain/methods';
import {
  methodStandings,
  type MethodWinners,
  type Standings,
} from '../../domain/methods-standings';
import type { Results } from '../../domain/results';
import { useRunoff } from '../api/games';

function parseMethod(value: string | null): Method {
  return METHODS.find((method) => method === value) ?? 'mean';
}

export function useMethodOrder(gameId: string, results: Results) {
  const [params, setParams] = useSearchParams();
  // Held here too: the address updates a moment later, and arrow keys do not wait for it.
  const [method, setLocalMethod] = useState(() => parseMethod(params.get('method')));
  const runoff = useRunoff(gameId, results.submissions, method === 'irv');
  // The usual order (the reveal plays it), and the tally's winners: Schulze's without its
  // O(n³) paths when there is a Condorcet winner.
  const mean = useMemo(() => methodStandings(results, 'mean') as Standings, [results]);
  const tallyWinners = useMemo(
    () => ({
      mean: meanOrder(results).winner,
      borda: bordaOrder(results).winner,
      schulze: schulzeWinner(results),
    }),
    [results],
  );
  const standings = useMemo(
    () => (method === 'mean' ? mean : methodStandings(results, method, runoff.data ?? null)),
    [method, mean, results, runoff.data],
  );
  const winners: MethodWinners = {
    ...tallyWinners,
    ...(runoff.data ? { irv: runoff.data.winner } : {}),
  };

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
    /** The shown method's standings; null while the runoff loads (or failed: see `runoff`). */
    standings,
    /** The mean order's standings, which the reveal plays. */
    mean,
    winners,
    /** The runoff's rounds, once counted. */
    rounds: runoff.data?.rounds ?? null,
    runoff,
  };
}
