/**
 * Editable item rows, the pure part: what adding, removing, relabelling and pressing Enter do to
 * a list of rows. Shared by the create screen, the builder and the owner's item editor through
 * use-item-rows.ts; each screen keeps its own rules (how many rows at least, what saving sends).
 */
import { MIN_ITEMS } from '../../domain/limits';
import { cleanText, sameTextKey } from '../../domain/text';

/**
 * A row's picture (decision 0050): on its way up (a local preview and the share sent), uploaded
 * (its id and thumbnail; `alt` null while it follows the row's label), or refused (the server's
 * message, and the file to try again).
 */
export type RowPicture =
  | { state: 'uploading'; preview: string; progress: number }
  | { state: 'ready'; id: string; thumbUrl: string; alt: string | null }
  | { state: 'failed'; message: string; file: File };

/**
 * One row. `key` stays the row's while it lives (React key, focus); `id` when the row stands for
 * an existing item (the owner's item editor: a renamed item keeps its id and so its votes);
 * `picture` when it has one.
 */
export type ItemRow = { key: string; label: string; id?: string; picture?: RowPicture };

/** The row `key` with this picture (or none). */
export function withPicture(
  rows: readonly ItemRow[],
  key: string,
  picture: RowPicture | undefined,
): ItemRow[] {
  return rows.map((row) => {
    if (row.key !== key) return row;
    const next = { ...row, picture };
    if (!picture) delete next.picture;
    return next;
  });
}

/**
 * Rows for dropped pictures, one per file named `labels`: into the blank rows (no text, no
 * picture) from the first on, then new rows, up to `max`; `keys` the rows they went in, in order.
 */
export function withPictureRows(
  rows: readonly ItemRow[],
  labels: readonly string[],
  max: number,
): { rows: ItemRow[]; keys: string[] } {
  const next = [...rows];
  const keys: string[] = [];
  for (let index = 0; index < next.length && keys.length < labels.length; index++) {
    const row = next[index]!;
    if (row.label.trim() !== '' || row.picture) continue;
    next[index] = { ...row, label: labels[keys.length]! };
    keys.push(row.key);
  }
  while (keys.length < labels.length && next.length < max) {
    const row = newItemRow(labels[keys.length]);
    next.push(row);
    keys.push(row.key);
  }
  return { rows: next, keys };
}

/** The picture a row sends: `{ id, alt }` (alt: the label while not edited), else null. */
export function rowImage(row: ItemRow): { id: string; alt: string } | null {
  const picture = row.picture;
  if (picture?.state !== 'ready') return null;
  return { id: picture.id, alt: cleanText(picture.alt ?? row.label) };
}

/** The rows as a new game's items: cleaned labels (blank rows left out), with their pictures. */
export function newItemsOf(
  rows: readonly ItemRow[],
): (string | { label: string; image: { id: string; alt: string } })[] {
  return rows.flatMap((row) => {
    const label = cleanText(row.label);
    if (label === '') return [];
    const image = rowImage({ ...row, label });
    return [image ? { label, image } : label];
  });
}

/** Why the rows cannot be sent yet: a picture still uploading, or one that failed; else null. */
export function picturesWaiting(rows: readonly ItemRow[]): 'uploading' | 'failed' | null {
  if (rows.some((row) => row.picture?.state === 'uploading')) return 'uploading';
  if (rows.some((row) => row.picture?.state === 'failed')) return 'failed';
  return null;
}

// A colon is in no item id (ids are letters and digits), so a new row's key never meets one.
let lastKey = 0;

/** A new row, empty or with this label, keyed apart from every other row. */
export function newItemRow(label = ''): ItemRow {
  lastKey += 1;
  return { key: `new:${lastKey}`, label };
}

/**
 * Rows for these labels (with their uploaded pictures, a draft's), or MIN_ITEMS empty rows (the
 * create screen and the builder start so).
 */
