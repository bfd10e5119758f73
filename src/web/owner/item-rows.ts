/**
 * The edit-items dialog's rows: the game's items as editable rows, and the rows turned back into
 * the edit the server takes. Pure, so it is tested without a browser.
 */
import type { Item, ItemView } from '../../domain/game';
import { cleanText } from '../../domain/text';
import type { ItemEdit } from '../api/games';
import { rowImage, type ItemRow } from '../game/item-row-edits';
import { editItemsText } from '../i18n/messages/owner';

/**
 * Each item as a row keyed and `id`-ed by the item's id: a rename keeps its votes. An item's
 * picture is the row's, its alt text kept as written.
 */
export function rowsFromItems(items: readonly ItemView[]): ItemRow[] {
  return items.map(({ id, label, image }) => {
    const row: ItemRow = { key: id, id, label };
    return image
      ? {
          ...row,
          picture: { state: 'ready', id: image.id, thumbUrl: image.thumbUrl, alt: image.alt },
        }
      : row;
  });
}

/**
 * Existing items keep their id; new rows are plain labels, cleaned as the server stores them
 * (`cleanText`). Blank rows are left to the server. A row's picture goes with it; an item of
 * `items` whose row lost its picture sends `image: null` (the server removes it).
 */
export function toItemEdits(rows: readonly ItemRow[], items: readonly Item[] = []): ItemEdit[] {
  const hadPicture = new Set(items.flatMap((item) => (item.image ? [item.id] : [])));
  return rows.map((row) => {
    const label = cleanText(row.label);
    const image = rowImage({ ...row, label });
    if (row.id === undefined) return image ? { label, image } : label;
    if (image) return { id: row.id, label, image };
    return hadPicture.has(row.id) ? { id: row.id, label, image: null } : { id: row.id, label };
  });
}

/** Whether the rows change any item's picture or its description. */
export function picturesChanged(items: readonly Item[], rows: readonly ItemRow[]): boolean {
  const before = new Map(items.map((item) => [item.id, item.image]));
  return rows.some((row) => {
    const image = rowImage(row);
    const had = row.id === undefined ? undefined : before.get(row.id);
    return (image?.id ?? null) !== (had?.id ?? null) || (image !== null && image.alt !== had?.alt);
  });
}

export type EditSummary = { renamed: number; added: number; removed: number };

/**
 * What saving these rows would do to the items: renamed (same id, new label), added (new,
 * non-blank rows) and removed (rows taken out or left blank: their votes go).
 */
export function editSummary(items: readonly Item[], rows: readonly ItemRow[]): EditSummary {
  const before = new Map(items.map((item) => [item.id, item.label]));
  let renamed = 0;
  let added = 0;
  let kept = 0;
  for (const row of rows) {
    const label = cleanText(row.label);
    if (label === '') continue;
    if (row.id === undefined || !before.has(row.id)) added += 1;
    else {
      kept += 1;
      if (before.get(row.id) !== label) renamed += 1;
    }
  }
  return { renamed, added, removed: items.length - kept };
}

/** "1 renamed · 2 added · 1 removed", or null when nothing would change. */
export function summaryText(summary: EditSummary): string | null {
  const t = editItemsText.get();
  const parts = [
    summary.renamed > 0 ? t.renamed({ count: summary.renamed }) : null,
    summary.added > 0 ? t.added({ count: summary.added }) : null,
    summary.removed > 0 ? t.removed({ count: summary.removed }) : null,
  ].filter((part) => part !== null);
  return parts.length === 0 ? null : parts.join(' · ');
}
