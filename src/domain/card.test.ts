import { describe, expect, it } from 'vitest';
import { itemsText, previewDescription, publicCard } from './card';
import { methodStandings, type Standings } from './methods-standings';
import { addRanking, emptyTally, summarize } from './results';

const items = [
  { id: 'a', label: 'Pizza' },
  { id: 'b', label: 'Sushi' },
  { id: 'c', label: 'Tacos' },
  { id: 'd', label: 'Ramen' },
];
const game = { id: 'g', prompt: 'Best food', items, closed: false, locked: false };

describe('public card', () => {
  const results = summarize(addRanking(emptyTally(), ['b', 'a', 'c', 'd']), items);

  it('shows the leaders of public results', () => {
    const card = publicCard(game, results, 3);
    expect(card.leaders?.map((leader) => leader.label)).toEqual(['Sushi', 'Pizza', 'Tacos']);
    expect(previewDescription(card, 4)).toBe(
      'Leading: Sushi · 1 player. Rank it yourself on Crowned.',
    );
  });

  it('counts its leaders by the method given, with shared places', () => {
    const tied = summarize(
      [
        ['a', 'b', 'c', 'd'],
        ['b', 'a', 'c', 'd'],
      ].reduce(addRanking, emptyTally()),
      items,
    );
    const card = publicCard(game, tied, 3, methodStandings(tied, 'borda') as Standings);
    expect(card.method).toBe('borda');
    expect(card.leaders).toEqual([
      { label: 'Pizza', firstShare: 0.5, place: 1, tied: true, note: '5 points' },
      { label: 'Sushi', firstShare: 0.5, place: 1, tied: true, note: '5 points' },
      { label: 'Tacos', firstShare: 0, place: 3, tied: false, note: '2 points' },
    ]);
    expect(publicCard(game, tied).method).toBe('mean');
  });

  it('never shows locked results', () => {
    const card = publicCard({ ...game, locked: true }, results);
    expect(card.leaders).toBeNull();
    expect(JSON.stringify(card)).not.toContain('firstShare');
    expect(previewDescription(card, 4)).toBe(
      'Rank Pizza, Sushi, Tacos and 1 more. Results are revealed when the game closes.',
    );
  });

  it('has no leaders before anyone ranked', () => {
    const card = publicCard(game, summarize(emptyTally(), items));
    expect(card.leaders).toBeNull();
    expect(previewDescription(card, 4)).toBe(
      'Rank Pizza, Sushi, Tacos and 1 more, then see how the crowd compares.',
    );
  });

  it('lists items in words', () => {
    expect(itemsText(['A'], 1)).toBe('A');
    expect(itemsText(['A', 'B'], 2)).toBe('A and B');
    expect(itemsText(['A', 'B', 'C'], 3)).toBe('A, B and C');
    expect(itemsText(['A', 'B', 'C', 'D'], 8)).toBe('A, B, C and 5 more');
  });
});
