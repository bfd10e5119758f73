import { describe, expect, it } from 'vitest';
import { ID_ALPHABET, newId } from './ids';

describe('newId', () => {
  it('gives ids of the asked length from the alphabet, never twice, across many draws', () => {
    const ids = Array.from({ length: 5000 }, (_, n) => newId(1 + (n % 24)));
    for (const [n, id] of ids.entries())
      expect(id).toMatch(new RegExp(`^[A-Za-z0-9]{${1 + (n % 24)}}$`));
    const long = ids.filter((id) => id.length >= 8);
    expect(new Set(long).size).toBe(long.length);
    expect(newId()).toHaveLength(10);
  });

  it('uses every letter of the alphabet, about equally', () => {
    const counts = new Map<string, number>();
    for (const letter of newId(62 * 400)) counts.set(letter, (counts.get(letter) ?? 0) + 1);
    expect([...counts.keys()].sort().join('')).toBe([...ID_ALPHABET].sort().join(''));
    // 400 expected per letter (a standard deviation of 20): a letter left out or drawn twice as
    // often is far outside.
    for (const count of counts.values()) expect(count).toBeGreaterThan(250);
    for (const count of counts.values()) expect(count).toBeLessThan(560);
  });
});
