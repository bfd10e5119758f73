/**
 * The owner's downloads: the results table and every ballot (name, time, order; no e-mails), and a
 * duel game's answers, as CSV for spreadsheets or JSON for programs. Plain links: the browser downloads with the session.
 */
import { Download, FileJson, FileSpreadsheet } from 'lucide-react';
import type { GameView } from '../../domain/game';
import { paths } from '../paths';
import { ButtonDialog } from '../ui/button-dialog';
import { DialogHead } from '../ui/dialog-head';
import { useText } from '../i18n/i18n';
import { downloadDialogText } from '../i18n/messages/owner';

/** Each file, its name and hint by their message keys; a duel game's answers too (0067). */
const FILES = [
  { what: 'results', format: 'csv', label: 'results', hint: 'resultsCsv' },
  { what: 'ballots', format: 'csv', label: 'ballots', hint: 'ballotsCsv' },
  { what: 'answers', format: 'csv', label: 'answers', hint: 'answersCsv' },
  { what: 'results', format: 'json', label: 'results', hint: 'forPrograms' },
  { what: 'ballots', format: 'json', label: 'ballots', hint: 'forPrograms' },
  { what: 'answers', format: 'json', label: 'answers', hint: 'forPrograms' },
] as const;

export function DownloadDialog(props: { game: GameView }) {
  const t = useText(downloadDialogText);
  const duels = props.game.ballot.kind === 'duel';
  const files = FILES.filter((file) => duels || file.what !== 'answers');
  return (
    <ButtonDialog icon={Download} label={t.download} described={false}>
      <DialogHead title={t.title} />
      <ul className="download-list">
        {files.map((file) => (
          <li key={`${file.what}.${file.format}`}>
            <a
              className="download-link"
              href={paths.exportFile(props.game.id, file.what, file.format)}
              download
            >
              {file.format === 'csv' ? (
                <FileSpreadsheet size={22} aria-hidden="true" />
              ) : (
                <FileJson size={22} aria-hidden="true" />
              )}
              <span>
                <strong>
                  {t.file({ label: t[file.label], format: file.format.toUpperCase() })}
                </strong>
                <span className="download-link__hint">{t[file.hint]}</span>
              </span>
            </a>
          </li>
        ))}
      </ul>
      <p className="muted">{t.note}</p>
    </ButtonDialog>
  );
}
