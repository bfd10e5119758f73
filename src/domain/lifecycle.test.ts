import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AppError } from './errors';
import { MESSAGES } from './game';
import {
  applyItemEdit,
  isClosed,
  keepItems,
  LIFECYCLE_MESSAGES,
  lockedUntil,
  MAX_DEADLINE_AHEAD_MS,
  MAX_SIZE_LIMIT,
  needsReorder,
  normalizeRules,
  placeAll,
  tallyOf,
  unlockNeeds,
} from './lifecycle';
import { addRanking, emptyTally, removeRanking } from './results';

const now = Date.UTC(2026, 10, 22, 12, 0, 0);

describe('closing rules', () => {
  it('keeps a future deadline with its minutes rounded up, and ignores any other', () => {
    expect(normalizeRules({ deadlineAt: now + 90_500 }, now)).toEqual({
      sizeLimit: null,
      timeLimit: 2,
      deadlineAt: now + 90_500,
    });
    expect(normalizeRules({ deadlineAt: now - 1 }, now).deadlineAt).toBeNull();
    expect(normalizeRules({ deadlineAt: Number.NaN }, now).deadlineAt).toBeNull();
    expect(normalizeRules({ deadlineAt: null }, now).timeLimit).toBeNull();
  });

  it('keeps a players limit above 0, and ignores any other', () => {
    expect(normalizeRules({ sizeLimit: 5 }, now).sizeLimit).toBe(5);
    expect(normalizeRules({ sizeLimit: 0 }, now).sizeLimit).toBeNull();
    expect(normalizeRules({ sizeLimit: -3 }, now).sizeLimit).toBeNull();
    expect(normalizeRules({ sizeLimit: Number.POSITIVE_INFINITY }, now).sizeLimit).toBeNull();
  });

  it('keeps values a database column holds: huge limits capped, far deadlines ignored', () => {
    expect(normalizeRules({ sizeLimit: 1e300 }, now).sizeLimit).toBe(MAX_SIZE_LIMIT);
    expect(normalizeRules({ sizeLimit: 2.2 }, now).sizeLimit).toBe(3);
    expect(normalizeRules({ deadlineAt: now + MAX_DEADLINE_AHEAD_MS + 1 }, now)).toEqual({
      sizeLimit: null,
      timeLimit: null,
      deadlineAt: null,
    });
    expect(normalizeRules({ deadlineAt: 8.64e15 + 1 }, now).deadlineAt).toBeNull();
    const far = normalizeRules({ deadlineAt: now + MAX_DEADLINE_AHEAD_MS }, now);
    expect(far.timeLimit).toBeLessThan(2 ** 31);
  });

  it('closes at the players limit or the deadline', () => {
    const game = { closed: false, sizeLimit: 3, deadlineAt: now + 1000 };
    expect(isClosed(game, 2, now)).toBe(false);
    expect(isClosed(game, 3, now)).toBe(true);
    expect(isClosed(game, 0, now + 1000)).toBe(true);
    expect(isClosed({ closed: true, sizeLimit: null, deadlineAt: null }, 0, now)).toBe(true);
    expect(isClosed({ closed: false, sizeLimit: null, deadlineAt: null }, 1e6, now)).toBe(false);
  });

  it('tells what unlocks the results', () => {
    expect(unlockNeeds({ sizeLimit: 5, deadlineAt: null }, 2)).toEqual({
      playersNeeded: 3,
      deadlineAt: null,
    });
    expect(unlockNeeds({ sizeLimit: null, deadlineAt: now }, 2)).toEqual({
      playersNeeded: null,
      deadlineAt: now,
    });
  });

  it('says what unlocks locked results, and nothing when they are not locked', () => {
    expect(lockedUntil({ sizeLimit: 4, deadlineAt: now, closed: false }, 1)).toEqual({
      playersNeeded: 3,
      deadlineAt: now,
    });
    expect(lockedUntil({ sizeLimit: 4, deadlineAt: null, closed: true }, 4)).toBeNull();
    expect(lockedUntil({ sizeLimit: null, deadlineAt: null, closed: false }, 0)).toBeNull();
  });
});

