import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_ITEM_LENGTH } from './limits';
import { splitPastedList } from './pasted-list';
import { cleanText } from './text';

describe('splitPastedList', () => {
  it('makes one item per line, whatever the line breaks', () => {
    expect(splitPastedList('Pepperoni\nMushroom\r\nOlives\rBasil\u2028Ham')).toEqual([
      'Pepperoni',
      'Mushroom',
      'Olives',
      'Basil',
      'Ham',
    ]);
  });

  it('drops blank lines, spaces around items and invisible characters', () => {
    expect(splitPastedList('\n  Pepperoni \n\n\t\nMush\u200broom\n\u00a0\n')).toEqual([
      'Pepperoni',
      'Mushroom',
    ]);
  });

  it('drops bullets, numbers and task boxes, but not numbers that are part of the item', () => {
    expect(
      splitPastedList('- Pepperoni\n* Mushroom\n• Olives\n1. Basil\n2) Ham\n(3) Onion\n[x] Corn'),
    ).toEqual(['Pepperoni', 'Mushroom', 'Olives', 'Basil', 'Ham', 'Onion', 'Corn']);
    expect(splitPastedList('7 Up\n3.14 pie\n-5°C days\n2001: A Space Odyssey')).toEqual([
      '7 Up',
      '3.14 pie',
      '-5°C days',
      '2001: A Space Odyssey',
    ]);
  });

  it('keeps repeats, for the form to mark', () => {
    expect(splitPastedList('Pizza\npizza\nPizza')).toEqual(['Pizza', 'pizza', 'Pizza']);
  });

  it('is not a list with fewer than two items', () => {
    expect(splitPastedList('Pepperoni')).toBeNull();
    expect(splitPastedList('Pepperoni\n')).toBeNull();
    expect(splitPastedList('\n - \n Pepperoni \n\n')).toBeNull();
    expect(splitPastedList('')).toBeNull();
  });

  it('cuts a long line to the item length, never inside a character', () => {
    const long = '👑'.repeat(MAX_ITEM_LENGTH);
    const [first, second] = splitPastedList(`${long}\n${'a'.repeat(500)}`) ?? [];
    expect(first).toBe('👑'.repeat(MAX_ITEM_LENGTH / 2));
    expect(second).toBe('a'.repeat(MAX_ITEM_LENGTH));
  });

  it('gives only clean, non-empty items of at most the item length', () => {
    fc.assert(
      fc.property(fc.array(fc.string(), { maxLength: 8 }), (lines) => {
        for (const item of splitPastedList(lines.join('\n')) ?? []) {
          expect(item).not.toBe('');
          expect(item.length).toBeLessThanOrEqual(MAX_ITEM_LENGTH);
          expect(cleanText(item)).toBe(item);
        }
      }),
    );
  });
});
