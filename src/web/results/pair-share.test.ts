import { describe, expect, it } from 'vitest';
import { pairShare } from './pair-share';

describe('pairShare', () => {
  const matrix = { a: { b: 3, c: 1 }, b: { a: 1 } };

  it('is the share of players ranking both who put the first above the second', () => {
    expect(pairShare(matrix, 'a', 'b')).toEqual({ share: 0.75, total: 4 });
    expect(pairShare(matrix, 'b', 'a')).toEqual({ share: 0.25, total: 4 });
    expect(pairShare(matrix, 'c', 'a')).toEqual({ share: 0, total: 1 });
  });

  it('is null when nobody ranked both, and never reads inherited members', () => {
    expect(pairShare(matrix, 'b', 'c')).toBeNull();
    expect(pairShare(matrix, 'constructor', 'toString')).toBeNull();
  });
});
