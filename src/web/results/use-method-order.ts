/**
 * The crowd's standings by the chosen counting method (kept in the address as ?method=, so a link
 * shows the same; the headline method when absent): order, places with ties and each row's
 * evidence, from the domain's one rule (methods-standings.ts). Mean, Borda, Schulze and a duel
 * game's strength come from the live results; instant runoff needs every ballot and comes from
 * the server, fetched again as rankings arrive.
 */
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { Method } from '../../domain/methods';
import {
  headlineMethod,
  methodsOf,
  methodStandings,
  tallyWinners,
  type MethodWinners,
  type Standings,
} from '../../domain/methods-standings';
import type { Results } from '../../domain/results';
import { useRunoff } from '../api/games';

function parseMethod(value: string | null, results: Results): Method {
  return methodsOf(results).find((method) => method === value) ?? headlineMethod(results);
}

export function useMethodOrder(gameId: string, results: Results) {
  const [params, setParams] = useSearchParams();
  // Held here too: the address updates a moment later, and arrow keys do not wait for it.
  const [method, setLocalMethod] = useState(() => parseMethod(params.get('method'), results));
  const headline = headlineMethod(results);
  const runoff = useRunoff(gameId, results.submissions, method === 'irv');
  // The headline order (the reveal plays it), and the tally's winners: Schulze's without its
  // O(n³) paths when there is a Condorcet winner.
  const usual = useMemo(() => methodStandings(results, headline) as Standings, [results, headline]);
  const counted = useMemo(() => tallyWinners(results), [results]);
  const standings = useMemo(
    () => (method === headline ? usual : methodStandings(results, method, runoff.data ?? null)),
    [method, headline, usual, results, runoff.data],
  );
  const winners: MethodWinners = {
    ...counted,
    ...(runoff.data ? { irv: runoff.data.winner } : {}),
  };

  const setMethod = (next: Method) => {
    setLocalMethod(next);
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === headline) updated.delete('method');
        else updated.set('method', next);
        return updated;
      },
      { replace: true, preventScrollReset: true },
    );
  };

  return {
    method,
    setMethod,
    /** The methods offered, the headline first. */
    methods: methodsOf(results),
    /** The shown method's standings; null while the runoff loads (or failed: see `runoff`). */
    standings,
    /** The headline method's standings, which the reveal plays. */
    usual,
    winners,
    /** The runoff's rounds, once counted. */
    rounds: runoff.data?.rounds ?? null,
    runoff,
  };
}
