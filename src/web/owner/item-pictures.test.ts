import { describe, expect, it } from 'vitest';
import { picturesChanged, rowsFromItems, toItemEdits } from './item-rows';
import { newGameFromDraft, parseDraft } from '../game/draft';
import {
  draftPictures,
  itemRowsFor,
  newItemsOf,
  picturesWaiting,
  rowImage,
  withPicture,
  withPictureRows,
  type ItemRow,
  type RowPicture,
} from '../game/item-row-edits';

const RED = 'a'.repeat(64);
const BLUE = 'b'.repeat(64);
const ready = (id: string, alt: string | null = null): RowPicture => ({
  state: 'ready',
  id,
  thumbUrl: `/img/${id}.thumb.webp`,
  alt,
});

describe('rows with pictures', () => {
  it('puts dropped pictures in the blank rows first, then new rows, up to the limit', () => {
    const rows: ItemRow[] = [
      { key: 'k1', label: 'Kept' },
      { key: 'k2', label: '' },
      { key: 'k3', label: '', picture: ready(RED) },
      { key: 'k4', label: ' ' },
    ];
    const { rows: next, keys } = withPictureRows(rows, ['cat', 'dog', 'owl', 'fox'], 5);
    expect(next.map((row) => row.label)).toEqual(['Kept', 'cat', '', 'dog', 'owl']);
    expect(keys).toEqual(['k2', 'k4', next[4]!.key]);
  });

  it('sends a ready picture with the label as its alt until one is written, blank rows left out', () => {
    const rows: ItemRow[] = [
      { key: 'k1', label: ' Cat ', picture: ready(RED) },
      { key: 'k2', label: 'Dog', picture: ready(BLUE, ' A dog ') },
      { key: 'k3', label: '  ', picture: ready(BLUE) },
      { key: 'k4', label: 'Owl' },
    ];
    expect(newItemsOf(rows)).toEqual([
      { label: 'Cat', image: { id: RED, alt: 'Cat' } },
      { label: 'Dog', image: { id: BLUE, alt: 'A dog' } },
      'Owl',
    ]);
    expect(rowImage(rows[3]!)).toBeNull();
    expect(picturesWaiting(rows)).toBeNull();
    const uploading = withPicture(rows, 'k4', {
      state: 'uploading',
      preview: 'blob:x',
      progress: 0,
    });
    expect(picturesWaiting(uploading)).toBe('uploading');
    expect(withPicture(rows, 'k1', undefined)[0]).toEqual({ key: 'k1', label: ' Cat ' });
  });

  it('a draft keeps the uploaded pictures and gives them back', () => {
    const rows: ItemRow[] = [
      { key: 'k1', label: 'Cat', picture: ready(RED, 'Tabby') },
      { key: 'k2', label: 'Dog' },
    ];
    const kept = draftPictures(rows);
    expect(kept).toEqual([{ id: RED, thumbUrl: `/img/${RED}.thumb.webp`, alt: 'Tabby' }, null]);
    expect(draftPictures([{ key: 'k', label: 'x' }])).toBeUndefined();
    const back = itemRowsFor(['Cat', 'Dog'], kept);
    expect(back.map((row) => row.picture)).toEqual([ready(RED, 'Tabby'), undefined]);
  });
});

describe("the owner's item editor", () => {
  const items = [
    {
      id: 'i1',
      label: 'Cat',
      image: { id: RED, alt: 'Tabby', url: 'u', thumbUrl: `/img/${RED}.thumb.webp` },
    },
    { id: 'i2', label: 'Dog' },
  ];

  it('sends a kept picture back, null for one removed, nothing for a text item', () => {
    const rows = rowsFromItems(items);
    expect(picturesChanged(items, rows)).toBe(false);
    expect(toItemEdits(rows, items)).toEqual([
      { id: 'i1', label: 'Cat', image: { id: RED, alt: 'Tabby' } },
      { id: 'i2', label: 'Dog' },
    ]);
    const removed = withPicture(rows, 'i1', undefined);
    expect(picturesChanged(items, removed)).toBe(true);
    expect(toItemEdits(removed, items)[0]).toEqual({ id: 'i1', label: 'Cat', image: null });
    const described = withPicture(rows, 'i1', ready(RED, 'A tabby cat'));
    expect(picturesChanged(items, described)).toBe(true);
    const added = [...rows, { key: 'new:9', label: 'Owl', picture: ready(BLUE) }];
    expect(toItemEdits(added, items)[2]).toEqual({ label: 'Owl', image: { id: BLUE, alt: 'Owl' } });
  });
});

describe('a draft with pictures', () => {
  const base = {
    prompt: 'Best?',
    items: ['Cat', '', 'Dog'],
    rules: { deadline: '', players: '' },
    publish: false,
    pressed: false,
  };
  const picture = { id: RED, thumbUrl: `/img/${RED}.thumb.webp`, alt: null };

  it('reads its pictures back, and sends each with its item', () => {
    const draft = parseDraft({ ...base, pictures: [picture, null, null] });
    expect(draft?.pictures).toEqual([picture, null, null]);
    expect(newGameFromDraft(draft!, Date.now()).items).toEqual([
      { label: 'Cat', image: { id: RED, alt: 'Cat' } },
      'Dog',
    ]);
  });

  it('drops pictures it cannot trust, keeping the rest of the draft', () => {
    for (const pictures of [
      [picture],
      [{ ...picture, thumbUrl: 'https://elsewhere.example/x.webp' }, null, null],
      [{ ...picture, id: 'nope' }, null, null],
      'not a list',
    ]) {
      const draft = parseDraft({ ...base, pictures });
      expect(draft?.items).toEqual(base.items);
      expect(draft?.pictures).toBeUndefined();
    }
  });
});
