/**
 * The presenter's pacing, as pure rules (decision 0055): which places of the crowd's ranking the
 * projector shows, how the reveal steps through them from last to first, and when the countdown
 * is worth announcing. Pure, so tested without a browser or a clock.
 */

/** The places a projector shows at once: more would not be readable from the back of a room. */
export const REVEAL_PLACES = 10;

/** The pause before the winner (the drum roll), ms. */
export const DRUMROLL_MS = 2800;

/** How long the whole reveal of the places before the winner may take, ms. */
const STEPS_BUDGET_MS = 9000;

/** Each earlier place's pause, ms: slower for a short list, never a crawl for a long one. */
export function stepDelay(shownPlaces: number): number {
  if (shownPlaces <= 1) return 0;
  return Math.round(Math.min(1600, Math.max(600, STEPS_BUDGET_MS / (shownPlaces - 1))));
}

/**
 * The reveal after `step` steps: how many places are shown, counted from the last shown place
 * upwards (`revealed`), and whether it is the drum roll (every place but the winner's shown).
 * Step 0 shows nothing; step `places` shows the winner too.
 */
export function revealState(
  places: number,
  step: number,
): { revealed: number; drumroll: boolean; done: boolean } {
  const revealed = Math.max(0, Math.min(places, step));
  return {
    revealed,
    drumroll: places > 0 && revealed === places - 1,
    done: revealed === places,
  };
}

/** The pause before step `step + 1` of a reveal of `places` places, ms. */
export function delayAfter(places: number, step: number): number {
  if (step === 0) return 600;
  return step === places - 1 ? DRUMROLL_MS : stepDelay(places);
}

/**
 * Whether a place (1 = the winner) is shown after `revealed` places were revealed from the
 * bottom of `places`.
 */
export function isPlaceShown(place: number, places: number, revealed: number): boolean {
  return place > places - revealed;
}

/**
 * What a screen reader is told of the countdown: the last milestone reached (each whole minute,
 * 30 s, 10 s, the end), so it hears a few times a round rather than every second. Null before
 * the first milestone of the round (a 90 s round says nothing until its 60 s).
 */
export function countdownMilestone(seconds: number, roundSeconds: number): number | null {
  if (seconds <= 0) return 0;
  const next = seconds <= 10 ? 10 : seconds <= 30 ? 30 : Math.ceil(seconds / 60) * 60;
  return next <= roundSeconds ? next : null;
}