export function itemRowsFor(
  labels: readonly string[],
  pictures?: readonly ({ id: string; thumbUrl: string; alt: string | null } | null)[],
): ItemRow[] {
  if (labels.length === 0) return Array.from({ length: MIN_ITEMS }, () => newItemRow());
  return labels.map((label, index) => {
    const picture = pictures?.[index];
    const row = newItemRow(label);
    return picture ? { ...row, picture: { state: 'ready', ...picture } } : row;
  });
}

/** The rows' uploaded pictures as a draft keeps them, or undefined when no row has one. */
export function draftPictures(
  rows: readonly ItemRow[],
): ({ id: string; thumbUrl: string; alt: string | null } | null)[] | undefined {
  if (!rows.some((row) => row.picture?.state === 'ready')) return undefined;
  return rows.map((row) => {
    const picture = row.picture;
    return picture?.state === 'ready'
      ? { id: picture.id, thumbUrl: picture.thumbUrl, alt: picture.alt }
      : null;
  });
}

/** The rows with `row` at the end, unless there are `max` already. */
export function withRowAdded(rows: readonly ItemRow[], row: ItemRow, max: number): ItemRow[] {
  return rows.length >= max ? [...rows] : [...rows, row];
}

export function withRowRemoved(rows: readonly ItemRow[], key: string): ItemRow[] {
  return rows.filter((row) => row.key !== key);
}

export function withLabel(rows: readonly ItemRow[], key: string, label: string): ItemRow[] {
  return rows.map((row) => (row.key === key ? { ...row, label } : row));
}

/** Where focus goes when row `index` is removed: the row after it, else the one before, else null. */
export function focusAfterRemoving(rows: readonly ItemRow[], index: number): string | null {
  return (rows[index + 1] ?? rows[index - 1])?.key ?? null;
}

/**
 * Enter in row `index`: move to the next row; on the last row, a filled one, add a row; on an
 * empty last row, nothing.
 */
export function afterEnter(
  rows: readonly ItemRow[],
  index: number,
): { focus: string } | 'add' | null {
  const following = rows[index + 1];
  if (following) return { focus: following.key };
  return rows[index]?.label.trim() ? 'add' : null;
}

/**
 * Rows whose label repeats an earlier one by the server's rule: blank rows once cleaned are left
 * out (`cleanText`, as `cleanLabels`), the rest compared by `sameTextKey` (case, accents written
 * either way, widths, invisible characters, spaces), so the form refuses exactly what the server
 * would.
 */
export function findDuplicates(rows: readonly ItemRow[]): Set<string> {
  const seen = new Set<string>();
  const duplicates = new Set<string>();
  for (const row of rows) {
    const label = cleanText(row.label);
    if (label === '') continue;
    const key = sameTextKey(label);
    if (seen.has(key)) duplicates.add(row.key);
    seen.add(key);
  }
  return duplicates;
}

/** What pasting a list into a row did: the rows after it, and how many items fitted or not. */
export type PastedRows = { rows: ItemRow[]; placed: number; left: number };

/**
 * A list (`splitPastedList`) pasted into the row `key`: its first item goes in that row (unless
 * the row keeps its text: `replace` false, the paste landed inside what was typed), the rest fill
 * the empty rows after it in order, then new rows, up to `max` rows; `left` items did not fit.
 */
export function withPastedItems(
  rows: readonly ItemRow[],
  key: string,
  items: readonly string[],
  options: { max: number; replace: boolean },
): PastedRows {
  const at = rows.findIndex((row) => row.key === key);
  if (at < 0) return { rows: [...rows], placed: 0, left: items.length };
  const next = [...rows];
  let placed = 0;
  const take = () => items[placed++] ?? '';
  if (options.replace) next[at] = { ...next[at]!, label: take() };
  for (let index = at + 1; index < next.length && placed < items.length; index++) {
    const row = next[index]!;
    if (row.label.trim() === '') next[index] = { ...row, label: take() };
  }
  while (placed < items.length && next.length < options.max) next.push(newItemRow(take()));
  return { rows: next, placed, left: items.length - placed };
}
