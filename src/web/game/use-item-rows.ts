/**
 * The state of a list of editable item rows, for the create screen, the builder and the owner's
 * item editor: add (the new row takes the focus), remove (focus moves to a neighbour, else to Add
 * item), edit, Enter moving to the next row and adding one on a filled last row, text selected on
 * focus, and keys that stay with their row; a list pasted into a row (one item per line) spread
 * over the rows, with an undo. The pure part is item-row-edits.ts and domain/pasted-list.ts.
 */
import {
  useEffect,
  useRef,
  useState,
  type ChangeEvent,
  type ClipboardEvent,
  type FocusEvent,
  type KeyboardEvent,
} from 'react';
import {
  afterEnter,
  focusAfterRemoving,
  newItemRow,
  withLabel,
  withPastedItems,
  withRowAdded,
  withPicture,
  withPictureRows,
  withRowRemoved,
  type ItemRow,
  type RowPicture,
} from './item-row-edits';
import { splitPastedList } from '../../domain/pasted-list';

/**
 * The last list pasted (or read from a file, `file` its name): how many items it placed and left
 * out, and the rows before it.
 */
export type PastedList = {
  placed: number;
  left: number;
  before: ItemRow[];
  key: string;
  file?: string;
};

export type ItemRows = ReturnType<typeof useItemRows>;

export function useItemRows(options: {
  initial: () => ItemRow[];
  max: number;
  /** Called on every change the person makes to the rows (to clear an error, say). */
  onEdit?: () => void;
}) {
  const { max, onEdit } = options;
  const [rows, setRows] = useState<ItemRow[]>(options.initial);
  const inputs = useRef(new Map<string, HTMLInputElement>());
  const addButton = useRef<HTMLButtonElement>(null);
  /** A row to focus once it is on screen (a row just added, or asked for before it rendered). */
  const pendingFocus = useRef<string | null>(null);
  const [pasted, setPasted] = useState<PastedList | null>(null);
  const full = rows.length >= max;

  useEffect(() => {
    const key = pendingFocus.current;
    if (key === null) return;
    const input = inputs.current.get(key);
    if (input) {
      pendingFocus.current = null;
      input.focus();
    }
  });

  const edit = (update: (current: ItemRow[]) => ItemRow[]) => {
    onEdit?.();
    setPasted(null);
    setRows(update);
  };

  /** Focus a row; a row just added is focused once it is on screen. */
  const focusRow = (key: string) => {
    const input = inputs.current.get(key);
    if (input) input.focus();
    else pendingFocus.current = key;
  };

  const addRow = () => {
    if (full) return;
    const row = newItemRow();
    pendingFocus.current = row.key;
    edit((current) => withRowAdded(current, row, max));
  };

  const removeRow = (index: number) => {
    const row = rows[index];
    if (!row) return;
    const neighbour = focusAfterRemoving(rows, index);
    edit((current) => withRowRemoved(current, row.key));
    if (neighbour !== null) inputs.current.get(neighbour)?.focus();
    else addButton.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>, index: number) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    event.preventDefault();
    const next = afterEnter(rows, index);
    if (next === 'add') addRow();
    else if (next) inputs.current.get(next.focus)?.focus();
  };

  /**
   * A paste of two or more lines into a row: one item per line (`splitPastedList`), from that row
   * on (`withPastedItems`), instead of one row holding them all run together. Anything else
   * pastes as usual.
   */
  const pasteList = (row: ItemRow, event: ClipboardEvent<HTMLInputElement>) => {
    const list = splitPastedList(event.clipboardData.getData('text/plain'));
    if (!list) return;
    event.preventDefault();
    const input = event.currentTarget;
    const everything = input.selectionStart === 0 && input.selectionEnd === input.value.length;
    const pasting = withPastedItems(rows, row.key, list, {
      max,
      replace: everything || input.value.trim() === '',
    });
    onEdit?.();
    setRows(pasting.rows);
    setPasted({ placed: pasting.placed, left: pasting.left, before: rows, key: row.key });
  };

  /**
   * The items of a file (domain/item-file.ts): into the empty rows from the first on, then new
   * rows, up to `max`; undone like a paste.
   */
  const addFileItems = (list: readonly string[], file: string) => {
    const start = rows.length > 0 ? rows : [newItemRow()];
    const first = start[0]!;
    const adding = withPastedItems(start, first.key, list, {
      max,
      replace: first.label.trim() === '',
    });
    onEdit?.();
    setRows(adding.rows);
    setPasted({ placed: adding.placed, left: adding.left, before: rows, key: first.key, file });
  };

  /**
   * The row `key`'s picture (or none), given or made from the one it has; a row removed
   * meanwhile is left alone. `edited`: the person changed it (an error about the rows goes).
   */
  const setPicture = (
    key: string,
    picture: RowPicture | undefined | ((current: RowPicture | undefined) => RowPicture | undefined),
    edited = false,
  ) => {
    if (edited) onEdit?.();
    setRows((current) => {
      const row = current.find((candidate) => candidate.key === key);
      if (!row) return current;
      const next = typeof picture === 'function' ? picture(row.picture) : picture;
      return next === row.picture ? current : withPicture(current, key, next);
    });
  };

  /** Rows for dropped pictures named `labels` (`withPictureRows`); the keys of their rows. */
  const addPictureRows = (labels: readonly string[]): string[] => {
    const adding = withPictureRows(rows, labels, max);
    edit(() => adding.rows);
    return adding.keys;
  };

  /** The rows as they were before the last paste; focus back in the row pasted into. */
  const undoPaste = () => {
    if (!pasted) return;
    onEdit?.();
    setRows(pasted.before);
    setPasted(null);
    // A file read into no rows at all: back to none, and focus on Add item.
    if (pasted.before.some((row) => row.key === pasted.key)) focusRow(pasted.key);
    else addButton.current?.focus();
  };

  /** The props that make an `<input>` row `index` of the list. */
  const inputProps = (row: ItemRow, index: number) => ({
    ref: (element: HTMLInputElement | null) => {
      if (element) inputs.current.set(row.key, element);
      else inputs.current.delete(row.key);
    },
    value: row.label,
    enterKeyHint: rows[index + 1] ? ('next' as const) : ('enter' as const),
    onChange: (event: ChangeEvent<HTMLInputElement>) =>
      edit((current) => withLabel(current, row.key, event.target.value)),
    onFocus: (event: FocusEvent<HTMLInputElement>) => event.currentTarget.select(),
    onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => onKeyDown(event, index),
  });

  /** `inputProps` and a list pasted spread over the rows (the create screen and the builder). */
  const listInputProps = (row: ItemRow, index: number) => ({
    ...inputProps(row, index),
    onPaste: (event: ClipboardEvent<HTMLInputElement>) => pasteList(row, event),
  });

  return {
    rows,
    /** Replace the rows outright (opening the editor, adding rows to fill): not an edit. */
    setRows,
    full,
    addRow,
    removeRow,
    focusRow,
    inputProps,
    listInputProps,
    /** The last list pasted, until the next edit; `undoPaste` puts the rows back. */
    pasted,
    undoPaste,
    addFileItems,
    setPicture,
    addPictureRows,
    /** The Add item button's `ref`: focus lands there when the last row is removed. */
    attachAddButton: (element: HTMLButtonElement | null) => {
      addButton.current = element;
    },
  };
}
