import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { resultWindow, searchKey, TOP_ROWS } from './result-window';

const items = (n: number) => Array.from({ length: n }, (_, i) => ({ label: `Item ${i + 1}` }));

describe('resultWindow', () => {
  it('shows short lists whole, and the top ten of long ones until expanded', () => {
    expect(resultWindow(items(8), { expanded: false, query: '' })).toMatchObject({ hidden: 0 });
    const long = resultWindow(items(200), { expanded: false, query: '' });
    expect(long.rows.map((row) => row.rank)).toEqual(
      Array.from({ length: TOP_ROWS }, (_, i) => i + 1),
    );
    expect(long.hidden).toBe(190);
    expect(resultWindow(items(200), { expanded: true, query: '' }).rows).toHaveLength(200);
  });

  it('finds items anywhere in the order, keeping their rank, ignoring case and accents', () => {
    const list = [{ label: 'Crème brûlée' }, ...items(30), { label: 'CREME fraiche' }];
    const found = resultWindow(list, { expanded: false, query: '  creme ' });
    expect(found.rows).toEqual([
      { item: { label: 'Crème brûlée' }, rank: 1 },
      { item: { label: 'CREME fraiche' }, rank: 32 },
    ]);
    expect(found.searching).toBe(true);
    expect(resultWindow(list, { expanded: false, query: 'nothing like it' }).rows).toEqual([]);
  });

  it('never loses or reorders a row: shown plus hidden is the whole list, ranks ascending', () => {
    fc.assert(
      fc.property(fc.nat(60), fc.boolean(), (n, expanded) => {
        const view = resultWindow(items(n), { expanded, query: '' });
        expect(view.rows.length + view.hidden).toBe(n);
        expect(view.rows.map((row) => row.rank)).toEqual(view.rows.map((_, i) => i + 1));
      }),
    );
  });

  it('folds width and spacing', () => {
    expect(searchKey('Ｐｉｚｚａ  Margherita')).toBe('pizza margherita');
  });
});
