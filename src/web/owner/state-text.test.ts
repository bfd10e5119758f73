import { describe, expect, it } from 'vitest';
import { gameStateText } from './state-text';

const now = new Date(2026, 10, 23, 12, 0).getTime();
const open = { closed: false, sizeLimit: null, deadlineAt: null, unlock: null };

describe('gameStateText', () => {
  it('says results show right away when the game has no rules', () => {
    expect(gameStateText(open, now)).toBe(
      'Open · No unlock rules: players see results right after they rank',
    );
  });

  it('says how many more players unlock the results', () => {
    const game = { ...open, sizeLimit: 10, unlock: { playersNeeded: 7, deadlineAt: null } };
    expect(gameStateText(game, now)).toBe('Open · Results unlock after 10 players (7 more needed)');
  });

  it('names the deadline, and both rules when there are two', () => {
    const deadlineAt = new Date(2026, 10, 23, 18, 30).getTime();
    expect(
      gameStateText({ ...open, deadlineAt, unlock: { playersNeeded: null, deadlineAt } }, now),
    ).toBe('Open · Results unlock today at 18:30');
    expect(
      gameStateText(
        { ...open, sizeLimit: 1, deadlineAt, unlock: { playersNeeded: 1, deadlineAt } },
        now,
      ),
    ).toBe('Open · Results unlock after 1 player or today at 18:30 (1 more needed)');
  });

  it('says results are visible once closed, whatever the rules were', () => {
    expect(gameStateText({ ...open, closed: true }, now)).toBe(
      'Closed: anyone with the link sees the results',
    );
    expect(gameStateText({ ...open, closed: true, sizeLimit: 3 }, now)).toBe(
      'Closed: anyone with the link sees the results',
    );
  });
});
