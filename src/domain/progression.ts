/** XP, levels and crowns (SPEC.md §4 Level-up, §9). Pure. */
import {
  CROWNS_PER_LEVEL,
  INITIAL_LEVEL,
  INITIAL_XP_TO_NEXT,
  XP_CREATE_GAME,
  XP_FINAL_SUBMISSION,
  XP_PUBLISH,
} from './limits';

/** Why XP was awarded: one ledger row per (user, reason, game). */
export type XpReason = 'create' | 'play' | 'publish';

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

export const INITIAL_PROGRESS: Progress = {
  level: INITIAL_LEVEL,
  xp: 0,
  xpToNext: INITIAL_XP_TO_NEXT,
  crowns: 0,
};

/**
 * Where a player stands after earning `totalXp` in all: level-ups do not depend on how the XP
 * was split into awards, so the ledger's sum decides level, xp, xpToNext and crowns.
 */
export function progressFromTotal(totalXp: number): Progress {
  return addXp(INITIAL_PROGRESS, totalXp);
}

/** What each kind of award is worth (SPEC §9). */
export const XP_FOR: Record<XpReason, number> = {
  create: XP_CREATE_GAME,
  play: XP_FINAL_SUBMISSION,
  publish: XP_PUBLISH,
};

/** The stat each kind of award counts. */
export const STAT_FOR = {
  create: 'gamesCreated',
  play: 'rankingsSubmitted',
  publish: 'communityPublishes',
} as const satisfies Record<XpReason, string>;
