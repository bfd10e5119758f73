/** XP, levels and crowns (SPEC.md §4 Level-up, §9). Pure. */
import { CROWNS_PER_LEVEL } from './limits';

export type Progress = { level: number; xp: number; xpToNext: number; crowns: number };

/** The XP needed for the level after one that needed `previous`. */
export function nextXpToNext(previous: number): number {
  return Math.round(previous * 1.25 + 10);
}

/** Adds XP and applies every level-up it earns: each subtracts xpToNext, +1 level, +5 crowns. */
export function addXp(progress: Progress, amount: number): Progress {
  let { level, xp, xpToNext, crowns } = progress;
  xp += Math.max(0, amount);
  while (xp >= xpToNext) {
    xp -= xpToNext;
    level += 1;
    crowns += CROWNS_PER_LEVEL;
    xpToNext = nextXpToNext(xpToNext);
  }
  return { level, xp, xpToNext, crowns };
}
