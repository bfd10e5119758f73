import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  emptyPlacement,
  keptPlacement,
  placedCount,
  placeIn,
  POOL,
  poolOf,
  tierOf,
  type Placement,
} from './tier-placement';

const items = Array.from({ length: 12 }, (_, i) => ({ id: `i${i}`, label: `Item ${i}` }));

describe('placeIn', () => {
  it('moves an item to the end of a tier, out of the one it was in, or back to the pool', () => {
    let placement = emptyPlacement(3);
    placement = placeIn(placement, 'i0', 0);
    placement = placeIn(placement, 'i1', 0);
    expect(placement).toEqual([['i0', 'i1'], [], []]);
    placement = placeIn(placement, 'i0', 2);
    expect(placement).toEqual([['i1'], [], ['i0']]);
    expect(tierOf(placement, 'i0')).toBe(2);
    placement = placeIn(placement, 'i0', POOL);
    expect(placement).toEqual([['i1'], [], []]);
    expect(tierOf(placement, 'i0')).toBe(POOL);
    expect(poolOf(items.slice(0, 3), placement).map((item) => item.id)).toEqual(['i0', 'i2']);
  });

  it('changes nothing for a move to where the item is, or to a tier that does not exist', () => {
    const placement: Placement = [['i0'], []];
    expect(placeIn(placement, 'i0', 0)).toBe(placement);
    expect(placeIn(placement, 'i5', POOL)).toBe(placement);
    expect(placeIn(placement, 'i0', 2)).toBe(placement);
    expect(placeIn(placement, 'i0', -2)).toBe(placement);
  });

  it('keeps every item in one place at most, the tiers and the pool together holding them all', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 10 }),
        fc.array(fc.tuple(fc.nat(11), fc.integer({ min: -1, max: 9 })), { maxLength: 80 }),
        (tierCount, moves) => {
          let placement = emptyPlacement(tierCount);
          for (const [item, to] of moves) {
            placement = placeIn(placement, `i${item}`, to);
            if (to < tierCount) expect(tierOf(placement, `i${item}`)).toBe(to);
          }
          const placed = placement.flat();
          expect(new Set(placed).size).toBe(placed.length);
          expect(placement).toHaveLength(tierCount);
          expect(placedCount(placement) + poolOf(items, placement).length).toBe(items.length);
        },
      ),
    );
  });
});

describe('keptPlacement', () => {
  it('fits a saved placement to the tiers and items the game has now', () => {
    const placement: Placement = [['i0'], ['i1']];
    expect(keptPlacement(placement, items, 2)).toBe(placement);
    expect(keptPlacement([['i0', 'gone'], ['i0', 'i1'], ['i2']], items, 2)).toEqual([
      ['i0'],
      ['i1'],
    ]);
    expect(keptPlacement([['i0']], items, 3)).toEqual([['i0'], [], []]);
  });
});
