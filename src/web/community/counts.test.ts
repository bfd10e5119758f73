import { describe, expect, it } from 'vitest';
import { playsText, ranksText } from './counts';

describe('community counts', () => {
  it('says one play, many plays, with thousands separated', () => {
    expect(playsText(0)).toBe('0 plays');
    expect(playsText(1)).toBe('1 play');
    expect(playsText(12_345)).toBe('12,345 plays');
  });

  it('says one rank, many ranks', () => {
    expect(ranksText(1)).toBe('1 rank');
    expect(ranksText(50)).toBe('50 ranks');
  });
});
