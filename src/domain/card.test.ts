import { describe, expect, it } from 'vitest';
import { itemsText, previewDescription, previewPictures, publicCard } from './card';
import { HIDDEN_PICTURE_ALT } from './item-pictures';
import { methodStandings, type Standings } from './methods-standings';
import { gameResults } from './crowd-tiers';
import { addRanking, emptyTally, summarize, tallyOfBallots } from './results';

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

  it('draws a tiers game’s crowd tier list: every tier, its colour and first items', () => {
    const tiers = [
      { label: 'S', color: '#ff7f7f' },
      { label: 'A', color: '#ffbf7f' },
    ];
    const ballot = { kind: 'tiers' as const, tiers };
    const many = Array.from({ length: 8 }, (_, i) => ({ id: `i${i}`, label: `Item ${i}` }));
    const tally = tallyOfBallots([[many.map((item) => item.id), []]]);
    const card = publicCard({ ...game, items: many, ballot }, gameResults(tally, many, ballot));
    expect(card.tiers).toEqual([
      { label: 'S', color: '#ff7f7f', items: many.slice(0, 6).map((i) => i.label), more: 2 },
      { label: 'A', color: '#ffbf7f', items: [], more: 0 },
    ]);
    // Locked, or another kind: no tier list.
    const locked = { ...game, items: many, ballot, locked: true };
    expect(publicCard(locked, gameResults(tally, many, ballot)).tiers).toBeUndefined();
    expect(publicCard(game, results).tiers).toBeUndefined();
  });

  describe('pictures', () => {
    const red = 'a'.repeat(64);
    const blue = 'b'.repeat(64);
    const pictured = [
      { id: 'a', label: 'Pizza', image: { id: red, alt: 'A red pizza' } },
      { id: 'b', label: 'Sushi', image: { id: blue, alt: 'Blue sushi', hidden: true as const } },
      { id: 'c', label: 'Tacos' },
      { id: 'd', label: 'Ramen' },
    ];
    const redPicture = { thumbUrl: `/img/${red}.thumb.webp`, alt: 'A red pizza' };
    const hiddenPicture = { thumbUrl: `/img/${blue}.thumb.webp?hidden`, alt: HIDDEN_PICTURE_ALT };

    it('names each leader’s and item’s thumbnail and alt; a hidden one by its hidden address', () => {
      const ranked = summarize(addRanking(emptyTally(), ['b', 'c', 'a', 'd']), pictured);
      const card = publicCard({ ...game, items: pictured }, ranked);
      expect(card.leaders?.map((leader) => leader.image ?? null)).toEqual([
        hiddenPicture,
        null,
        redPicture,
        null,
      ]);
      expect(card.itemImages).toEqual([redPicture, hiddenPicture, null, null]);
      // The image draws the first three leaders' pictures, each once.
      expect(previewPictures(card)).toEqual([hiddenPicture, redPicture]);
      // No leaders: the first items' pictures.
      const locked = publicCard({ ...game, items: pictured, locked: true }, ranked);
      expect(previewPictures(locked)).toEqual([redPicture, hiddenPicture]);
    });

    it('leaves a text game’s card exactly as it was', () => {
      const card = publicCard(game, results);
      expect(JSON.stringify(card)).not.toMatch(/image/i);
      expect(previewPictures(card)).toEqual([]);
    });

    it('puts a tier list’s pictures beside its items', () => {
      const ballot = {
        kind: 'tiers' as const,
        tiers: [
          { label: 'S', color: '#ff7f7f' },
          { label: 'A', color: '#ffbf7f' },
        ],
      };
      const tally = tallyOfBallots([[['c', 'a'], ['b']]]);
      const card = publicCard(
        { ...game, items: pictured, ballot },
        gameResults(tally, pictured, ballot),
      );
      const [top, second] = card.tiers ?? [];
      expect(top?.images).toEqual(
        top?.items.map((label) => (label === 'Pizza' ? redPicture : null)),
      );
      expect(second).toMatchObject({ items: ['Sushi'], images: [hiddenPicture] });
      expect(previewPictures(card)).toEqual([redPicture, hiddenPicture]);
    });
  });
});
