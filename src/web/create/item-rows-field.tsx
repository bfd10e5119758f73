/**
 * The editable item rows of the create screen and the builder: each row removable, Enter moves to
 * the next row (and on a filled last row adds one), text selected on focus, an Add item button,
 * a live count hint, and rows that repeat an earlier one marked. The parent keeps the rows
 * (use-item-rows.ts), and may mark rows that still need filling (`invalidKeys`) with a message
 * tied to them (`error`). A list pasted into a row fills one row per line, with an Undo; so does
 * a CSV or text file, chosen with "From a file" or dropped on the list (item-file.tsx).
 * Rows are `dir="auto"`: an item typed right to left is shown right-aligned.
 */
import { Plus, X } from 'lucide-react';
import { useId } from 'react';
import { cleanLabels } from '../../domain/game';
import { MAX_ITEM_LENGTH, MAX_ITEMS, MIN_ITEMS } from '../../domain/limits';
import { useText } from '../i18n/i18n';
import { itemRowsText } from '../i18n/messages/item-rows';
import { findDuplicates } from '../game/item-row-edits';
import type { ItemRows } from '../game/use-item-rows';
import { ItemDropNote, ItemFileButton, ItemFileNotes, useItemFile } from '../game/item-file';
import { RowPictureButton, RowPictureDetails, type RowPictures } from '../game/row-pictures';

export function ItemRowsField(props: {
  /** The rows and what they do (use-item-rows.ts). */
  items: ItemRows;
  placeholders: readonly string[];
  hintId: string;
  legend?: string;
  /** Rows to mark as needing text, and the message that says why (shown under the rows). */
  invalidKeys?: ReadonlySet<string>;
  error?: { id: string; message: string } | null;
  /** Pictures on the rows (row-pictures.tsx), for someone who may upload them. */
  pictures?: RowPictures | undefined;
}) {
  const t = useText(itemRowsText);
  const { items, pictures } = props;
  const { rows, attachAddButton } = items;
  const duplicateKeys = findDuplicates(rows);
  const filled = cleanLabels(rows.map((row) => row.label));
  const file = useItemFile(items, pictures?.addPictureFiles);
  const fileHintId = useId();

  return (
    <fieldset
      className={`items-fieldset item-drop${file.dragging ? ' is-dropping' : ''}`}
      aria-describedby={props.hintId}
      data-testid="item-rows-field"
      {...file.dropProps}
    >
      <legend>{props.legend ?? t.legend}</legend>
      <ItemDropNote file={file} />
      <ol className="item-rows">
        {rows.map((row, index) => {
          const duplicate = duplicateKeys.has(row.key);
          const needsText = props.invalidKeys?.has(row.key) === true && props.error != null;
          return (
            <li
              key={row.key}
              className={pictures ? 'item-row item-row--picture' : 'item-row'}
              {...pictures?.rowDropProps(row.key)}
            >
              <span className="item-row__number" aria-hidden="true">
                {index + 1}
              </span>
              <input
                {...items.listInputProps(row, index)}
                className="input"
                type="text"
                aria-label={t.item({ number: index + 1 })}
                aria-invalid={duplicate || needsText || undefined}
                aria-describedby={needsText ? props.error?.id : undefined}
                dir="auto"
                placeholder={props.placeholders[index] ?? t.another}
                maxLength={MAX_ITEM_LENGTH}
                autoComplete="off"
                onPaste={(event) => {
                  if (pictures?.pasteInto(row.key, event)) return;
                  items.listInputProps(row, index).onPaste(event);
                }}
              />
              {pictures ? (
                <RowPictureButton row={row} number={index + 1} pictures={pictures} />
              ) : null}
              <button
                type="button"
                className="btn-icon item-row__remove"
                aria-label={
                  row.label.trim()
                    ? t.removeNamed({ number: index + 1, label: row.label.trim() })
                    : t.remove({ number: index + 1 })
                }
                onClick={() => items.removeRow(index)}
              >
                <X size={18} aria-hidden="true" />
              </button>
              {duplicate ? <p className="item-row__warning">{t.duplicate}</p> : null}
              {pictures ? (
                <RowPictureDetails row={row} number={index + 1} items={items} pictures={pictures} />
              ) : null}
            </li>
          );
        })}
      </ol>
      {/* Always there, so the count is read out when a paste fills it. */}
      <ItemFileNotes items={items} file={file} dropped={pictures?.dropped} />
      {props.error ? (
        <p id={props.error.id} className="field-error">
          {props.error.message}
        </p>
      ) : null}
      <div className="item-rows__buttons">
        <button
          ref={attachAddButton}
          type="button"
          className="btn btn-secondary add-item"
          onClick={items.addRow}
          disabled={items.full}
        >
          <Plus size={18} aria-hidden="true" />
          {t.add}
        </button>
        <ItemFileButton file={file} hintId={fileHintId} />
        {pictures?.chooserInput}
        <p id={fileHintId} className="field__hint item-rows__file-hint">
          {t.fromFileHint}
        </p>
      </div>
      {/* While the error says what is missing, the count is not shown twice (still read out). */}
      <p
        id={props.hintId}
        className={props.error ? 'visually-hidden' : 'field__hint'}
        aria-live="polite"
      >
        {rows.length >= MAX_ITEMS
          ? t.max({ max: MAX_ITEMS })
          : filled.length >= MIN_ITEMS
            ? t.enough(filled.length)
            : t.atLeast({ min: MIN_ITEMS, count: filled.length })}
      </p>
    </fieldset>
  );
}
