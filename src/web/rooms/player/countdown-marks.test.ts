import { describe, expect, it } from 'vitest';
import { countdownMark } from './countdown-marks';

describe('the countdown read out', () => {
  it('says each mark just as it passes', () => {
    expect(countdownMark(60)).toBe(60);
    expect(countdownMark(59)).toBe(60);
    expect(countdownMark(10)).toBe(10);
    expect(countdownMark(120)).toBe(120);
  });

  it('says nothing between marks, at zero or without a round', () => {
    expect(countdownMark(58)).toBeNull();
    expect(countdownMark(45)).toBeNull();
    expect(countdownMark(61)).toBeNull();
    expect(countdownMark(0)).toBeNull();
    expect(countdownMark(null)).toBeNull();
  });
});
