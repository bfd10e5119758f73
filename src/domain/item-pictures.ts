/**
 * Pictures on items (issue 26, decision 0050): how an item carries its picture, how create, the
 * builder and item edits send one, the checks that need no database (the picture's alt text, the
 * id's shape), what a game view shows of it, and the item names made from dropped files. Pure;
 * whether a picture exists and is the sender's own is the server's question (games/pictures.ts).
 */
import { AppError } from './errors';
import { IMAGE_ID, IMAGE_MESSAGES, imagePaths } from './images';
import { MAX_IMAGE_ALT_LENGTH, MAX_ITEM_LENGTH } from './limits';
import { cleanText } from './text';

/**
 * An item's picture as a game keeps it: the uploaded picture's id and its alt text; `hidden`
 * once an admin hid the picture (every game naming it is marked, decision 0045).
 */
export type ItemImage = { id: string; alt: string; hidden?: true };

/**
 * An item's picture as a game view shows it: its two addresses beside its id and alt text. A
 * hidden one is named by other addresses (the server answers them with a neutral placeholder),
 * so a browser that kept the real picture under its usual address is never asked to show it.
 */
export type ItemImageView = ItemImage & { url: string; thumbUrl: string };

/** A picture as a client sends it: `alt` may be missing (answered "Add a short description…"). */
export type ItemImageInput = { id: string; alt?: string | undefined };

/**
 * An item as create and the builder take it: text, or a label with a picture. An item edit's
 * entry may also name the item it changes (`id`); there an `image` left out keeps the item's
 * picture and `null` removes it.
 */
export type ItemInput =
  string | { id?: string | undefined; label: string; image?: ItemImageInput | null | undefined };

export const ITEM_PICTURE_MESSAGES = {
  /** An id that is not a picture this account uploaded (unknown, or someone else's). */
  notYours: 'This picture is not one of your uploads. Upload it again, then add it to the item.',
  /** An admin hid the picture: it cannot go on an item again. */
  hidden: 'A moderator hid this picture: choose another one.',
  /** After someone played, a picture may be replaced, not taken away. */
  keepAfterPlay:
    'Players have ranked this picture: replace it with another one rather than removing it',
} as const;

/** A sent picture, its alt text cleaned (`cleanText`) and required, or `invalid-argument`. */
export function checkItemImage(input: ItemImageInput): ItemImage {
  if (!IMAGE_ID.test(input.id)) {
    throw new AppError('invalid-argument', ITEM_PICTURE_MESSAGES.notYours);
  }
  const alt = cleanText(input.alt ?? '');
  if (alt === '') throw new AppError('invalid-argument', IMAGE_MESSAGES.altRequired);
  if (alt.length > MAX_IMAGE_ALT_LENGTH) {
    throw new AppError('invalid-argument', IMAGE_MESSAGES.altTooLong);
  }
  return { id: input.id, alt };
}

/** A new game's item: its label and, maybe, its picture. */
export type NewItem = { label: string; image?: ItemImage };

/**
 * Create's and the builder's items before the game's rules see their labels: entries whose label
 * is empty once cleaned dropped (as empty text items are, pictures with them), each picture sent
 * checked (`checkItemImage`).
 */
export function newItemEntries(items: readonly ItemInput[]): NewItem[] {
  return items
    .map((entry) => (typeof entry === 'string' ? { label: entry } : entry))
    .filter((entry) => cleanText(entry.label) !== '')
    .map((entry) =>
      entry.image
        ? { label: entry.label, image: checkItemImage(entry.image) }
        : { label: entry.label },
    );
}

/**
 * The entries' labels as the game's rules cleaned them (`normalizeNewGame`: one per entry, in
 * order) put back with their pictures.
 */
export function withPictures(labels: readonly string[], entries: readonly NewItem[]): NewItem[] {
  return labels.map((label, index) => {
    const image = entries[index]?.image;
    return image ? { label, image } : { label };
  });
}

/** Pictures of `next` that `current` does not have already: the ones the sender must own. */
export function addedPictureIds(
  current: readonly { image?: ItemImage | undefined }[],
  next: readonly { image?: ItemImage | undefined }[],
): string[] {
  const kept = new Set(current.flatMap((item) => (item.image ? [item.image.id] : [])));
  const added = next.flatMap((item) =>
    item.image && !kept.has(item.image.id) ? [item.image.id] : [],
  );
  return [...new Set(added)];
}

/**
 * `next` with every picture that is hidden in `current` still marked hidden, whichever item now
 * carries it: an owner's edit re-sending a picture cannot show it again.
 */
export function keepHiddenMarks<T extends { image?: ItemImage | undefined }>(
  current: readonly { image?: ItemImage | undefined }[],
  next: readonly T[],
): T[] {
  const hidden = new Set(current.flatMap((item) => (item.image?.hidden ? [item.image.id] : [])));
  if (hidden.size === 0) return [...next];
  return next.map((item) =>
    item.image && hidden.has(item.image.id) && !item.image.hidden
      ? { ...item, image: { ...item.image, hidden: true } }
      : item,
  );
}

/** Whether an item that stays (same id) loses its picture in `next`. */
export function removesPicture(
  current: readonly { id: string; image?: ItemImage | undefined }[],
  next: readonly { id: string; image?: ItemImage | undefined }[],
): boolean {
  const after = new Map(next.map((item) => [item.id, item]));
  return current.some((item) => {
    const stays = after.get(item.id);
    return item.image !== undefined && stays !== undefined && stays.image === undefined;
  });
}

/** What a hidden picture is described as (the placeholder shows instead of it). */
export const HIDDEN_PICTURE_ALT = 'Picture hidden by a moderator';

/** An item as a game view shows it: its picture with the addresses of both sizes. */
export function itemView<T extends { id: string; image?: ItemImage | undefined }>(
  item: T,
): Omit<T, 'image'> & { image?: ItemImageView } {
  if (!item.image) return item as Omit<T, 'image'>;
  const paths = imagePaths(item.image.id);
  if (!item.image.hidden) return { ...item, image: { ...item.image, ...paths } };
  return {
    ...item,
    image: {
      ...item.image,
      alt: HIDDEN_PICTURE_ALT,
      url: `${paths.url}?hidden`,
      thumbUrl: `${paths.thumbUrl}?hidden`,
    },
  };
}

/**
 * An item's name from a dropped picture's file name: no extension, `_` and `-` read as spaces,
 * spaces collapsed, cut to an item's length ("golden_retriever-2.jpg" → "golden retriever 2").
 */
export function labelFromFileName(fileName: string): string {
  const base = fileName.replace(/^.*[\\/]/, '').replace(/\.[^.\s]{1,5}$/, '');
  const words = cleanText(base.replace(/[_-]+/g, ' ').replace(/\s+/g, ' '));
  return words.slice(0, MAX_ITEM_LENGTH).trim();
}
