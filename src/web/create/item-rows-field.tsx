/**
 * The editable item rows of the create screen and the builder: each row removable, Enter moves to
 * the next row (and on a filled last row adds one), text selected on focus, an Add item button,
 * a live count hint, and rows that repeat an earlier one marked. The parent keeps the rows, and
 * may mark rows that still need filling (`invalidKeys`) with a message tied to them (`error`).
 * Rows are `dir="auto"`: an item typed right to left is shown right-aligned.
 */
import { Plus, X } from 'lucide-react';
import { useEffect, useImperativeHandle, useRef, type KeyboardEvent, type Ref } from 'react';
import { cleanLabels } from '../../domain/game';
import { MAX_ITEM_LENGTH, MAX_ITEMS, MIN_ITEMS } from '../../domain/limits';

export type ItemRow = { key: number; value: string };

let nextKey = 0;
export const newItemRow = (value = ''): ItemRow => ({ key: nextKey++, value });

/** Rows for these labels, or 3 empty rows. */
export const itemRowsFor = (items: readonly string[]): ItemRow[] =>
  items.length > 0
    ? items.map((item) => newItemRow(item))
    : [newItemRow(), newItemRow(), newItemRow()];

/** Rows whose label repeats an earlier one (ignoring case and spaces): the server refuses those. */
export function findDuplicates(rows: readonly ItemRow[]): Set<number> {
  const seen = new Set<string>();
  const duplicates = new Set<number>();
  for (const row of rows) {
    const key = row.value.trim().toLocaleLowerCase();
    if (key === '') continue;
    if (seen.has(key)) duplicates.add(row.key);
    seen.add(key);
  }
  return duplicates;
}

/** `focusRow` also works for a row just added: it is focused once it is on screen. */
export type ItemRowsHandle = { focusRow: (key: number) => void };

export function ItemRowsField({
  ref,
  ...props
}: {
  rows: ItemRow[];
  onChange: (update: (rows: ItemRow[]) => ItemRow[]) => void;
  placeholders: readonly string[];
  hintId: string;
  legend?: string;
  /** Rows to mark as needing text, and the message that says why (shown under the rows). */
  invalidKeys?: ReadonlySet<number>;
  error?: { id: string; message: string } | null;
  ref?: Ref<ItemRowsHandle>;
}) {
  const { rows, onChange } = props;
  const inputs = useRef(new Map<number, HTMLInputElement>());
  const addButton = useRef<HTMLButtonElement>(null);
  const pendingFocus = useRef<number | null>(null);
  const duplicateKeys = findDuplicates(rows);
  const filled = cleanLabels(rows.map((row) => row.value));

  useImperativeHandle(ref, () => ({
    focusRow: (key: number) => {
      const input = inputs.current.get(key);
      if (input) input.focus();
      else pendingFocus.current = key;
    },
  }));

  // A row just added: focus it once it is on screen.
  useEffect(() => {
    const key = pendingFocus.current;
    if (key === null) return;
    const input = inputs.current.get(key);
    if (input) {
      pendingFocus.current = null;
      input.focus();
    }
  });

  const addRow = () => {
    if (rows.length >= MAX_ITEMS) return;
    const row = newItemRow();
    pendingFocus.current = row.key;
    onChange((current) => [...current, row]);
  };

  const removeRow = (index: number) => {
    const neighbour = rows[index + 1] ?? rows[index - 1];
    onChange((current) => current.filter((_, i) => i !== index));
    if (neighbour) inputs.current.get(neighbour.key)?.focus();
    else addButton.current?.focus();
  };

  const setRow = (key: number, value: string) =>
    onChange((current) => current.map((row) => (row.key === key ? { ...row, value } : row)));

  const onItemKeyDown = (event: KeyboardEvent<HTMLInputElement>, index: number) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    event.preventDefault();
    const following = rows[index + 1];
    if (following) {
      inputs.current.get(following.key)?.focus();
    } else if (rows[index]?.value.trim()) {
      addRow();
    }
  };

  return (
    <fieldset className="items-fieldset" aria-describedby={props.hintId}>
      <legend>{props.legend ?? 'Items'}</legend>
      <ol className="item-rows">
        {rows.map((row, index) => {
          const duplicate = duplicateKeys.has(row.key);
          const needsText = props.invalidKeys?.has(row.key) === true && props.error != null;
          return (
            <li key={row.key} className="item-row">
              <span className="item-row__number" aria-hidden="true">
                {index + 1}
              </span>
              <input
                ref={(element) => {
                  if (element) inputs.current.set(row.key, element);
                  else inputs.current.delete(row.key);
                }}
                className="input"
                type="text"
                aria-label={`Item ${index + 1}`}
                aria-invalid={duplicate || needsText || undefined}
                aria-describedby={needsText ? props.error?.id : undefined}
                dir="auto"
                placeholder={props.placeholders[index] ?? 'Another item'}
                maxLength={MAX_ITEM_LENGTH}
                autoComplete="off"
                enterKeyHint={rows[index + 1] ? 'next' : 'enter'}
                value={row.value}
                onChange={(e) => setRow(row.key, e.target.value)}
                onFocus={(e) => e.currentTarget.select()}
                onKeyDown={(e) => onItemKeyDown(e, index)}
              />
              <button
                type="button"
                className="btn-icon item-row__remove"
                aria-label={`Remove item ${index + 1}${row.value.trim() ? ` (${row.value.trim()})` : ''}`}
                onClick={() => removeRow(index)}
              >
                <X size={18} aria-hidden="true" />
              </button>
              {duplicate ? <p className="item-row__warning">Already in the list</p> : null}
            </li>
          );
        })}
      </ol>
      {props.error ? (
        <p id={props.error.id} className="field-error">
          {props.error.message}
        </p>
      ) : null}
      <button
        ref={addButton}
        type="button"
        className="btn btn-secondary add-item"
        onClick={addRow}
        disabled={rows.length >= MAX_ITEMS}
      >
        <Plus size={18} aria-hidden="true" />
        Add item
      </button>
      {/* While the error says what is missing, the count is not shown twice (still read out). */}
      <p
        id={props.hintId}
        className={props.error ? 'visually-hidden' : 'field__hint'}
        aria-live="polite"
      >
        {rows.length >= MAX_ITEMS
          ? `That's the maximum of ${MAX_ITEMS} items.`
          : filled.length >= MIN_ITEMS
            ? `${filled.length} items. Add as many as you like.`
            : `Add at least ${MIN_ITEMS} items (${filled.length} so far).`}
      </p>
    </fieldset>
  );
}
