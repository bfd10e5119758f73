import { describe, expect, it } from 'vitest';
import {
  afterEnter,
  findDuplicates,
  focusAfterRemoving,
  itemRowsFor,
  newItemRow,
  withLabel,
  withRowAdded,
  withPastedItems,
  withRowRemoved,
  type ItemRow,
} from './item-row-edits';

const rows: ItemRow[] = [
  { key: 'a1', id: 'a1', label: 'Pancakes' },
  { key: 'b2', id: 'b2', label: 'Waffles' },
  { key: 'new:1', label: '' },
];

describe('newItemRow and itemRowsFor', () => {
  it('gives every new row a key of its own, apart from item ids', () => {
    const keys = [newItemRow(), newItemRow('Chips'), ...itemRowsFor(['A', 'B'])].map(
      (row) => row.key,
    );
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys.every((key) => /^new:\d+$/.test(key))).toBe(true);
  });

  it('makes rows for the labels, or 3 empty rows', () => {
    expect(itemRowsFor(['Chips', 'Salsa']).map((row) => row.label)).toEqual(['Chips', 'Salsa']);
    expect(itemRowsFor([]).map((row) => row.label)).toEqual(['', '', '']);
  });
});

describe('adding, removing and relabelling', () => {
  it('adds at the end, but never past the maximum', () => {
    const row = newItemRow();
    expect(withRowAdded(rows, row, 4).at(-1)).toBe(row);
    expect(withRowAdded(rows, row, 3)).toEqual(rows);
  });

  it('removes by key and relabels by key, leaving the other rows (and ids) as they were', () => {
    expect(withRowRemoved(rows, 'b2').map((row) => row.key)).toEqual(['a1', 'new:1']);
    const relabelled = withLabel(rows, 'a1', 'Buttermilk pancakes');
    expect(relabelled[0]).toEqual({ key: 'a1', id: 'a1', label: 'Buttermilk pancakes' });
    expect(relabelled.slice(1)).toEqual(rows.slice(1));
  });

  it('moves focus to the row after the one removed, else the one before, else nowhere', () => {
    expect(focusAfterRemoving(rows, 0)).toBe('b2');
    expect(focusAfterRemoving(rows, 2)).toBe('b2');
    expect(focusAfterRemoving([rows[0]!], 0)).toBeNull();
  });
});

describe('afterEnter', () => {
  it('moves to the next row', () => {
    expect(afterEnter(rows, 0)).toEqual({ focus: 'b2' });
  });

  it('adds a row on a filled last row, and does nothing on an empty one', () => {
    expect(afterEnter(rows.slice(0, 2), 1)).toBe('add');
    expect(afterEnter(rows, 2)).toBeNull();
    expect(afterEnter([{ key: 'x', label: '   ' }], 0)).toBeNull();
  });
});

describe('findDuplicates', () => {
  it('marks rows that repeat an earlier label, ignoring case and spaces, not blank rows', () => {
    const list: ItemRow[] = [
      { key: '1', label: 'Chips' },
      { key: '2', label: ' chips ' },
      { key: '3', label: '' },
      { key: '4', label: '' },
      { key: '5', label: 'Salsa' },
    ];
    expect(findDuplicates(list)).toEqual(new Set(['2']));
  });
});

describe('withPastedItems', () => {
  const labels = (pasted: { rows: ItemRow[] }) => pasted.rows.map((row) => row.label);
  const empty = (): ItemRow[] => [
    { key: 'r1', label: '' },
    { key: 'r2', label: '' },
    { key: 'r3', label: '' },
  ];

  it('puts the first item in the row, fills the empty rows after it, then adds rows', () => {
    const pasted = withPastedItems(empty(), 'r1', ['A', 'B', 'C', 'D', 'E'], {
      max: 200,
      replace: true,
    });
    expect(labels(pasted)).toEqual(['A', 'B', 'C', 'D', 'E']);
    expect(pasted.rows.slice(0, 3).map((row) => row.key)).toEqual(['r1', 'r2', 'r3']);
    expect(pasted).toMatchObject({ placed: 5, left: 0 });
  });

  it('skips rows that have text, and leaves rows before the pasted one alone', () => {
    const start: ItemRow[] = [
      { key: 'r1', label: '' },
      { key: 'r2', label: 'Old' },
      { key: 'r3', label: 'Kept' },
      { key: 'r4', label: ' ' },
    ];
    expect(
      labels(withPastedItems(start, 'r2', ['A', 'B', 'C'], { max: 9, replace: true })),
    ).toEqual(['', 'A', 'Kept', 'B', 'C']);
    // The paste landed inside typed text: the row keeps it, the items come after.
    expect(labels(withPastedItems(start, 'r2', ['A', 'B'], { max: 9, replace: false }))).toEqual([
      '',
      'Old',
      'Kept',
      'A',
      'B',
    ]);
  });

  it('stops at the row limit and says how many did not fit', () => {
    const pasted = withPastedItems(empty(), 'r3', ['A', 'B', 'C', 'D'], { max: 4, replace: true });
    expect(labels(pasted)).toEqual(['', '', 'A', 'B']);
    expect(pasted).toMatchObject({ placed: 2, left: 2 });
  });

  it('changes nothing for a row that is gone', () => {
    const start = empty();
    const pasted = withPastedItems(start, 'nope', ['A', 'B'], { max: 9, replace: true });
    expect(pasted.rows).toEqual(start);
    expect(pasted).toMatchObject({ placed: 0, left: 2 });
  });
});
