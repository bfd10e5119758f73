import { describe, expect, it } from 'vitest';
import { BALLOT_MESSAGES, DEFAULT_TIERS } from '../../domain/ballot';
import {
  ballotOfInputs,
  DEFAULT_BALLOT_INPUTS,
  defaultTopN,
  newTierColor,
  parseBallotInputs,
} from './ballot-inputs';

describe('ballotOfInputs', () => {
  it('asks for a full ranking by default', () => {
    expect(ballotOfInputs(DEFAULT_BALLOT_INPUTS, 5)).toEqual({
      ballot: { kind: 'ranking' },
      error: null,
    });
  });

  it('takes a top N as typed, or ten (every item of a shorter list) when left blank', () => {
    const top = { ...DEFAULT_BALLOT_INPUTS, kind: 'top' as const };
    expect(ballotOfInputs({ ...top, n: '25' }, 200).ballot).toEqual({ kind: 'top', n: 25 });
    expect(ballotOfInputs(top, 200).ballot).toEqual({ kind: 'top', n: 10 });
    expect(ballotOfInputs(top, 4).ballot).toEqual({ kind: 'top', n: 4 });
    expect(defaultTopN(0)).toBe(1);
  });

  it('says the rule broken, in the server’s words', () => {
    const top = { ...DEFAULT_BALLOT_INPUTS, kind: 'top' as const };
    for (const n of ['0', '201', '2.5', 'ten']) {
      expect(ballotOfInputs({ ...top, n }, 200).error).toBe(BALLOT_MESSAGES.topOutOfRange(200));
    }
    const tiers = { ...DEFAULT_BALLOT_INPUTS, kind: 'tiers' as const };
    expect(ballotOfInputs({ ...tiers, tiers: [DEFAULT_TIERS[0]!] }, 5).error).toBe(
      BALLOT_MESSAGES.tierCount,
    );
    const blank = [{ label: ' ', color: '#ffffff' }, ...DEFAULT_TIERS];
    expect(ballotOfInputs({ ...tiers, tiers: blank }, 5).error).toBe(BALLOT_MESSAGES.tierLabel);
  });

  it('sends the default tiers, S to D', () => {
    const result = ballotOfInputs({ ...DEFAULT_BALLOT_INPUTS, kind: 'tiers' }, 5);
    expect(result.ballot).toEqual({ kind: 'tiers', tiers: DEFAULT_TIERS });
  });

  it('asks for duels, whatever N or tiers were typed before (issue 28)', () => {
    const duel = { ...DEFAULT_BALLOT_INPUTS, kind: 'duel' as const, n: '99' };
    expect(ballotOfInputs(duel, 5)).toEqual({ ballot: { kind: 'duel' }, error: null });
    expect(parseBallotInputs(duel)).toEqual(duel);
  });
});

describe('newTierColor', () => {
  it('gives a new tier a colour no tier has yet', () => {
    const color = newTierColor(DEFAULT_TIERS);
    expect(DEFAULT_TIERS.map((tier) => tier.color)).not.toContain(color);
    expect(newTierColor(DEFAULT_TIERS.slice(1))).toBe(DEFAULT_TIERS[0]!.color);
  });
});

describe('parseBallotInputs', () => {
  it('reads back what was kept, and nothing else', () => {
    expect(parseBallotInputs(DEFAULT_BALLOT_INPUTS)).toEqual(DEFAULT_BALLOT_INPUTS);
    for (const value of [
      null,
      {},
      { kind: 'best', n: '', tiers: [] },
      { kind: 'top', n: 3, tiers: [] },
      { kind: 'tiers', n: '', tiers: [{ label: 'S', color: 'red' }] },
      { kind: 'tiers', n: '', tiers: [null] },
    ]) {
      expect(parseBallotInputs(value)).toBeNull();
    }
  });
});
