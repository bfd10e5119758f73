import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addPick, keptPicks, matchingItems, removePick, searchKey } from './top-picks';

const items = (labels: string[]) => labels.map((label, i) => ({ id: `i${i}`, label }));
const ids = Array.from({ length: 30 }, (_, i) => `i${i}`);

describe('addPick and removePick', () => {
  it('add an item last, once, and never more than N', () => {
    expect(addPick(['a'], 'b', 3)).toEqual(['a', 'b']);
    const full = ['a', 'b', 'c'];
    expect(addPick(full, 'd', 3)).toBe(full);
    const picks = ['a', 'b'];
    expect(addPick(picks, 'a', 3)).toBe(picks);
    expect(removePick(['a', 'b', 'c'], 'b')).toEqual(['a', 'c']);
    expect(removePick(picks, 'z')).toBe(picks);
  });

  it('keep the picks distinct and at most N whatever is added and removed', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10 }),
        fc.array(fc.record({ add: fc.boolean(), id: fc.constantFrom(...ids) }), {
          maxLength: 60,
        }),
        (max, steps) => {
          let picks: readonly string[] = [];
          for (const step of steps) {
            const before = picks;
            picks = step.add ? addPick(picks, step.id, max) : removePick(picks, step.id);
            if (step.add && !before.includes(step.id) && before.length < max) {
              expect(picks.at(-1)).toBe(step.id);
            }
            if (!step.add) expect(picks).not.toContain(step.id);
          }
          expect(new Set(picks).size).toBe(picks.length);
          expect(picks.length).toBeLessThanOrEqual(max);
        },
      ),
    );
  });
});

describe('keptPicks', () => {
  it('drops items no longer in the game, repeats and any beyond N', () => {
    const game = items(['A', 'B', 'C']);
    const picks = ['i1', 'i0'];
    expect(keptPicks(picks, game, 3)).toBe(picks);
    expect(keptPicks(['i1', 'gone', 'i1', 'i2', 'i0'], game, 2)).toEqual(['i1', 'i2']);
  });
});

describe('matchingItems', () => {
  const game = items(['Pepperoni', 'Margherita', 'Four cheese', 'Crêpes', 'Hawaiian pepper']);

  it('lists every unpicked item in the game’s order for a blank query', () => {
    expect(matchingItems(game, '  ', new Set(['i1'])).map((i) => i.label)).toEqual([
      'Pepperoni',
      'Four cheese',
      'Crêpes',
      'Hawaiian pepper',
    ]);
  });

  it('puts labels starting with the query first, then a word starting with it, then inside', () => {
    const found = matchingItems(
      items(['Cheese', 'Four cheese', 'Macaroni cheese', 'Xcheese']),
      'CHE',
      new Set(),
    );
    expect(found.map((i) => i.label)).toEqual([
      'Cheese',
      'Four cheese',
      'Macaroni cheese',
      'Xcheese',
    ]);
    expect(matchingItems(game, 'pep', new Set()).map((i) => i.label)).toEqual([
      'Pepperoni',
      'Hawaiian pepper',
    ]);
  });

  it('ignores case and accents, and leaves picked items out', () => {
    expect(matchingItems(game, 'crepe', new Set()).map((i) => i.label)).toEqual(['Crêpes']);
    expect(matchingItems(game, 'pep', new Set(['i0'])).map((i) => i.label)).toEqual([
      'Hawaiian pepper',
    ]);
    expect(searchKey('  CRÊPES ')).toBe('crepes');
  });

  it('finds only items holding the query, each once', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ maxLength: 8 }), { maxLength: 20 }),
        fc.string({ maxLength: 3 }),
        (labels, query) => {
          const list = items(labels);
          const found = matchingItems(list, query, new Set());
          expect(new Set(found.map((i) => i.id)).size).toBe(found.length);
          for (const item of found) expect(searchKey(item.label)).toContain(searchKey(query));
          const missed = list.filter((item) => !found.includes(item));
          for (const item of missed) expect(searchKey(item.label)).not.toContain(searchKey(query));
        },
      ),
    );
  });
});
