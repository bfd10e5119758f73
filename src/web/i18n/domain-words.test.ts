/**
 * The domain gives codes and values (decision 0023); the web words them from its catalogs. These
 * check that the English reads as it did when the domain built the sentences.
 */
import { describe, expect, it } from 'vitest';
import { controversy } from '../../domain/crowd';
import { methodsSplit } from '../../domain/methods-standings';
import { MESSAGES } from '../../domain/game';
import { authFieldsText } from './messages/account';
import { createPageText } from './messages/create';
import { addRanking, emptyTally, summarize } from '../../domain/results';
import { methodSwitchText } from './messages/results';
import { bannerText, splitText } from '../results/method-words';

const ITEMS = [
  { id: 'p', label: 'Pineapple' },
  { id: 'm', label: 'Mushrooms' },
  { id: 'a', label: 'Anchovies' },
  { id: 'o', label: 'Olives' },
];
const labels = new Map(ITEMS.map((item) => [item.id, item.label]));

describe('the results in words', () => {
  it('say who each method crowns, and when the methods disagree', () => {
    const t = methodSwitchText.get();
    const split = (...args: Parameters<typeof methodsSplit>) =>
      splitText(t, methodsSplit(...args), labels, 'm');
    expect(split({ mean: 'p', borda: 'p', schulze: 'm', irv: 'm' }, 'mean')).toBe(
      'The methods disagree: Pineapple by average position and by Borda count; Mushrooms head to head and by instant runoff.',
    );
    expect(split({ mean: 'p', borda: 'p', schulze: 'm' }, 'schulze')).toBe(
      'The methods disagree: Mushrooms head to head; Pineapple by average position and by Borda count.',
    );
    expect(split({ mean: 'a', borda: 'p', schulze: 'a' }, 'borda')).toBe(
      'The methods disagree: Pineapple by Borda count; Anchovies by average position and by Schulze.',
    );
    expect(bannerText(t, 'schulze', ['m'], labels)).toBe('Schulze crowns Mushrooms');
    expect(bannerText(t, 'mean', ['m', 'p', 'a'], labels)).toBe(
      'Average position: Mushrooms, Pineapple and Anchovies tie for the crown',
    );
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
