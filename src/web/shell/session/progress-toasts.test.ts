import { describe, expect, it } from 'vitest';
import { progressToastsText } from '../../i18n/messages/session';
import { progressNews } from './progress-toasts';

const base = { id: 'u1', level: 1, achievements: {} };

describe('progressNews', () => {
  it('says nothing on the first profile a tab sees, or for another person', () => {
    expect(progressNews(null, { ...base, level: 3 })).toEqual({ levelUp: null, unlocked: [] });
    expect(progressNews(base, { ...base, id: 'u2', level: 4 })).toEqual({
      levelUp: null,
      unlocked: [],
    });
  });

  it('says nothing for a reconnect snapshot with the same level and unlocks', () => {
    const seen = { ...base, level: 2, achievements: { 'first-play': 10 } };
    expect(progressNews(seen, { ...seen })).toEqual({ levelUp: null, unlocked: [] });
  });

  it('announces the level reached, once per change', () => {
    expect(progressNews(base, { ...base, level: 2 }).levelUp).toBe(2);
    expect(progressNews(base, { ...base, level: 4 }).levelUp).toBe(4);
    expect(progressNews({ ...base, level: 4 }, { ...base, level: 4 }).levelUp).toBeNull();
  });

  it('lists newly unlocked achievements in the page order', () => {
    const before = { ...base, achievements: { 'first-play': 1 } };
    const after = {
      ...base,
      achievements: { 'crowns-100': 3, 'first-play': 1, collector: 2 },
    };
    expect(progressNews(before, after).unlocked).toEqual(['collector', 'crowns-100']);
    // A profile without achievements (an older server) unlocks nothing.
    expect(progressNews({ ...base, achievements: undefined }, base).unlocked).toEqual([]);
  });

  it('words the level-up as SPEC §4 does', () => {
    expect(progressToastsText.get().levelUp({ level: 3 })).toBe('Level Up! You are now Level 3 🎉');
  });
});
