/**
 * Edit items: the game's items as editable rows. A renamed item keeps its id and so its votes;
 * new rows are new items; removed rows take their votes with them. The server's answer decides
 * ('At least one item required', 'Items must be unique', …): on an error the rows stay as typed.
 */
import * as Dialog from '@radix-ui/react-dialog';
import { ListPlus, Pencil, Plus, TriangleAlert, X } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from '../ui/toasts';
import type { GameView } from '../../domain/game';
import { MAX_ITEM_LENGTH, MAX_ITEMS } from '../../domain/limits';
import { errorMessage } from '../api/errors';
import { useEditItems } from '../api/game-mutations';
import { ButtonDialog } from '../ui/button-dialog';
import { DialogHead } from '../ui/dialog-head';
import { useItemRows } from '../game/use-item-rows';
import { ItemDropNote, ItemFileButton, ItemFileNotes, useItemFile } from '../game/item-file';
import { itemRowsText } from '../i18n/messages/item-rows';
import { useText } from '../i18n/i18n';
import { editItemsText } from '../i18n/messages/owner';
import { editSummary, picturesChanged, rowsFromItems, summaryText, toItemEdits } from './item-rows';
import { picturesWaiting } from '../game/item-row-edits';
import { RowPictureButton, RowPictureDetails, useRowPictures } from '../game/row-pictures';
import { itemPictureText } from '../i18n/messages/pictures';

export function EditItemsDialog(props: { game: GameView }) {
  const t = useText(editItemsText);
  const { game } = props;
  const [open, setOpen] = useState(false);
  // The rows (use-item-rows.ts): existing items keep their id, at most MAX_ITEMS of them.
  const items = useItemRows({ initial: () => [], max: MAX_ITEMS });
  const { rows, full, attachAddButton } = items;
  const pictures = useRowPictures(items);
  const picturesSaid = useText(itemPictureText);
  const [waiting, setWaiting] = useState<string | null>(null);
  const ids = { warning: useId(), error: useId(), count: useId(), fileHint: useId() };
  // Items from a file, as on /create (game/item-file.tsx): the button, the notes, a drop target;
  // pictures dropped make one item each.
  const file = useItemFile(items, pictures.addPictureFiles);
  const rowsText = useText(itemRowsText);

  const save = useEditItems(game.id, {
    onSuccess: () => {
      setOpen(false);
      toast.success(t.saved);
    },
  });

  const onOpenChange = (next: boolean) => {
    if (next) {
      items.setRows(rowsFromItems(game.items));
      save.reset();
    }
    setOpen(next);
  };

  const changes = summaryText(editSummary(game.items, rows));
  const changed = changes !== null || picturesChanged(game.items, rows);

  return (
    <ButtonDialog
      icon={Pencil}
      label={t.edit}
      open={open}
      onOpenChange={onOpenChange}
      className="edit-items"
      testId="edit-items-dialog"
    >
      <form
        className="edit-items__form"
        aria-describedby={ids.warning}
        onSubmit={(event) => {
          event.preventDefault();
          if (save.isPending) return;
          const pending = picturesWaiting(rows);
          setWaiting(
            pending === null
              ? null
              : pending === 'uploading'
                ? picturesSaid.waitUploading
                : picturesSaid.fixFailed,
          );
          if (pending) return;
          // Nothing to change: no request, no live update sent to every player.
          if (!changed) setOpen(false);
          else save.mutate(toItemEdits(rows, game.items));
        }}
      >
        <DialogHead title={t.title} />
        <Dialog.Description className="dialog__text">{t.description}</Dialog.Description>
        <p id={ids.warning} className="notice notice--warning">
          <TriangleAlert size={16} aria-hidden="true" />
          {t.warning}
        </p>

        <div
          className={`edit-items__list item-drop${file.dragging ? ' is-dropping' : ''}`}
          {...file.dropProps}
        >
          <ItemDropNote file={file} />
          <ol className="item-rows" aria-label={t.items}>
            {rows.map((row, index) => (
              <li
                key={row.key}
                className="item-row item-row--picture"
                {...pictures.rowDropProps(row.key)}
              >
                <span className="item-row__number" aria-hidden="true">
                  {index + 1}
                </span>
                <input
                  {...items.inputProps(row, index)}
                  className="input"
                  type="text"
                  aria-label={t.item({ number: index + 1 })}
                  maxLength={MAX_ITEM_LENGTH}
                  placeholder={row.id === undefined ? t.newItem : undefined}
                  onPaste={(event) => pictures.pasteInto(row.key, event)}
                />
                <RowPictureButton row={row} number={index + 1} pictures={pictures} />
                <button
                  type="button"
                  className="btn-icon item-row__remove"
                  aria-label={
                    row.label.trim()
                      ? t.remove({ label: row.label.trim() })
                      : t.removeItem({ number: index + 1 })
                  }
                  onClick={() => items.removeRow(index)}
                >
                  <X size={18} aria-hidden="true" />
                </button>
                <RowPictureDetails row={row} number={index + 1} items={items} pictures={pictures} />
              </li>
            ))}
          </ol>
          {rows.length === 0 ? <p className="edit-items__empty">{t.empty}</p> : null}
        </div>
        {pictures.chooserInput}
        <ItemFileNotes items={items} file={file} dropped={pictures.dropped} />

        <div className="edit-items__add">
          <button
            ref={attachAddButton}
            type="button"
            className="btn btn-secondary"
            onClick={items.addRow}
            disabled={full}
            aria-describedby={ids.count}
          >
            {rows.length === 0 ? (
              <ListPlus size={18} aria-hidden="true" />
            ) : (
              <Plus size={18} aria-hidden="true" />
            )}
            {t.add}
          </button>
          <ItemFileButton file={file} hintId={ids.fileHint} />
          <span id={ids.count} className="edit-items__count">
            {full
              ? t.atMost({ max: MAX_ITEMS })
              : t.countOf({ count: rows.length, max: MAX_ITEMS })}
          </span>
          <p id={ids.fileHint} className="field__hint item-rows__file-hint">
            {rowsText.fromFileHint}
          </p>
        </div>

        <p id={ids.error} className="form-error" role="alert">
          {waiting ?? (save.isError ? errorMessage(save.error) : null)}
        </p>

        <div className="dialog__actions edit-items__footer">
          <p className="edit-items__changes" aria-live="polite">
            {changes ?? t.noChanges}
          </p>
          <Dialog.Close asChild>
            <button type="button" className="btn btn-secondary">
              {t.cancel}
            </button>
          </Dialog.Close>
          <button
            type="submit"
            className="btn btn-primary"
            aria-disabled={save.isPending}
            aria-describedby={save.isError ? ids.error : undefined}
          >
            {save.isPending ? t.saving : t.save}
          </button>
        </div>
      </form>
    </ButtonDialog>
  );
}
