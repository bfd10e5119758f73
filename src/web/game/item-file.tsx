/**
 * Items from a file on /create, /builder and the owner's Edit items (issue 25): a "From a file"
 * button with a hidden file input, and the item list as a drop target. The file's items
 * (domain/item-file.ts: one per line, or a CSV's item column) fill the rows as a pasted list does, with the same count and Undo; a
 * file too big, not text, empty or unreadable gets a message saying what to do.
 */
import { FileUp, Undo2 } from 'lucide-react';
import { useRef, useState, type DragEvent } from 'react';
import { ITEM_FILE_ACCEPT, itemFileProblem, readItemFile } from '../../domain/item-file';
import type { ItemFileProblem } from '../../domain/item-file';
import { MAX_ITEM_FILE_BYTES, MAX_ITEMS } from '../../domain/limits';
import { formatNumber } from '../i18n/format';
import { useText } from '../i18n/i18n';
import { itemRowsText } from '../i18n/messages/item-rows';
import type { ItemRows } from './use-item-rows';
import { pictureFiles } from './row-pictures';
import { itemPictureText } from '../i18n/messages/pictures';
import './item-file.css';

type FileProblem = ItemFileProblem | 'unreadable';

const hasFiles = (event: DragEvent) => event.dataTransfer.types.includes('Files');

/**
 * Reading a file into the rows, and the list as a drop target (`dropProps`); pictures dropped go
 * to `onPictures` (one item each: game/row-pictures.tsx) when given.
 */
export function useItemFile(items: ItemRows, onPictures?: (files: File[]) => void) {
  const t = useText(itemRowsText);
  // The message, with the rows it was said over: any change to the rows (typing, a paste, Undo)
  // makes it stale, and it is no longer shown.
  const [said, setSaid] = useState<{ message: string; over: ItemRows['rows'] } | null>(null);
  const [dragging, setDragging] = useState(false);
  const { rows, addFileItems } = items;

  const say = (problem: FileProblem, file: string) => {
    const size = formatNumber(MAX_ITEM_FILE_BYTES / (1024 * 1024));
    const messages: Record<FileProblem, string> = {
      'too-big': t.fileTooBig({ file, size }),
      'not-text': t.fileNotText({ file }),
      empty: t.fileEmpty({ file }),
      unreadable: t.fileUnreadable({ file }),
    };
    setSaid({ message: messages[problem], over: rows });
  };

  const read = async (file: File) => {
    const problem = itemFileProblem(file);
    if (problem) return say(problem, file.name);
    let bytes: Uint8Array;
    try {
      bytes = new Uint8Array(await file.arrayBuffer());
    } catch {
      return say('unreadable', file.name);
    }
    const found = readItemFile(file, bytes);
    if ('problem' in found) return say(found.problem, file.name);
    addFileItems(found.items, file.name);
  };

  const dropProps = {
    onDragEnter: (event: DragEvent<HTMLElement>) => {
      if (!hasFiles(event)) return;
      event.preventDefault();
      setDragging(true);
    },
    onDragOver: (event: DragEvent<HTMLElement>) => {
      if (!hasFiles(event)) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'copy';
      setDragging(true);
    },
    onDragLeave: (event: DragEvent<HTMLElement>) => {
      const to = event.relatedTarget;
      if (!(to instanceof Node) || !event.currentTarget.contains(to)) setDragging(false);
    },
    onDrop: (event: DragEvent<HTMLElement>) => {
      if (!hasFiles(event)) return;
      event.preventDefault();
      setDragging(false);
      const pictures = onPictures ? pictureFiles(event.dataTransfer.files) : [];
      if (pictures.length > 0) return onPictures?.(pictures);
      const file = event.dataTransfer.files[0];
      if (file) void read(file);
    },
  };

  return {
    /** The message about the last file, when it gave no items. */
    error: said && said.over === rows ? said.message : null,
    dragging,
    dropProps,
    read,
  };
}

export type ItemFile = ReturnType<typeof useItemFile>;

/** The "From a file" button and its hidden file input. */
export function ItemFileButton(props: { file: ItemFile; hintId: string }) {
  const t = useText(itemRowsText);
  const { file } = props;
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <button
        type="button"
        className="btn btn-secondary"
        aria-describedby={props.hintId}
        onClick={() => input.current?.click()}
      >
        <FileUp size={18} aria-hidden="true" />
        {t.fromFile}
      </button>
      <input
        ref={input}
        type="file"
        accept={ITEM_FILE_ACCEPT}
        hidden
        data-testid="item-file-input"
        onChange={(event) => {
          const chosen = event.currentTarget.files?.[0];
          // Cleared, so choosing the same file again reads it again.
          event.currentTarget.value = '';
          if (chosen) void file.read(chosen);
        }}
      />
    </>
  );
}

/** Over the list while a file is dragged over it: "Drop the file to add its items". */
export function ItemDropNote(props: { file: ItemFile }) {
  const t = useText(itemRowsText);
  return props.file.dragging ? (
    <p className="item-drop__note" aria-hidden="true">
      {t.dropFile}
    </p>
  ) : null;
}

/**
 * What a paste or a file did, under the rows: how many items it made (and how many did not fit)
 * with Undo, read out as a status; and the message about a file that gave no items, as an alert.
 * Both regions are always there, so what fills them is read out.
 */
export function ItemFileNotes(props: {
  items: ItemRows;
  file: ItemFile;
  /** Pictures dropped as new items (game/row-pictures.tsx): how many made items, how many not. */
  dropped?: { count: number; left: number } | null | undefined;
}) {
  const t = useText(itemRowsText);
  const p = useText(itemPictureText);
  const { pasted } = props.items;
  const { dropped } = props;
  return (
    <>
      <div className="item-rows__status" role="status" data-testid="pasted-note">
        {dropped ? (
          <p className="item-rows__pasted">
            <span>
              {p.added(dropped.count)}
              {dropped.left > 0 ? <> {p.left({ max: MAX_ITEMS })(dropped.left)}</> : null}
            </span>
          </p>
        ) : null}
        {pasted ? (
          <p className="item-rows__pasted">
            <span>
              {pasted.file === undefined
                ? t.pasted(pasted.placed)
                : t.fileAdded({ file: pasted.file })(pasted.placed)}
              {pasted.left > 0 ? <> {t.pastedLeft({ max: MAX_ITEMS })(pasted.left)}</> : null}
            </span>
            <button
              type="button"
              className="btn btn-secondary btn-sm"
              onClick={props.items.undoPaste}
            >
              <Undo2 size={16} aria-hidden="true" />
              {t.undo}
            </button>
          </p>
        ) : null}
      </div>
      <div role="alert" className="item-rows__file-error" data-testid="item-file-error">
        {props.file.error ? <p className="field-error">{props.file.error}</p> : null}
      </div>
    </>
  );
}
