/**
 * Achievements (SPEC §3): derived from a player's stats and progress. Pure; shared by server
 * (which stamps the time each one unlocked) and web (icons, progress; it words their names and
 * descriptions from its catalog by id and goal).
 */
import { ACHIEVEMENT_THRESHOLDS } from './limits';

export type AchievementId =
  'first-play' | 'collector' | 'publisher' | 'level-5' | 'level-10' | 'crowns-100';

/** What achievements are measured against. */
export type AchievementFacts = {
  level: number;
  crowns: number;
  stats: { gamesCreated: number; rankingsSubmitted: number; communityPublishes: number };
};

export type Achievement = {
  id: AchievementId;
  /** A lucide icon name the web maps to a component. */
  icon: 'play' | 'library' | 'globe' | 'star' | 'trophy' | 'crown';
  goal: number;
  measure: (facts: AchievementFacts) => number;
};

export const ACHIEVEMENTS: readonly Achievement[] = [
  {
    id: 'first-play',
    icon: 'play',
    goal: ACHIEVEMENT_THRESHOLDS.rankingsSubmitted,
    measure: (f) => f.stats.rankingsSubmitted,
  },
  {
    id: 'collector',
    icon: 'library',
    goal: ACHIEVEMENT_THRESHOLDS.gamesCreated,
    measure: (f) => f.stats.gamesCreated,
  },
  {
    id: 'publisher',
    icon: 'globe',
    goal: ACHIEVEMENT_THRESHOLDS.communityPublishes,
    measure: (f) => f.stats.communityPublishes,
  },
  {
    id: 'level-5',
    icon: 'star',
    goal: ACHIEVEMENT_THRESHOLDS.level5,
    measure: (f) => f.level,
  },
  {
    id: 'level-10',
    icon: 'trophy',
    goal: ACHIEVEMENT_THRESHOLDS.level10,
    measure: (f) => f.level,
  },
  {
    id: 'crowns-100',
    icon: 'crown',
    goal: ACHIEVEMENT_THRESHOLDS.crowns,
    measure: (f) => f.crowns,
  },
];

/** When each unlocked achievement unlocked (epoch ms); locked ones are absent. */
export type Unlocks = Partial<Record<AchievementId, number>>;

/** The achievements these facts satisfy. */
export function satisfiedAchievements(facts: AchievementFacts): AchievementId[] {
  return ACHIEVEMENTS.filter((a) => a.measure(facts) >= a.goal).map((a) => a.id);
}

/**
 * Stamps newly satisfied achievements with `now`; earlier unlocks keep their time, and an
 * achievement once unlocked stays unlocked.
 */
export function stampUnlocks(previous: Unlocks, facts: AchievementFacts, now: number): Unlocks {
  const next: Unlocks = { ...previous };
  for (const id of satisfiedAchievements(facts)) next[id] ??= now;
  return next;
}

/** One achievement as the player page shows it. */
export type AchievementView = {
  id: AchievementId;
  icon: Achievement['icon'];
  progress: number;
  goal: number;
  unlockedAt: number | null;
};

export function achievementViews(facts: AchievementFacts, unlocks: Unlocks): AchievementView[] {
  return ACHIEVEMENTS.map((a) => ({
    id: a.id,
    icon: a.icon,
    progress: Math.min(a.measure(facts), a.goal),
    goal: a.goal,
    unlockedAt: unlocks[a.id] ?? null,
  }));
}
