/**
 * Report a rank: a reason (spam, offensive, other) and an optional note. Accounts only: others are
 * asked to sign in. One open report per person and rank; a second says so.
 */
import * as Dialog from '@radix-ui/react-dialog';
import { useMutation } from '@tanstack/react-query';
import { Flag } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { toast } from '../shell/toasts';
import {
  COMMUNITY_MESSAGES,
  REPORT_REASONS,
  type CommunityRankView,
  type ReportReason,
} from '../../domain/community';
import { isSignInNeeded, reportRank } from '../api/community';
import { errorMessage } from '../api/errors';
import { DialogHead } from '../shell/dialog-head';
import { refreshSession, useViewer } from '../shell/use-viewer';
import { useSignInPrompt } from './sign-in-prompt';

const REASON_LABELS: Record<ReportReason, string> = {
  spam: 'Spam',
  offensive: 'Offensive',
  other: 'Something else',
};

const MAX_NOTE = 500;

export function ReportButton(props: { rank: Pick<CommunityRankView, 'id' | 'title'> }) {
  const viewer = useViewer();
  const promptSignIn = useSignInPrompt();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<ReportReason>('spam');
  const [note, setNote] = useState('');
  const ids = { note: useId(), error: useId(), reasons: useId() };

  const report = useMutation({
    mutationFn: () =>
      reportRank(props.rank.id, { reason, ...(note.trim() ? { note: note.trim() } : {}) }),
    onSuccess: () => {
      setOpen(false);
      toast.success('Thanks, a moderator will take a look.');
    },
    onError: (error) => {
      if (isSignInNeeded(error)) {
        setOpen(false);
        refreshSession();
        promptSignIn(COMMUNITY_MESSAGES.signInToReport);
      }
    },
  });

  const onOpenChange = (next: boolean) => {
    if (next && viewer.status !== 'signed-in') {
      promptSignIn(COMMUNITY_MESSAGES.signInToReport);
      return;
    }
    if (next) {
      setReason('spam');
      setNote('');
      report.reset();
    }
    setOpen(next);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!report.isPending) report.mutate();
  };

  const error = report.isError && !isSignInNeeded(report.error) ? errorMessage(report.error) : null;

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger asChild>
        <button
          type="button"
          className="btn btn-secondary"
          aria-label={`Report ${props.rank.title}`}
        >
          <Flag size={16} aria-hidden="true" />
          Report
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog report-dialog" aria-describedby={undefined}>
          <DialogHead title="Report this rank" />
          <form className="report-form" onSubmit={onSubmit}>
            <p className="dialog__text">
              <bdi>
                <strong>{props.rank.title}</strong>
              </bdi>
              : what is wrong with it?
            </p>
            <fieldset className="report-form__reasons">
              <legend className="visually-hidden">Reason</legend>
              {REPORT_REASONS.map((value) => (
                <label key={value} className="radio-row">
                  <input
                    type="radio"
                    name={ids.reasons}
                    value={value}
                    checked={reason === value}
                    onChange={() => setReason(value)}
                  />
                  {REASON_LABELS[value]}
                </label>
              ))}
            </fieldset>
            <div className="field">
              <label htmlFor={ids.note}>Note (optional)</label>
              <textarea
                id={ids.note}
                className="input report-form__note"
                rows={3}
                maxLength={MAX_NOTE}
                value={note}
                onChange={(event) => setNote(event.target.value)}
              />
            </div>
            <p id={ids.error} className="form-error" role="alert">
              {error}
            </p>
            <div className="dialog__actions">
              <Dialog.Close asChild>
                <button type="button" className="btn btn-secondary">
                  Cancel
                </button>
              </Dialog.Close>
              <button
                type="submit"
                className="btn btn-primary"
                aria-disabled={report.isPending}
                aria-describedby={error ? ids.error : undefined}
              >
                {report.isPending ? 'Reporting…' : 'Report'}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
