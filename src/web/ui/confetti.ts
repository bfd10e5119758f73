/**
 * Confetti, for a win only (issue 24 item 13): a submitted ranking and a level-up; none for
 * reduced motion. canvas-confetti is loaded on the first burst, not with the app, and draws on a
 * canvas of ours that is hidden from assistive technology and removed once the burst is over.
 */
import type { Options } from 'canvas-confetti';

const COLORS = ['#f5c33b', '#ffd966', '#6c4ce0', '#a98bff', '#ffffff'];

function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

/** A full-window canvas on top of the page that no pointer or screen reader meets. */
function overlayCanvas(): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.className = 'confetti-canvas';
  canvas.setAttribute('aria-hidden', 'true');
  canvas.setAttribute('role', 'presentation');
  Object.assign(canvas.style, {
    position: 'fixed',
    inset: '0',
    width: '100%',
    height: '100%',
    pointerEvents: 'none',
    zIndex: '100',
  });
  document.body.append(canvas);
  return canvas;
}

/**
 * One burst of confetti (a submitted ranking by default), once its code is loaded; a failed
 * load only means no confetti.
 */
export function burst(options: Options = {}): void {
  if (prefersReducedMotion()) return;
  import('canvas-confetti').then(
    ({ default: confetti }) => {
      const canvas = overlayCanvas();
      const fire = confetti.create(canvas, { resize: true, useWorker: true });
      const done = fire({
        particleCount: 90,
        spread: 70,
        startVelocity: 38,
        origin: { y: 0.75 },
        colors: COLORS,
        disableForReducedMotion: true,
        ...options,
      });
      const remove = () => canvas.remove();
      if (done) void done.then(remove, remove);
      else remove();
    },
    () => undefined,
  );
}
