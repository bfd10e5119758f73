import { describe, expect, it } from 'vitest';
import {
  DRUMROLL_MS,
  delayAfter,
  countdownMilestone,
  isPlaceShown,
  revealState,
  stepDelay,
} from './stage-rules';

describe('the presenter reveal', () => {
  it('shows places from the last one up, the winner last after the drum roll', () => {
    expect(revealState(4, 0)).toEqual({ revealed: 0, drumroll: false, done: false });
    expect(revealState(4, 1)).toEqual({ revealed: 1, drumroll: false, done: false });
    expect(revealState(4, 3)).toEqual({ revealed: 3, drumroll: true, done: false });
    expect(revealState(4, 4)).toEqual({ revealed: 4, drumroll: false, done: true });
    expect(revealState(4, 9)).toEqual({ revealed: 4, drumroll: false, done: true });
    // After one revealed place of four, only the 4th is shown; after three, all but the winner.
    expect([1, 2, 3, 4].map((place) => isPlaceShown(place, 4, 1))).toEqual([
      false,
      false,
      false,
      true,
    ]);
    expect([1, 2, 3, 4].map((place) => isPlaceShown(place, 4, 3))).toEqual([
      false,
      true,
      true,
      true,
    ]);
  });

  it('pauses longest before the winner', () => {
    expect(delayAfter(5, 4)).toBe(DRUMROLL_MS);
    expect(delayAfter(5, 2)).toBeLessThan(DRUMROLL_MS);
    // A single place is the winner: the drum roll comes straight after the opening pause.
    expect(revealState(1, 0).drumroll).toBe(true);
    expect(delayAfter(1, 0)).toBe(600);
  });

  it('keeps the steps readable whatever the length', () => {
    expect(stepDelay(2)).toBe(1600);
    expect(stepDelay(10)).toBe(1000);
    expect(stepDelay(40)).toBe(600);
  });

  it('announces the countdown at milestones only', () => {
    const said = (roundSeconds: number) => {
      const changes: (number | null)[] = [];
      for (let s = roundSeconds; s >= 0; s -= 1) {
        const milestone = countdownMilestone(s, roundSeconds);
        if (milestone !== changes.at(-1)) changes.push(milestone);
      }
      return changes;
    };
    expect(said(120)).toEqual([120, 60, 30, 10, 0]);
    // A round that does not start on a milestone says nothing until its first one.
    expect(said(90)).toEqual([null, 60, 30, 10, 0]);
    expect(countdownMilestone(45, 90)).toBe(60);
  });
});
