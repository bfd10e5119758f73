import { describe, expect, it } from 'vitest';
import type { SubmissionView } from '../../../domain/game';
import { gameSubmitted } from './submitted';

const ballot = (at: number, partial = false): SubmissionView => ({
  ranking: ['a', 'b'],
  name: 'Ana',
  partial,
  at,
});
const room = { deadline: 100_000, roundSeconds: 60 };

describe("a player's ballot in a room's round", () => {
  it('counts when final and made since the round started', () => {
    expect(gameSubmitted(ballot(40_000), room)).toBe(true);
    expect(gameSubmitted(ballot(99_000), room)).toBe(true);
  });

  it('does not count before the round, as progress, or without a round', () => {
    expect(gameSubmitted(ballot(39_999), room)).toBe(false);
    expect(gameSubmitted(ballot(50_000, true), room)).toBe(false);
    expect(gameSubmitted(null, room)).toBe(false);
    expect(gameSubmitted(ballot(50_000), { deadline: null, roundSeconds: 60 })).toBe(false);
  });
});
