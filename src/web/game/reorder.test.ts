import { arrayMove } from '@dnd-kit/sortable';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { moveBy, moveOnto, moveTo } from './reorder';

const ORDER = ['a', 'b', 'c', 'd', 'e'];

/** A ranking of `n` distinct ids, an item in it and a destination index. */
const aMove = fc.integer({ min: 1, max: 40 }).chain((n) =>
  fc.record({
    order: fc.constant(Array.from({ length: n }, (_, i) => `item-${i}`)),
    from: fc.nat(n - 1),
    to: fc.nat(n - 1),
  }),
);

describe('moveTo', () => {
  it('takes the item out and puts it back at the index, the others keeping their order', () => {
    expect(moveTo(ORDER, 'c', 0)).toEqual(['c', 'a', 'b', 'd', 'e']);
    expect(moveTo(ORDER, 'a', 4)).toEqual(['b', 'c', 'd', 'e', 'a']);
    expect(moveTo(ORDER, 'b', 3)).toEqual(['a', 'c', 'd', 'b', 'e']);
  });

  it('returns the same array for a move that changes nothing or cannot happen', () => {
    expect(moveTo(ORDER, 'c', 2)).toBe(ORDER);
    expect(moveTo(ORDER, 'c', -1)).toBe(ORDER);
    expect(moveTo(ORDER, 'c', 5)).toBe(ORDER);
    expect(moveTo(ORDER, 'z', 0)).toBe(ORDER);
  });

  it('never loses or duplicates an item, and lands it where asked', () => {
    fc.assert(
      fc.property(aMove, ({ order, from, to }) => {
        const id = order[from]!;
        const moved = moveTo(order, id, to);
        expect([...moved].sort()).toEqual([...order].sort());
        expect(moved.indexOf(id)).toBe(to);
        expect(moved.filter((x) => x !== id)).toEqual(order.filter((x) => x !== id));
      }),
    );
  });
});

describe('moveBy (the Move up / Move down buttons)', () => {
  it('moves one place, and not past either end', () => {
    expect(moveBy(ORDER, 'c', -1)).toEqual(['a', 'c', 'b', 'd', 'e']);
    expect(moveBy(ORDER, 'c', 1)).toEqual(['a', 'b', 'd', 'c', 'e']);
    expect(moveBy(ORDER, 'a', -1)).toBe(ORDER);
    expect(moveBy(ORDER, 'e', 1)).toBe(ORDER);
  });

  it('pressed step by step reaches the same ranking as one tap-to-place', () => {
    fc.assert(
      fc.property(aMove, ({ order, from, to }) => {
        const id = order[from]!;
        let stepped: readonly string[] = order;
        for (let i = 0; i < Math.abs(to - from); i++)
          stepped = moveBy(stepped, id, Math.sign(to - from));
        expect(stepped).toEqual(moveOnto(order, id, order[to]!));
      }),
    );
  });
});

describe('moveOnto (a tap on another item, or a drag over it)', () => {
  it('takes the target’s place, pushing the target one step towards where the item came from', () => {
    expect(moveOnto(ORDER, 'e', 'b')).toEqual(['a', 'e', 'b', 'c', 'd']);
    expect(moveOnto(ORDER, 'a', 'd')).toEqual(['b', 'c', 'd', 'a', 'e']);
    expect(moveOnto(ORDER, 'c', 'c')).toBe(ORDER);
    expect(moveOnto(ORDER, 'c', 'z')).toBe(ORDER);
  });

  it('gives the same ranking as a dnd-kit sortable drop of the item over the target', () => {
    fc.assert(
      fc.property(aMove, ({ order, from, to }) => {
        expect(moveOnto(order, order[from]!, order[to]!)).toEqual(arrayMove(order, from, to));
      }),
    );
  });
});
