/**
 * Pictures on item rows (issue 26, decision 0050), for /create, /builder and the owner's item
 * editor: a picture chosen (on a phone, from the camera roll: `accept="image/*"`), dropped on a
 * row or pasted into it, uploaded a few at a time with its progress shown, its description (the
 * label until edited), replace and remove; and many pictures dropped on the list, one item each,
 * named after its file. A refusal says the server's words ("Pictures can be up to 10 MB", …).
 */
import { ImagePlus, RotateCw, Trash2 } from 'lucide-react';
import { useRef, useState, type ClipboardEvent, type DragEvent } from 'react';
import { labelFromFileName } from '../../domain/item-pictures';
import { MAX_IMAGE_ALT_LENGTH, MAX_IMAGE_BYTES } from '../../domain/limits';
import { errorMessage } from '../api/errors';
import { uploadImage } from '../api/images';
import { useText } from '../i18n/i18n';
import { itemPictureText } from '../i18n/messages/pictures';
import type { ItemRow } from './item-row-edits';
import type { ItemRows } from './use-item-rows';

/** Uploads sent at once: the server processes two at a time and lets sixteen wait. */
const UPLOADS_AT_ONCE = 3;

/** Runs the tasks given to it at most `limit` at a time, in the order given. */
function taskSlots(limit: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  const next = () => {
    if (running >= limit) return;
    const start = waiting.shift();
    if (!start) return;
    running += 1;
    start();
  };
  return <T,>(task: () => Promise<T>): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      waiting.push(() => {
        task()
          .then(resolve, reject)
          .finally(() => {
            running -= 1;
            next();
          });
      });
      next();
    });
}

/** Picture files among those dragged or pasted (a type the browser names `image/…`). */
export function pictureFiles(files: FileList | readonly File[] | undefined | null): File[] {
  return Array.from(files ?? []).filter((file) => file.type.startsWith('image/'));
}

export function useRowPictures(items: ItemRows) {
  const t = useText(itemPictureText);
  const slots = useRef(taskSlots(UPLOADS_AT_ONCE));
  const chooser = useRef<HTMLInputElement>(null);
  const chooseFor = useRef<string | null>(null);
  const [dropped, setDropped] = useState<{ count: number; left: number } | null>(null);
  const { setPicture } = items;

  /** Sends `file` as the row `key`'s picture (replacing any), the row showing how it goes. */
  const upload = (key: string, file: File) => {
    const refusal =
      file.type !== '' && !file.type.startsWith('image/')
        ? t.notAPicture({ file: file.name })
        : file.size > MAX_IMAGE_BYTES
          ? t.tooBig({ file: file.name })
          : null;
    if (refusal) {
      setPicture(key, { state: 'failed', message: refusal, file }, true);
      return;
    }
    const preview = URL.createObjectURL(file);
    const stillThis = (current: ItemRow['picture']) =>
      current?.state === 'uploading' && current.preview === preview;
    setPicture(key, { state: 'uploading', preview, progress: 0 }, true);
    slots
      .current(() =>
        uploadImage(file, (progress) =>
          setPicture(key, (current) =>
            stillThis(current) ? { state: 'uploading', preview, progress } : current,
          ),
        ),
      )
      .then(
        (image) =>
          setPicture(key, (current) =>
            stillThis(current)
              ? { state: 'ready', id: image.id, thumbUrl: image.thumbUrl, alt: null }
              : current,
          ),
        (error: unknown) =>
          setPicture(key, (current) =>
            stillThis(current) ? { state: 'failed', message: errorMessage(error), file } : current,
          ),
      )
      .finally(() => URL.revokeObjectURL(preview));
  };

  /** One item per picture, named after its file, each uploading (a few at a time). */
  const addPictureFiles = (files: readonly File[]) => {
    const labels = files.map(
      (file, index) => labelFromFileName(file.name) || t.unnamed({ number: index + 1 }),
    );
    const keys = items.addPictureRows(labels);
    keys.forEach((key, index) => upload(key, files[index]!));
    setDropped({ count: keys.length, left: files.length - keys.length });
  };

  return {
    upload,
    addPictureFiles,
    /** What the last drop of pictures made, until the next one. */
    dropped,
    /** Opens the file chooser for the row `key`. */
    choose: (key: string) => {
      chooseFor.current = key;
      chooser.current?.click();
    },
    /** A picture pasted into the row `key`: true when it was taken (the paste is then done). */
    pasteInto: (key: string, event: ClipboardEvent<HTMLInputElement>): boolean => {
      const [file] = pictureFiles(event.clipboardData.files);
      if (!file) return false;
      event.preventDefault();
      upload(key, file);
      return true;
    },
    /** The row `key` as a drop target: one picture is its picture, several make items. */
    rowDropProps: (key: string) => ({
      onDrop: (event: DragEvent<HTMLElement>) => {
        const files = pictureFiles(event.dataTransfer.files);
        if (files.length === 0) return;
        event.preventDefault();
        event.stopPropagation();
        if (files.length === 1) upload(key, files[0]!);
        else addPictureFiles(files);
      },
    }),
    /** The one hidden file input every row's button opens. */
    chooserInput: (
      <input
        ref={chooser}
        type="file"
        accept="image/*"
        hidden
        data-testid="item-picture-input"
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          event.currentTarget.value = '';
          const key = chooseFor.current;
          if (file && key !== null) upload(key, file);
        }}
      />
    ),
  };
}

