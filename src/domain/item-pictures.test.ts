import { describe, expect, it } from 'vitest';
import { AppError } from './errors';
import { IMAGE_MESSAGES } from './images';
import {
  addedPictureIds,
  checkItemImage,
  ITEM_PICTURE_MESSAGES,
  itemView,
  labelFromFileName,
  newItemEntries,
  removesPicture,
  withPictures,
} from './item-pictures';
import { applyItemEdit } from './lifecycle';
import { MAX_IMAGE_ALT_LENGTH, MAX_ITEM_LENGTH } from './limits';

function messageOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error.message;
    throw error;
  }
  return 'no error';
}

const RED = 'a'.repeat(64);
const BLUE = 'b'.repeat(64);
const GREEN = 'c'.repeat(64);

describe('labelFromFileName', () => {
  it.each([
    ['golden_retriever-2.jpg', 'golden retriever 2'],
    ['  Tokyo Tower .PNG', 'Tokyo Tower'],
    ['IMG_0042.jpeg', 'IMG 0042'],
    ['photos/2024/beach__day.webp', 'beach day'],
    ['C:\\Users\\me\\Desktop\\my-cat.avif', 'my cat'],
    ['no extension', 'no extension'],
    ['version 1.2 final.gif', 'version 1.2 final'],
    ['---.png', ''],
    ['Cafe\u0301\u200b.jpg', 'Café'],
  ])('%j → %j', (name, label) => {
    expect(labelFromFileName(name)).toBe(label);
  });

  it('cuts a long name to an item’s length', () => {
    const label = labelFromFileName(`${'x'.repeat(MAX_ITEM_LENGTH + 30)}.png`);
    expect(label).toHaveLength(MAX_ITEM_LENGTH);
  });
});

describe('checkItemImage', () => {
  it('cleans the alt text and keeps the id', () => {
    expect(checkItemImage({ id: RED, alt: '  A red\u200b square ' })).toEqual({
      id: RED,
      alt: 'A red square',
    });
  });

  it('requires a description, at most the limit long', () => {
    expect(messageOf(() => checkItemImage({ id: RED }))).toBe(IMAGE_MESSAGES.altRequired);
    expect(messageOf(() => checkItemImage({ id: RED, alt: ' \u200b ' }))).toBe(
      IMAGE_MESSAGES.altRequired,
    );
    expect(
      messageOf(() => checkItemImage({ id: RED, alt: 'x'.repeat(MAX_IMAGE_ALT_LENGTH + 1) })),
    ).toBe(IMAGE_MESSAGES.altTooLong);
    expect(checkItemImage({ id: RED, alt: 'x'.repeat(MAX_IMAGE_ALT_LENGTH) }).alt).toHaveLength(
      MAX_IMAGE_ALT_LENGTH,
    );
  });

  it('refuses an id that cannot be a picture’s, as it refuses an unknown one', () => {
    for (const id of ['', 'abc', RED.toUpperCase(), `${RED}0`, '../etc/passwd']) {
      expect(messageOf(() => checkItemImage({ id, alt: 'x' }))).toBe(
        ITEM_PICTURE_MESSAGES.notYours,
      );
    }
  });
});

describe('new items', () => {
  it('drops entries without a label, pictures with them, and checks the rest', () => {
    const entries = newItemEntries([
      ' a ',
      '',
      { label: 'b', image: { id: RED, alt: ' Red ' } },
      { label: ' \u200b', image: { id: BLUE, alt: 'Blue' } },
      { label: 'c' },
      { label: 'd', image: null },
    ]);
    expect(entries).toEqual([
      { label: ' a ' },
      { label: 'b', image: { id: RED, alt: 'Red' } },
      { label: 'c' },
      { label: 'd' },
    ]);
    expect(withPictures(['a', 'b', 'c', 'd'], entries)).toEqual([
      { label: 'a' },
      { label: 'b', image: { id: RED, alt: 'Red' } },
      { label: 'c' },
      { label: 'd' },
    ]);
    expect(
      messageOf(() => newItemEntries(['a', { label: 'b', image: { id: RED, alt: '' } }])),
    ).toBe(IMAGE_MESSAGES.altRequired);
  });
});

describe('item edits with pictures', () => {
  const current = [
    { id: 'i1', label: 'One', image: { id: RED, alt: 'Red' } },
    { id: 'i2', label: 'Two' },
    { id: 'i3', label: 'Three', image: { id: BLUE, alt: 'Blue' } },
  ];
  let next = 0;
  const newId = () => `n${(next += 1)}`;

  it('keeps a picture left out, removes it on null, replaces it when sent', () => {
    const edited = applyItemEdit(
      current,
      [
        { id: 'i1', label: 'Uno' },
        { id: 'i2', label: 'Two', image: { id: GREEN, alt: ' Green ' } },
        { id: 'i3', label: 'Three', image: null },
        { label: 'Four', image: { id: RED, alt: 'Red again' } },
        'Five',
      ],
      newId,
    );
    expect(edited.map(({ label, image }) => ({ label, image }))).toEqual([
      { label: 'Uno', image: { id: RED, alt: 'Red' } },
      { label: 'Two', image: { id: GREEN, alt: 'Green' } },
      { label: 'Three', image: undefined },
      { label: 'Four', image: { id: RED, alt: 'Red again' } },
      { label: 'Five', image: undefined },
    ]);
    expect(edited.every((item) => 'image' in item === (item.image !== undefined))).toBe(true);
    expect(addedPictureIds(current, edited)).toEqual([GREEN]);
    expect(removesPicture(current, edited)).toBe(true);
  });

  it('a new item never inherits a picture, even naming an id that is not the game’s', () => {
    const edited = applyItemEdit(current, [{ id: 'elsewhere', label: 'New' }, 'One'], newId);
    expect(edited.map((item) => item.image)).toEqual([undefined, undefined]);
  });

  it('checks a sent picture’s alt text', () => {
    expect(
      messageOf(() =>
        applyItemEdit(current, [{ id: 'i2', label: 'Two', image: { id: GREEN } }], newId),
      ),
    ).toBe(IMAGE_MESSAGES.altRequired);
  });

  it('an item removed whole is not a picture removed', () => {
    expect(removesPicture(current, [current[1]!])).toBe(false);
    expect(removesPicture(current, current)).toBe(false);
    expect(addedPictureIds(current, current)).toEqual([]);
  });
});

describe('itemView', () => {
  it('adds the addresses to a picture and leaves a text item as it is', () => {
    const text = { id: 'i2', label: 'Two' };
    expect(itemView(text)).toBe(text);
    expect(itemView({ id: 'i1', label: 'One', image: { id: RED, alt: 'Red' } })).toEqual({
      id: 'i1',
      label: 'One',
      image: { id: RED, alt: 'Red', url: `/img/${RED}.webp`, thumbUrl: `/img/${RED}.thumb.webp` },
    });
  });
});
