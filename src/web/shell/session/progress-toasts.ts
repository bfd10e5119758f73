/**
 * What a change of the signed-in player's profile is worth telling them (SPEC §4 Level-up;
 * achievements, SPEC §3): a new level, and achievements unlocked since the profile seen before.
 * Pure: the first profile a tab sees (a load, a sign-in) and a reconnect snapshot that brings
 * the same level and unlocks announce nothing.
 */
import { ACHIEVEMENTS, type AchievementId, type Unlocks } from '../../../domain/achievements';

type Seen = { id: string; level: number; achievements?: Unlocks | null };

export type ProgressNews = {
  /** The level reached, when it went up. */
  levelUp: number | null;
  /** Achievements unlocked since, in the order the player page lists them. */
  unlocked: AchievementId[];
};

export function progressNews(previous: Seen | null, next: Seen | null): ProgressNews {
  if (!previous || !next || previous.id !== next.id) return { levelUp: null, unlocked: [] };
  const before = previous.achievements ?? {};
  const after = next.achievements ?? {};
  return {
    levelUp: next.level > previous.level ? next.level : null,
    unlocked: ACHIEVEMENTS.map((a) => a.id).filter((id) => after[id] != null && before[id] == null),
  };
}
