/**
 * The owner's downloads: the results table and every ballot (name, time, order; no e-mails), as
 * CSV for spreadsheets or JSON for programs. Plain links: the browser downloads with the session.
 */
import * as Dialog from '@radix-ui/react-dialog';
import { Download, FileJson, FileSpreadsheet } from 'lucide-react';
import type { GameView } from '../../domain/game';
import { paths } from '../paths';
import { DialogHead } from '../shell/ui/dialog-head';

const FILES = [
  { what: 'results', format: 'csv', label: 'Results', hint: 'The crowd’s order with its figures' },
  { what: 'ballots', format: 'csv', label: 'Ballots', hint: 'Each player’s name, time and order' },
  { what: 'results', format: 'json', label: 'Results', hint: 'For programs' },
  { what: 'ballots', format: 'json', label: 'Ballots', hint: 'For programs' },
] as const;

export function DownloadDialog(props: { game: GameView }) {
  return (
    <Dialog.Root>
      <Dialog.Trigger asChild>
        <button type="button" className="btn btn-secondary">
          <Download size={18} aria-hidden="true" />
          Download
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog" aria-describedby={undefined}>
          <DialogHead title="Download results" />
          <ul className="download-list">
            {FILES.map((file) => (
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
                      {file.label} ({file.format.toUpperCase()})
                    </strong>
                    <span className="download-link__hint">{file.hint}</span>
                  </span>
                </a>
              </li>
            ))}
          </ul>
          <p className="muted">
            Names are as players showed them; e-mail addresses are never included.
          </p>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
