/**
 * Edit items: the game's items as editable rows. A renamed item keeps its id and so its votes;
 * new rows are new items; removed rows take their votes with them. The server's answer decides
 * ('At least one item required', 'Items must be unique', …): on an error the rows stay as typed.
 */
import * as Dialog from '@radix-ui/react-dialog';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ListPlus, Pencil, Plus, TriangleAlert, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { toast } from '../shell/toasts';
import type { GameView } from '../../domain/game';
import { MAX_ITEM_LENGTH, MAX_ITEMS } from '../../domain/limits';
import { errorMessage } from '../api/errors';
import { editItems, gameKeys } from '../api/games';
import { DialogHead } from '../shell/dialog-head';
import { editSummary, rowsFromItems, summaryText, toItemEdits, type ItemRow } from './item-rows';
import { cacheOwnedGame } from './owner-cache';

export function EditItemsDialog(props: { game: GameView }) {
  const { game } = props;
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [rows, setRows] = useState<ItemRow[]>([]);
  const pendingFocus = useRef<string | null>(null);
  const inputs = useRef(new Map<string, HTMLInputElement>());
  const addButton = useRef<HTMLButtonElement>(null);
  const nextKey = useRef(0);
  const ids = { warning: useId(), error: useId(), count: useId() };

  const save = useMutation({
    mutationFn: (edited: ItemRow[]) => editItems(game.id, toItemEdits(edited)),
    onSuccess: (answer) => {
      cacheOwnedGame(queryClient, answer);
      void queryClient.invalidateQueries({ queryKey: gameKeys.results(game.id) });
      setOpen(false);
      toast.success('Items saved');
    },
  });

  // After a row is added or removed and the list has rendered: focus the row meant (or Add item).
  useEffect(() => {
    const key = pendingFocus.current;
    if (key === null) return;
    pendingFocus.current = null;
    (inputs.current.get(key) ?? addButton.current)?.focus();
  });

  const onOpenChange = (next: boolean) => {
    if (next) {
      setRows(rowsFromItems(game.items));
      save.reset();
    }
    setOpen(next);
  };

  const full = rows.length >= MAX_ITEMS;
  const changes = summaryText(editSummary(game.items, rows));

  const addRow = () => {
    if (full) return;
    nextKey.current += 1;
    const key = `new-${nextKey.current}`;
    setRows((current) => [...current, { key, label: '' }]);
    pendingFocus.current = key;
  };

  const removeRow = (index: number) => {
    const after = rows[index + 1] ?? rows[index - 1];
    setRows((current) => current.filter((_, i) => i !== index));
    pendingFocus.current = after ? after.key : '';
  };

  const setLabel = (index: number, label: string) =>
    setRows((current) => current.map((row, i) => (i === index ? { ...row, label } : row)));

  // Enter moves to the next row; on the last row, a filled one, it adds a row (as on Create).
  const onRowKeyDown = (event: KeyboardEvent<HTMLInputElement>, index: number) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    event.preventDefault();
    const next = rows[index + 1];
    if (next) inputs.current.get(next.key)?.focus();
    else if (rows[index]?.label.trim()) addRow();
  };

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger asChild>
        <button type="button" className="btn btn-secondary">
          <Pencil size={18} aria-hidden="true" />
          Edit items
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog edit-items" data-testid="edit-items-dialog">
          <form
            className="edit-items__form"
            aria-describedby={ids.warning}
            onSubmit={(event) => {
              event.preventDefault();
              if (save.isPending) return;
              // Nothing to change: no request, no live update sent to every player.
              if (changes === null) setOpen(false);
              else save.mutate(rows);
            }}
          >
            <DialogHead title="Edit items" />
            <Dialog.Description className="dialog__text">
              Rename, add or remove items. A renamed item keeps its votes.
            </Dialog.Description>
            <p id={ids.warning} className="notice notice--warning">
              <TriangleAlert size={16} aria-hidden="true" />
              Removing an item removes its votes; adding items asks players who already ranked to
              re-order.
            </p>

            <ol className="item-rows" aria-label="Items">
              {rows.map((row, index) => (
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
                    value={row.label}
                    maxLength={MAX_ITEM_LENGTH}
                    placeholder={row.id === undefined ? 'New item' : undefined}
                    onChange={(event) => setLabel(index, event.target.value)}
                    onKeyDown={(event) => onRowKeyDown(event, index)}
                  />
                  <button
                    type="button"
                    className="btn-icon item-row__remove"
                    aria-label={`Remove ${row.label.trim() || `item ${index + 1}`}`}
                    onClick={() => removeRow(index)}
                  >
                    <X size={18} aria-hidden="true" />
                  </button>
                </li>
              ))}
            </ol>
            {rows.length === 0 ? (
              <p className="edit-items__empty">No items left. A rank needs at least one.</p>
            ) : null}

            <div className="edit-items__add">
              <button
                ref={addButton}
                type="button"
                className="btn btn-secondary"
                onClick={addRow}
                disabled={full}
                aria-describedby={ids.count}
              >
                {rows.length === 0 ? (
                  <ListPlus size={18} aria-hidden="true" />
                ) : (
                  <Plus size={18} aria-hidden="true" />
                )}
                Add item
              </button>
              <span id={ids.count} className="edit-items__count">
                {full ? `${MAX_ITEMS} items at most` : `${rows.length} of ${MAX_ITEMS} items`}
              </span>
            </div>

            <p id={ids.error} className="form-error" role="alert">
              {save.isError ? errorMessage(save.error) : null}
            </p>

            <div className="dialog__actions edit-items__footer">
              <p className="edit-items__changes" aria-live="polite">
                {changes ?? 'No changes yet'}
              </p>
              <Dialog.Close asChild>
                <button type="button" className="btn btn-secondary">
                  Cancel
                </button>
              </Dialog.Close>
              <button
                type="submit"
                className="btn btn-primary"
                aria-disabled={save.isPending}
                aria-describedby={save.isError ? ids.error : undefined}
              >
                {save.isPending ? 'Saving…' : 'Save'}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
