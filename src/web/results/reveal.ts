/**
 * The reveal: when a game's results unlock (its players rule or deadline closed it), each viewer
 * sees the top of the crowd's order appear one by one, last to first, once. Pure rules here; the
 * page plays it (and skips it for reduced motion or a tap).
 */
import type { GameView } from '../../domain/game';
import { readJson, storageKeys, writeJson, type KeyValueStore } from '../shell/session/storage';

/** Places revealed one at a time; the rest below them show at once. */
export const REVEAL_PLACES = 5;
/** Between two places, and before the winner (a longer drum roll). */
export const REVEAL_STEP_MS = 900;
export const REVEAL_WINNER_MS = 1500;
/** Games remembered as revealed, newest last. */
const MAX_REMEMBERED = 200;

/** Results that were locked until now: a reveal, for players who have not seen it yet. */
export function deservesReveal(game: GameView, seen: readonly string[]): boolean {
  const hadLock = game.sizeLimit !== null || game.deadlineAt !== null;
  return hadLock && game.closed && !game.isOwner && !seen.includes(game.id);
}

export function revealedGames(storage: KeyValueStore | null): string[] {
  const stored = readJson(storage, storageKeys.revealed);
  return Array.isArray(stored) ? stored.filter((id): id is string => typeof id === 'string') : [];
}

export function rememberRevealed(storage: KeyValueStore | null, gameId: string): void {
  const kept = revealedGames(storage).filter((id) => id !== gameId);
  writeJson(storage, storageKeys.revealed, [...kept, gameId].slice(-MAX_REMEMBERED));
}

/**
 * How many places, counted from the bottom of an `n`-item list, are shown after `step` steps:
 * everything below the top REVEAL_PLACES at step 0, then one more place per step.
 */
export function shownFromBottom(n: number, step: number): number {
  const atOnce = Math.max(0, n - REVEAL_PLACES);
  return Math.min(n, atOnce + step);
}

/** The wait before step `step + 1` (the last one reveals the winner). */
export function delayBefore(n: number, step: number): number {
  return shownFromBottom(n, step + 1) === n ? REVEAL_WINNER_MS : REVEAL_STEP_MS;
}
