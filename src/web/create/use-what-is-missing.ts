/**
 * Create pressed with something missing (SPEC §5): a quip for what is missing, and from then on
 * the missing fields marked inline; focus moves to the first one (new rows are added when the
 * empty ones are too few).
 */
import { useRef, useState } from 'react';
import { ITEM_HINT_TOAST_MS } from '../../domain/limits';
import { toast } from '../ui/toasts';
import { newItemRow } from '../game/item-row-edits';
import { rowsToFill } from './missing-items';
import { missingPiece, pickQuip } from './quips';
import type { ItemRows } from '../game/use-item-rows';

export function useWhatIsMissing(options: {
  prompt: string;
  items: ItemRows;
  focusPrompt: () => void;
}) {
  const { items } = options;
  // Create was pressed with something missing: from then on, what is missing is marked inline.
  const [shown, setShown] = useState(false);
  const lastQuip = useRef<string | null>(null);
  const labels = items.rows.map((row) => row.label);
  const missing = missingPiece(options.prompt, labels);
  const toFill = rowsToFill(items.rows);

  /** A quip for what is missing, the fields marked, focus on the first. */
  const show = () => {
    if (!missing) return;
    lastQuip.current = pickQuip(missing, lastQuip.current);
    toast(lastQuip.current, { id: 'create-hint', duration: ITEM_HINT_TOAST_MS });
    setShown(true);
    if (missing !== 'items') {
      options.focusPrompt();
      return;
    }
    // The first row to fill; when the empty rows are too few (rows were removed), new ones.
    const added = Array.from({ length: toFill.short - toFill.keys.length }, () => newItemRow());
    if (added.length > 0) items.setRows((current) => [...current, ...added]);
    const first = toFill.keys[0] ?? added[0]?.key;
    if (first !== undefined) items.focusRow(first);
  };

  return {
    promptInvalid: shown && (missing === 'prompt' || missing === 'both'),
    itemsInvalid: shown && toFill.short > 0,
    toFill,
    show,
  };
}
