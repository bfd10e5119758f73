import { describe, expect, it } from 'vitest';
import { itemsMissing, rowsToFill } from './missing-items';

const row = (key: string, label: string) => ({ key, label });

describe('rowsToFill', () => {
  it('names the first empty rows, as many as are short of 3', () => {
    const rows = [row('a', 'Chips'), row('b', ' '), row('c', ''), row('d', '')];
    expect(rowsToFill(rows)).toEqual({ keys: ['b', 'c'], short: 2 });
  });

  it('says how many are short when the empty rows are too few', () => {
    expect(rowsToFill([row('a', 'Chips')])).toEqual({ keys: [], short: 2 });
  });

  it('is nothing once 3 rows are filled', () => {
    const rows = [row('a', 'A'), row('b', 'B'), row('c', 'C'), row('d', '')];
    expect(rowsToFill(rows)).toEqual({ keys: [], short: 0 });
  });
});

describe('itemsMissing', () => {
  it('says how many more, or at least 3 when there are none', () => {
    expect(itemsMissing(3)).toBe('Add at least 3 items.');
    expect(itemsMissing(2)).toBe('Add 2 more items.');
    expect(itemsMissing(1)).toBe('Add 1 more item.');
  });
});
