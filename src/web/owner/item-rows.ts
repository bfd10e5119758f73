/**
 * The edit-items dialog's rows: the game's items as editable rows, and the rows turned back into
 * the edit the server takes. Pure, so it is tested without a browser.
 */
import type { Item } from '../../domain/game';
import { cleanText } from '../../domain/text';
import type { ItemEdit } from '../api/games';
import type { ItemRow } from '../game/item-row-edits';
import { editItemsText } from '../i18n/messages/owner';

/** Each item as a row keyed and `id`-ed by the item's id: a rename keeps its votes. */
export function rowsFromItems(items: readonly Item[]): ItemRow[] {
  return items.map((item) => ({ key: item.id, id: item.id, label: item.label }));
}

/**
 * Existing items keep their id; new rows are plain labels, cleaned as the server stores them
 * (`cleanText`). Blank rows are left to the server.
 */
export function toItemEdits(rows: readonly ItemRow[]): ItemEdit[] {
  return rows.map((row) =>
    row.id === undefined ? cleanText(row.label) : { id: row.id, label: cleanText(row.label) },
  );
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
