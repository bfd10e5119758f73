/**
 * When a phone reads the countdown out: at a few marks, not every second (a screen reader saying
 * each second would drown the ballot). Each mark is said for a moment after it passes, so a
 * status region that empties in between says the next one afresh.
 */
export const COUNTDOWN_MARKS = [180, 120, 60, 30, 10] as const;

/** How long after a mark it is still said (seconds): the page may miss a tick while busy. */
const SAID_FOR = 2;

/** The mark the countdown just passed (seconds), or null between marks. */
export function countdownMark(seconds: number | null): number | null {
  if (seconds === null) return null;
  return COUNTDOWN_MARKS.find((mark) => seconds <= mark && seconds > mark - SAID_FOR) ?? null;
}
