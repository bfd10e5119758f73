/**
 * Import ballots (decision 0048): the owner chooses a CSV in the ballot export's format (the
 * export is offered as the template), sees how many ballots it holds, and imports it. All or
 * nothing: the server's answer names the first bad row, and nothing is saved. After it, the rank's
 * counts; its results update live.
 */
import * as Dialog from '@radix-ui/react-dialog';
import { CircleCheck, FileSpreadsheet, FileUp, Upload } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { importRowCount } from '../../domain/ballot-import';
import { AppError } from '../../domain/errors';
import type { GameView } from '../../domain/game';
import { MAX_IMPORT_BYTES } from '../../domain/limits';
import { errorMessage } from '../api/errors';
import { useImportBallots } from '../api/game-mutations';
import { rankingsCount, counted } from '../game/format';
import { formatNumber } from '../i18n/format';
import { useText } from '../i18n/i18n';
import { importBallotsText } from '../i18n/messages/owner';
import { paths } from '../paths';
import { ButtonDialog } from '../ui/button-dialog';
import { DialogHead } from '../ui/dialog-head';

/** The chosen file: read and counted, or what stops it from being imported. */
type Chosen =
  | { name: string; state: 'reading' }
  | { name: string; state: 'ready'; text: string; count: number }
  | { name: string; state: 'refused'; message: string };

export function ImportBallotsDialog(props: { game: GameView }) {
  const t = useText(importBallotsText);
  const { game } = props;
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [asked, setAsked] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const done = useRef<HTMLButtonElement>(null);
  const ids = { file: useId(), error: useId() };
  const upload = useImportBallots(game.id);
  const result = upload.data;

  // Imported: focus on Done, so a keyboard is where the next step is.
  useEffect(() => {
    if (result) done.current?.focus();
  }, [result]);

  const onOpenChange = (next: boolean) => {
    if (next) {
      setChosen(null);
      setAsked(false);
      upload.reset();
    }
    setOpen(next);
  };

  const read = async (file: File) => {
    upload.reset();
    setAsked(false);
    const name = file.name;
    if (file.size > MAX_IMPORT_BYTES) {
      const size = formatNumber(MAX_IMPORT_BYTES / (1024 * 1024));
      return setChosen({ name, state: 'refused', message: t.tooBig({ file: name, size }) });
    }
    setChosen({ name, state: 'reading' });
    let text: string;
    try {
      text = await file.text();
    } catch {
      return setChosen({ name, state: 'refused', message: t.unreadable({ file: name }) });
    }
    try {
      setChosen({ name, state: 'ready', text, count: importRowCount(text, game.ballot) });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      setChosen({ name, state: 'refused', message: error.message });
    }
  };

  const submit = () => {
    setAsked(true);
    if (upload.isPending || chosen?.state !== 'ready') return;
    upload.mutate(chosen.text);
  };

  const error = upload.isError
    ? errorMessage(upload.error)
    : asked && chosen === null
      ? t.noFile
      : null;

  return (
    <ButtonDialog
      icon={Upload}
      label={t.open}
      open={open}
      onOpenChange={onOpenChange}
      className="import-ballots"
      testId="import-ballots-dialog"
    >
      <form
        className="import-ballots__form"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <DialogHead title={t.title} />
        <Dialog.Description className="dialog__text">{t.description}</Dialog.Description>
        <p className="muted import-ballots__format">{t.format}</p>
        <a className="download-link" href={paths.exportFile(game.id, 'ballots', 'csv')} download>
          <FileSpreadsheet size={22} aria-hidden="true" />
          <span>
            <strong>{t.template}</strong>
          </span>
        </a>
        <p className="muted import-ballots__format">{t.limits}</p>

        <div className="import-ballots__file">
          <button
            type="button"
            className="btn btn-secondary"
            aria-describedby={ids.file}
            onClick={() => input.current?.click()}
          >
            <FileUp size={18} aria-hidden="true" />
            {chosen ? t.chooseAnother : t.choose}
          </button>
          <input
            ref={input}
            type="file"
            accept=".csv,text/csv"
            hidden
            data-testid="import-ballots-input"
            onChange={(event) => {
              const file = event.currentTarget.files?.[0];
              // Cleared, so choosing the same file again (after fixing it) reads it again.
              event.currentTarget.value = '';
              if (file) void read(file);
            }}
          />
          <p
            id={ids.file}
            className="import-ballots__chosen"
            aria-live="polite"
            data-testid="import-ballots-file"
          >
            {chosen?.state === 'reading' ? t.reading : null}
            {chosen?.state === 'ready'
              ? counted((values) => t.rows({ ...values, file: chosen.name }), chosen.count)
              : null}
          </p>
        </div>

        <div role="alert" data-testid="import-ballots-error">
          {chosen?.state === 'refused' ? <p className="field-error">{chosen.message}</p> : null}
          {error ? (
            <p id={ids.error} className="field-error">
              {error}
            </p>
          ) : null}
        </div>
        <div role="status" data-testid="import-ballots-result">
          {result ? (
            <p className="notice import-ballots__result">
              <CircleCheck size={16} aria-hidden="true" />
              {counted(t.imported, result.imported)}{' '}
              {t.nowCounts({
                rankings: rankingsCount(result.submissionCount),
                imported: formatNumber(result.importedCount),
              })}
            </p>
          ) : null}
        </div>

        <div className="dialog__actions">
          {result ? (
            <Dialog.Close asChild>
              <button ref={done} type="button" className="btn btn-primary">
                {t.done}
              </button>
            </Dialog.Close>
          ) : (
            <>
              <Dialog.Close asChild>
                <button type="button" className="btn btn-secondary">
                  {t.cancel}
                </button>
              </Dialog.Close>
              <button
                type="submit"
                className="btn btn-primary"
                aria-disabled={upload.isPending || chosen?.state !== 'ready'}
                aria-describedby={error ? ids.error : undefined}
              >
                {upload.isPending ? t.importing : t.import}
              </button>
            </>
          )}
        </div>
      </form>
    </ButtonDialog>
  );
}
