import { describe, expect, it } from 'vitest';
import { rankItemPictures } from './community';
import { HIDDEN_PICTURE_ALT } from './item-pictures';

const id = 'a'.repeat(64);

describe('rankItemPictures', () => {
  it('reads each label’s picture from the game’s item at its place, null where there is none', () => {
    const pictures = rankItemPictures(
      ['Red', 'Plain'],
      [
        { id: 'i1', label: 'Red', image: { id, alt: 'A red square' } },
        { id: 'i2', label: 'Plain' },
        { id: 'i3', label: 'Past the preview', image: { id, alt: 'Not asked for' } },
      ],
    );
    expect(pictures).toEqual([{ thumbUrl: `/img/${id}.thumb.webp`, alt: 'A red square' }, null]);
  });

  it('names a hidden picture by the placeholder’s address and says it is hidden', () => {
    expect(
      rankItemPictures(
        ['Red'],
        [{ id: 'i1', label: 'Red', image: { id, alt: 'x', hidden: true } }],
      ),
    ).toEqual([{ thumbUrl: `/img/${id}.thumb.webp?hidden`, alt: HIDDEN_PICTURE_ALT }]);
  });

  it('is undefined for a text-only rank, a rank without a game, and shows none by another name', () => {
    expect(
      rankItemPictures(
        ['A', 'B'],
        [
          { id: 'i1', label: 'A' },
          { id: 'i2', label: 'B' },
        ],
      ),
    ).toBe(undefined);
    expect(rankItemPictures(['A'], null)).toBeUndefined();
    expect(
      rankItemPictures(
        ['Renamed'],
        [{ id: 'i1', label: 'Red', image: { id, alt: 'A red square' } }],
      ),
    ).toBeUndefined();
  });
});
