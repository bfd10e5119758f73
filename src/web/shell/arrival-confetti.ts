/**
 * Confetti: the small burst when the app loads (SPEC §2 Shell) and the one for a submitted
 * ranking; none for reduced motion. canvas-confetti is loaded on the first burst, not with the app.
 */
import type { Options } from 'canvas-confetti';

let played = false;

export function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

/** Plays once per page load, from `from` (the logo) when given. */
export function arrivalBurst(from?: Element | null): void {
  if (played) return;
  played = true;
  if (prefersReducedMotion()) return;
  const rect = from?.getBoundingClientRect();
  const origin = rect
    ? {
        x: (rect.left + rect.width / 2) / window.innerWidth,
        y: (rect.top + rect.height / 2) / window.innerHeight,
      }
    : { x: 0.5, y: 0.1 };
  burst({
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
  });
}

/** One burst of confetti, once its code is loaded; a failed load only means no confetti. */
export function burst(options: Options): void {
  if (prefersReducedMotion()) return;
  import('canvas-confetti').then(
    ({ default: confetti }) => void confetti(options),
    () => undefined,
  );
}
