/** Plays the reveal (see reveal.ts): how many rows are still hidden at the top, and a skip. */
import { useEffect, useState } from 'react';
import type { GameView } from '../../domain/game';
import { localStore } from '../shell/session/storage';
import {
  delayBefore,
  deservesReveal,
  rememberRevealed,
  revealedGames,
  shownFromBottom,
} from './reveal';

function prefersReducedMotion(): boolean {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
}

export function useReveal(
  game: GameView,
  n: number,
): { hidden: number; playing: boolean; skip: () => void } {
  // Decided once, when results first show: a reveal that starts plays to its end or a skip.
  const [started] = useState(
    () => n > 1 && !prefersReducedMotion() && deservesReveal(game, revealedGames(localStore())),
  );
  const [step, setStep] = useState(0);
  const [skipped, setSkipped] = useState(false);
  const playing = started && !skipped;
  const hidden = playing ? n - shownFromBottom(n, step) : 0;

  useEffect(() => {
    // Once started it counts as seen, even if the person leaves half way.
    if (started) rememberRevealed(localStore(), game.id);
  }, [started, game.id]);

  useEffect(() => {
    if (hidden === 0) return;
    const timer = setTimeout(() => setStep(step + 1), delayBefore(n, step));
    return () => clearTimeout(timer);
  }, [hidden, step, n]);

  return { hidden, playing, skip: () => setSkipped(true) };
}
