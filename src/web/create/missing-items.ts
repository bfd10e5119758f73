/**
 * What the create screen marks when Create is pressed with too few items (SPEC §5): the empty
 * rows to fill to reach MIN_ITEMS, and the short message under them.
 */
import { MIN_ITEMS } from '../../domain/limits';
import { cleanText } from '../../domain/text';
import { itemsMissingText } from '../i18n/messages/create';
import type { ItemRow } from '../game/item-row-edits';

/** The message under the rows: how many more items, in the current language. */
export function itemsMissing(short: number): string {
  const t = itemsMissingText.get();
  return short >= MIN_ITEMS ? t.atLeast({ min: MIN_ITEMS }) : t.more(short);
}

/** The keys of the empty rows to fill to reach MIN_ITEMS, in order, and how many are short. */
export function rowsToFill(rows: readonly ItemRow[]): { keys: string[]; short: number } {
  const filled = rows.filter((row) => cleanText(row.label) !== '').length;
  const short = Math.max(0, MIN_ITEMS - filled);
  const keys = rows
    .filter((row) => cleanText(row.label) === '')
    .slice(0, short)
    .map((row) => row.key);
  return { keys, short };
}
