/**
 * Confetti: the small burst when the app loads (SPEC §2 Shell) and the one for a submitted
 * ranking; none for reduced motion. canvas-confetti is loaded on the first burst, not with the app.
 */
import type { Options } from 'canvas-confetti';

let played = false;
let cancelled = false;

export function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

/**
 * No arrival burst on this page load (a Not found page is nothing to celebrate). Called from a
 * layout effect, which runs before the header's effect; a burst still loading its code is dropped.
 */
export function cancelArrivalBurst(): void {
  cancelled = true;
}

/** Plays once per page load, from `from` (the logo) when given. */
export function arrivalBurst(from?: Element | null): void {
  if (played || cancelled) return;
  played = true;
  if (prefersReducedMotion()) return;
  const rect = from?.getBoundingClientRect();
  const origin = rect
    ? {
        x: (rect.left + rect.width / 2) / window.innerWidth,
        y: (rect.top + rect.height / 2) / window.innerHeight,
      }
    : { x: 0.5, y: 0.1 };
  burst(
    {
      particleCount: 36,
      spread: 70,
      startVelocity: 24,
      angle: 300,
      gravity: 0.9,
      ticks: 140,
      scalar: 0.75,
      origin,
      colors: ['#f5c33b', '#ffd966', '#6a4ce0', '#b9a6ff', '#ffffff'],
      disableForReducedMotion: true,
    },
    () => !cancelled,
  );
}

/**
 * One burst of confetti, once its code is loaded (and `still` says yes then); a failed load only
 * means no confetti.
 */
export function burst(options: Options, still: () => boolean = () => true): void {
  if (prefersReducedMotion()) return;
  import('canvas-confetti').then(
    ({ default: confetti }) => {
      if (still()) void confetti(options);
    },
    () => undefined,
  );
}
