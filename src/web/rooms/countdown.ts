/**
 * A round's countdown on any screen, by the server's clock: a phone whose clock is a minute off
 * still closes its ballot when the server does. The room view carries the server's time when it
 * was read (`serverTime`); the page notes when it received it, and the difference is the offset.
 */

/** Whole seconds left until `deadline` (never below 0), or null without a deadline. */
export function secondsLeft(
  room: { deadline: number | null; serverTime: number },
  receivedAt: number,
  now: number,
): number | null {
  if (room.deadline === null) return null;
  const serverNow = now + (room.serverTime - receivedAt);
  return Math.max(0, Math.ceil((room.deadline - serverNow) / 1000));
}

/** "1:05", "0:09": minutes and seconds, as a countdown shows them. */
export function clockText(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${String(seconds % 60).padStart(2, '0')}`;
}