describe('editing items', () => {
  const current = [
    { id: 'a', label: 'Apple' },
    { id: 'b', label: 'Banana' },
  ];
  let n = 0;
  const newId = () => `new${++n}`;

  it('keeps ids for renames, adds new items, drops empties and removed ones', () => {
    const next = applyItemEdit(
      current,
      [{ id: 'b', label: ' Blueberry ' }, '  ', 'Cherry', { label: 'Date' }],
      newId,
    );
    expect(next.map((item) => item.label)).toEqual(['Blueberry', 'Cherry', 'Date']);
    expect(next[0]?.id).toBe('b');
    expect(new Set(next.map((item) => item.id)).size).toBe(3);
    expect(next.some((item) => item.id === 'a')).toBe(false);
  });

  it('never reuses an id twice, nor hands out a removed item id to a new item', () => {
    let calls = 0;
    const clashing = () => (++calls < 3 ? 'a' : `fresh${calls}`);
    const next = applyItemEdit(
      current,
      [
        { id: 'b', label: 'B' },
        { id: 'b', label: 'B2' },
      ],
      clashing,
    );
    expect(next.map((item) => item.id)).toEqual(['b', 'fresh3']);
  });

  it('needs at least one item and keeps at most 200', () => {
    expect(() => applyItemEdit(current, ['', ' '], newId)).toThrow(
      new AppError('invalid-argument', LIFECYCLE_MESSAGES.atLeastOneItem),
    );
    const many = Array.from({ length: 250 }, (_, i) => `item ${i}`);
    expect(applyItemEdit(current, many, newId)).toHaveLength(200);
  });

  it('refuses the same label twice, whatever its case', () => {
    expect(() => applyItemEdit(current, ['Apple', ' apple '], newId)).toThrow(
      new AppError('invalid-argument', MESSAGES.duplicateItems),
    );
  });

  it('refuses labels that only differ by Unicode form or invisible characters', () => {
    for (const pair of [
      ['Café', 'Cafe\u0301'],
      ['AB', 'A\u200bB'],
      ['ｆｕｌｌ', 'full'],
    ]) {
      expect(() => applyItemEdit(current, pair, newId)).toThrow(
        new AppError('invalid-argument', MESSAGES.duplicateItems),
      );
    }
    expect(applyItemEdit(current, ['\u202eevil\u0000', 'ok'], newId).map((i) => i.label)).toEqual([
      'evil',
      'ok',
    ]);
  });

  it('asks players to re-order when items were added', () => {
    expect(needsReorder(['a', 'b'], current)).toBe(false);
    expect(needsReorder(['a'], current)).toBe(true);
  });
});

describe('re-counting after a removal', () => {
  it('keeps the remaining items of a ranking in its order', () => {
    expect(keepItems(['c', 'a', 'b'], new Set(['a', 'c']))).toEqual(['c', 'a']);
    expect(keepItems(['x'], new Set(['a']))).toEqual([]);
  });

  const rankings = fc.array(
    fc.shuffledSubarray(['a', 'b', 'c', 'd', 'e', 'constructor'], { minLength: 0 }),
    { maxLength: 12 },
  );

  it('builds the same tally as adding the rankings one by one', () => {
    fc.assert(
      fc.property(rankings, (list) => {
        const expected = list.reduce((tally, ranking) => addRanking(tally, ranking), emptyTally());
        expect(tallyOf(list)).toEqual(expected);
        // Canonical: each ranking can be taken away again, down to nothing.
        expect(
          list.reduce((tally, ranking) => removeRanking(tally, ranking), tallyOf(list)),
        ).toEqual(emptyTally());
      }),
    );
  });
});

describe('placeAll', () => {
  const items = [
    { id: 'a', label: 'A' },
    { id: 'b', label: 'B' },
    { id: 'c', label: 'C' },
  ];

  it('keeps the order of known items, drops removed ones and appends missing ones', () => {
    expect(placeAll(['c', 'gone', 'a'], items)).toEqual(['c', 'a', 'b']);
    expect(placeAll([], items)).toEqual(['a', 'b', 'c']);
    expect(placeAll(['b', 'c', 'a'], items)).toEqual(['b', 'c', 'a']);
  });

  it('always gives every current item exactly once', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('a', 'b', 'c', 'x', 'y')), (ranking) => {
        const placed = placeAll([...new Set(ranking)], items);
        expect([...placed].sort()).toEqual(['a', 'b', 'c']);
      }),
    );
  });
});
