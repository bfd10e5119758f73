import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ACHIEVEMENTS,
  achievementViews,
  satisfiedAchievements,
  stampUnlocks,
  type AchievementFacts,
  type Unlocks,
} from './achievements';

const none: AchievementFacts = {
  level: 1,
  crowns: 0,
  stats: { gamesCreated: 0, rankingsSubmitted: 0, communityPublishes: 0 },
};

const facts = fc.record({
  level: fc.integer({ min: 1, max: 15 }),
  crowns: fc.integer({ min: 0, max: 150 }),
  stats: fc.record({
    gamesCreated: fc.integer({ min: 0, max: 15 }),
    rankingsSubmitted: fc.integer({ min: 0, max: 3 }),
    communityPublishes: fc.integer({ min: 0, max: 3 }),
  }),
});

/** Facts that only grow, as a player's do: each step adds to the one before. */
const growingFacts = fc
  .array(
    fc.record({
      level: fc.integer({ min: 0, max: 3 }),
      crowns: fc.integer({ min: 0, max: 30 }),
      gamesCreated: fc.integer({ min: 0, max: 3 }),
      rankingsSubmitted: fc.integer({ min: 0, max: 1 }),
      communityPublishes: fc.integer({ min: 0, max: 1 }),
    }),
    { maxLength: 12 },
  )
  .map((steps) => {
    const out: AchievementFacts[] = [];
    let current = none;
    for (const step of steps) {
      current = {
        level: current.level + step.level,
        crowns: current.crowns + step.crowns,
        stats: {
          gamesCreated: current.stats.gamesCreated + step.gamesCreated,
          rankingsSubmitted: current.stats.rankingsSubmitted + step.rankingsSubmitted,
          communityPublishes: current.stats.communityPublishes + step.communityPublishes,
        },
      };
      out.push(current);
    }
    return out;
  });

describe('achievements', () => {
  it('are the six of the spec with their thresholds', () => {
    expect(ACHIEVEMENTS.map((a) => [a.id, a.goal])).toEqual([
      ['first-play', 1],
      ['collector', 10],
      ['publisher', 1],
      ['level-5', 5],
      ['level-10', 10],
      ['crowns-100', 100],
    ]);
    expect(ACHIEVEMENTS.map((a) => a.icon)).toEqual([
      'play',
      'library',
      'globe',
      'star',
      'trophy',
      'crown',
    ]);
  });

  it('unlock exactly at their thresholds', () => {
    expect(satisfiedAchievements(none)).toEqual([]);
    expect(
      satisfiedAchievements({
        level: 5,
        crowns: 99,
        stats: { gamesCreated: 9, rankingsSubmitted: 1, communityPublishes: 0 },
      }),
    ).toEqual(['first-play', 'level-5']);
    expect(
      satisfiedAchievements({
        level: 10,
        crowns: 100,
        stats: { gamesCreated: 10, rankingsSubmitted: 2, communityPublishes: 1 },
      }),
    ).toEqual(['first-play', 'collector', 'publisher', 'level-5', 'level-10', 'crowns-100']);
  });

  it('stampUnlocks stamps new unlocks with now and keeps the earliest time of earlier ones', () => {
    fc.assert(
      fc.property(
        facts,
        fc.dictionary(
          fc.constantFrom(...ACHIEVEMENTS.map((a) => a.id)),
          fc.integer({ min: 0, max: 1e12 }),
        ),
        fc.integer({ min: 0, max: 2e12 }),
        (current, previous: Unlocks, now) => {
          const next = stampUnlocks(previous, current, now);
          for (const a of ACHIEVEMENTS) {
            const before = previous[a.id];
            if (before !== undefined) expect(next[a.id]).toBe(before);
            else if (a.measure(current) >= a.goal) expect(next[a.id]).toBe(now);
            else expect(next[a.id]).toBeUndefined();
          }
          // The input is not changed.
          expect(stampUnlocks(previous, current, now)).toEqual(next);
        },
      ),
    );
  });

  it('are monotone: once unlocked they stay unlocked with their first time, over growing facts', () => {
    fc.assert(
      fc.property(growingFacts, (history) => {
        let unlocks: Unlocks = {};
        history.forEach((current, step) => {
          const next = stampUnlocks(unlocks, current, 1000 + step);
          for (const [id, at] of Object.entries(unlocks)) {
            expect(next[id as keyof Unlocks]).toBe(at);
          }
          expect(Object.keys(next).sort()).toEqual(
            [...new Set([...Object.keys(unlocks), ...satisfiedAchievements(current)])].sort(),
          );
          unlocks = next;
        });
        // Stamped times are when the facts first satisfied each achievement.
        for (const a of ACHIEVEMENTS) {
          const first = history.findIndex((f) => a.measure(f) >= a.goal);
          expect(unlocks[a.id]).toBe(first < 0 ? undefined : 1000 + first);
        }
      }),
    );
  });

  it('views show all six, progress capped at the goal, and the unlock time', () => {
    fc.assert(
      fc.property(facts, fc.integer({ min: 0, max: 2e12 }), (current, now) => {
        const unlocks = stampUnlocks({}, current, now);
        const views = achievementViews(current, unlocks);
        expect(views.map((v) => v.id)).toEqual(ACHIEVEMENTS.map((a) => a.id));
        for (const view of views) {
          const a = ACHIEVEMENTS.find((candidate) => candidate.id === view.id)!;
          expect(view.progress).toBe(Math.min(a.measure(current), a.goal));
          expect(view.progress).toBeLessThanOrEqual(view.goal);
          expect(view.unlockedAt).toBe(a.measure(current) >= a.goal ? now : null);
        }
      }),
    );
  });
});
