/**
 * What the create screen marks when Create is pressed with too few items (SPEC §5): the empty
 * rows to fill to reach MIN_ITEMS, and the short message under them.
 */
import { MIN_ITEMS } from '../../domain/limits';
import { cleanText } from '../../domain/text';
import type { ItemRow } from './item-row-edits';

export const PROMPT_MISSING = 'Say what we are ranking.';

export const itemsMissing = (short: number) =>
  short >= MIN_ITEMS
    ? `Add at least ${MIN_ITEMS} items.`
    : `Add ${short} more ${short === 1 ? 'item' : 'items'}.`;

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
