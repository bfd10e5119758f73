import { describe, expect, it } from 'vitest';
import type { ItemRow } from '../game/item-row-edits';
import { editSummary, rowsFromItems, summaryText, toItemEdits } from './item-rows';

const items = [
  { id: 'a1', label: 'Pancakes' },
  { id: 'b2', label: 'Waffles' },
  { id: 'c3', label: 'French toast' },
];

describe('rowsFromItems', () => {
  it('keeps every item id with its label, in order', () => {
    expect(rowsFromItems(items)).toEqual([
      { key: 'a1', id: 'a1', label: 'Pancakes' },
      { key: 'b2', id: 'b2', label: 'Waffles' },
      { key: 'c3', id: 'c3', label: 'French toast' },
    ]);
  });
});

describe('toItemEdits', () => {
  it('sends { id, label } for existing items and plain labels for new rows, trimmed', () => {
    const rows: ItemRow[] = [
      { key: 'a1', id: 'a1', label: '  Pancakes with syrup ' },
      { key: 'new:1', label: ' Crêpes ' },
      { key: 'c3', id: 'c3', label: 'French toast' },
    ];
    expect(toItemEdits(rows)).toEqual([
      { id: 'a1', label: 'Pancakes with syrup' },
      'Crêpes',
      { id: 'c3', label: 'French toast' },
    ]);
  });

  it('sends blank rows too, so the server decides (and says "At least one item required")', () => {
    expect(toItemEdits([{ key: 'a1', id: 'a1', label: '  ' }])).toEqual([{ id: 'a1', label: '' }]);
    expect(toItemEdits([])).toEqual([]);
  });
});

describe('editSummary', () => {
  it('is all zero when nothing changed', () => {
    const summary = editSummary(items, rowsFromItems(items));
    expect(summary).toEqual({ renamed: 0, added: 0, removed: 0 });
    expect(summaryText(summary)).toBeNull();
  });

  it('counts renames, additions and removals; blank rows are removals or nothing', () => {
    const rows: ItemRow[] = [
      { key: 'a1', id: 'a1', label: 'Pancakes!' },
      { key: 'b2', id: 'b2', label: '   ' },
      { key: 'new:1', label: 'Crêpes' },
      { key: 'new:2', label: '' },
    ];
    const summary = editSummary(items, rows);
    expect(summary).toEqual({ renamed: 1, added: 1, removed: 2 });
    expect(summaryText(summary)).toBe('1 renamed · 1 added · 2 removed');
  });

  it('does not count a label only re-spaced as a rename', () => {
    const rows = rowsFromItems(items).map((row) => ({ ...row, label: ` ${row.label} ` }));
    expect(editSummary(items, rows)).toEqual({ renamed: 0, added: 0, removed: 0 });
  });
});
