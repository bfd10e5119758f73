/**
 * Plays the presenter's reveal (stage-rules.ts): one step after another, the drum roll before the
 * winner, with a skip. Reduced motion shows it all at once. A new round (its game) starts again.
 */
import { useEffect, useState } from 'react';
import { delayAfter, revealState } from './stage-rules';

export function useRevealSteps(places: number, key: string, reduced: boolean) {
  const [state, setState] = useState({ key, step: 0, skipped: false });
  const current = state.key === key ? state : { key, step: 0, skipped: false };
  const step = reduced || current.skipped ? places : current.step;

  useEffect(() => {
    if (step >= places) return;
    const timer = setTimeout(
      () => setState({ key, step: step + 1, skipped: false }),
      delayAfter(places, step),
    );
    return () => clearTimeout(timer);
  }, [key, step, places]);

  return {
    ...revealState(places, step),
    step,
    skip: () => setState({ key, step: places, skipped: true }),
  };
}
