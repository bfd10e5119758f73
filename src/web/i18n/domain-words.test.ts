/**
 * The domain gives codes and values (decision 0023); the web words them from its catalogs. These
 * check that the English reads as it did when the domain built the sentences.
 */
import { describe, expect, it } from 'vitest';
import { controversy, disagreements } from '../../domain/crowd';
import { MESSAGES } from '../../domain/game';
import { authFieldsText } from './messages/account';
import { createPageText } from './messages/create';
import { addRanking, emptyTally, summarize } from '../../domain/results';
import { methodSwitchText } from './messages/results';
import { disagreementText } from '../results/method-words';

const ITEMS = [
  { id: 'p', label: 'Pineapple' },
  { id: 'm', label: 'Mushrooms' },
  { id: 'a', label: 'Anchovies' },
  { id: 'o', label: 'Olives' },
];
const labels = new Map(ITEMS.map((item) => [item.id, item.label]));

describe('the results in words', () => {
  it('say which methods crown another winner, and why', () => {
    const t = methodSwitchText.get();
    const say = (...args: Parameters<typeof disagreements>) =>
      disagreements(...args).map((note) => disagreementText(t, note, labels));
    expect(say({ mean: 'p', borda: 'p', schulze: 'm', irv: 'a' }, 'mean', labels, 'm')).toEqual([
      'Schulze crowns Mushrooms: it beats every other item head to head',
      'Instant runoff crowns Anchovies: it wins the instant runoff after the others drop out',
    ]);
    expect(say({ mean: 'p', schulze: 'm' }, 'schulze', labels, null)).toEqual([
      'Average position crowns Pineapple: it has the best average position',
    ]);
    expect(say({ mean: 'p', borda: 'm', schulze: 'p' }, 'mean', labels, null)).toEqual([
      'Borda count crowns Mushrooms: it collects the most points',
    ]);
    expect(say({ mean: 'm', borda: 'm', schulze: 'm', irv: 'p' }, 'irv', labels, 'm')).toEqual([
      'Average position, Borda count and Schulze crown Mushrooms: it beats every other item head to head',
    ]);
    expect(say({ mean: 'm', borda: 'm', irv: 'p' }, 'irv', labels, 'm')).toEqual([
      'Average position and Borda count crown Mushrooms: it has the best average position',
    ]);
    expect(t.schulze).toBe('Schulze');
    expect(t.irvExplained).toMatch(/^The item with the fewest first places drops out/);
  });
});

describe('the crowd in words', () => {
  it('names a place everyone agreed on', async () => {
    const { unanimousText } = await import('../results/crowd-words');
    const words = (cast: string[][]) => {
      const r = summarize(cast.reduce(addRanking, emptyTally()), ITEMS);
      const { unanimous } = controversy(r.items, r.submissions);
      return unanimous ? unanimousText(unanimous) : null;
    };
    expect(
      words([
        ['m', 'a', 'o', 'p'],
        ['a', 'm', 'o', 'p'],
        ['o', 'm', 'a', 'p'],
      ]),
    ).toBe('Everyone put Pineapple last.');
    expect(
      words([
        ['m', 'a', 'o', 'p'],
        ['m', 'o', 'a', 'p'],
      ]),
    ).toBe('Everyone put Mushrooms first.');
    expect(
      words([
        ['p', 'a', 'm', 'o'],
        ['m', 'a', 'p', 'o'],
        ['o', 'a', 'p', 'm'],
      ]),
    ).toBe('Everyone put Anchovies 2nd.');
    expect(words([['p', 'm', 'a', 'o']])).toBeNull();
  });

  it('says where a player differs most from the crowd', async () => {
    const { differenceText } = await import('../results/crowd-words');
    expect(differenceText({ itemId: 'p', mine: 1, crowd: 4 }, 'Pineapple')).toBe(
      'You put Pineapple 1st; the crowd put it 4th.',
    );
  });
});

describe('the achievements in words', () => {
  it('name each one and say what it asks for, as the player page read before', async () => {
    const { ACHIEVEMENTS } = await import('../../domain/achievements');
    const { achievementWords } = await import('./achievement-words');
    expect(ACHIEVEMENTS.map((a) => achievementWords(a.id, a.goal))).toEqual([
      { name: 'First Play', description: 'Submit your first ranking' },
      { name: 'Collector', description: 'Create 10 games' },
      { name: 'Publisher', description: 'Publish a rank to the Community' },
      { name: 'Level 5', description: 'Reach level 5' },
      { name: 'Level 10', description: 'Reach level 10' },
      { name: 'Crown Hoarder', description: 'Collect 100 crowns' },
    ]);
  });
});

describe('checks the web makes before the server', () => {
  it("say what the server would (the server's words)", () => {
    expect(createPageText.get().duplicateItems).toBe(MESSAGES.duplicateItems);
    expect(authFieldsText.get().nameRequired).toBe(MESSAGES.nameRequired);
  });
});