export type RowPictures = ReturnType<typeof useRowPictures>;

/** A row's picture button: "Add a picture", or its thumbnail (pressing it replaces it). */
export function RowPictureButton(props: { row: ItemRow; number: number; pictures: RowPictures }) {
  const t = useText(itemPictureText);
  const { row, number } = props;
  const picture = row.picture;
  const src =
    picture?.state === 'ready'
      ? picture.thumbUrl
      : picture?.state === 'uploading'
        ? picture.preview
        : null;
  return (
    <button
      type="button"
      className={`btn-icon item-row__picture${src ? ' has-picture' : ''}`}
      aria-label={src ? t.replace({ number }) : t.add({ number })}
      onClick={() => props.pictures.choose(row.key)}
      data-testid="item-picture-button"
    >
      {src ? (
        <img src={src} alt="" className="item-row__thumb" />
      ) : (
        <ImagePlus size={20} aria-hidden="true" />
      )}
    </button>
  );
}

/**
 * Under a row with a picture: the upload's progress, its refusal (Try again, Remove), or the
 * description field (the label until edited) and Remove.
 */
export function RowPictureDetails(props: {
  row: ItemRow;
  number: number;
  items: ItemRows;
  pictures: RowPictures;
}) {
  const t = useText(itemPictureText);
  const { row, number, items } = props;
  const picture = row.picture;
  if (!picture) return null;
  const remove = (
    <button
      type="button"
      className="btn btn-secondary btn-sm"
      onClick={() => items.setPicture(row.key, undefined, true)}
    >
      <Trash2 size={16} aria-hidden="true" />
      <span className="visually-hidden">{t.remove({ number })}</span>
    </button>
  );
  if (picture.state === 'uploading') {
    return (
      <p className="item-row__picture-line field__hint" role="status">
        {t.uploading({ percent: Math.round(picture.progress * 100) })}
      </p>
    );
  }
  if (picture.state === 'failed') {
    return (
      <div className="item-row__picture-line">
        <p className="field-error" role="alert">
          {picture.message}
        </p>
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          onClick={() => props.pictures.upload(row.key, picture.file)}
        >
          <RotateCw size={16} aria-hidden="true" />
          {t.retry}
        </button>
        {remove}
      </div>
    );
  }
  return (
    <div className="item-row__picture-line item-row__picture-line--alt">
      <span className="item-row__alt-label" aria-hidden="true">
        {t.altShort}
      </span>
      <input
        className="input item-row__alt"
        type="text"
        aria-label={t.alt({ number })}
        title={t.altHint}
        dir="auto"
        value={picture.alt ?? row.label}
        maxLength={MAX_IMAGE_ALT_LENGTH}
        autoComplete="off"
        onChange={(event) => {
          const alt = event.target.value;
          items.setPicture(
            row.key,
            (current) => (current?.state === 'ready' ? { ...current, alt } : current),
            true,
          );
        }}
      />
      {remove}
    </div>
  );
}
