/**
 * Report a rank: a reason (spam, offensive, other) and an optional note. Accounts only: others are
 * asked to sign in. One open report per person and rank; a second says so.
 */
import * as Dialog from '@radix-ui/react-dialog';
import { Flag } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { toast } from '../ui/toasts';
import { REPORT_REASONS, type CommunityRankView, type ReportReason } from '../../domain/community';
import { cleanText } from '../../domain/text';
import { isSignInNeeded } from '../api/community';
import { useReportRank } from '../api/community-mutations';
import { errorMessage } from '../api/errors';
import { DialogHead } from '../ui/dialog-head';
import { refreshSession, useViewer } from '../shell/session/use-viewer';
import { useSignInPrompt } from './sign-in-prompt';
import { useText } from '../i18n/i18n';
import { reportDialogText } from '../i18n/messages/community';
import { RichText } from '../i18n/rich-text';

function reasonLabel(t: ReturnType<typeof reportDialogText.get>, reason: ReportReason): string {
  return { spam: t.reasonSpam, offensive: t.reasonOffensive, other: t.reasonOther }[reason];
}

const MAX_NOTE = 500;

export function ReportButton(props: { rank: Pick<CommunityRankView, 'id' | 'title'> }) {
  const t = useText(reportDialogText);
  const viewer = useViewer();
  const promptSignIn = useSignInPrompt();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<ReportReason>('spam');
  const [note, setNote] = useState('');
  const ids = { note: useId(), error: useId(), reasons: useId() };

  const report = useReportRank(props.rank.id, {
    onSuccess: () => {
      setOpen(false);
      toast.success(t.thanks);
    },
    onError: (error) => {
      if (isSignInNeeded(error)) {
        setOpen(false);
        refreshSession();
        promptSignIn(t.signInToReport);
      }
    },
  });

  const onOpenChange = (next: boolean) => {
    if (next && viewer.status !== 'signed-in') {
      promptSignIn(t.signInToReport);
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
    if (report.isPending) return;
    const cleaned = cleanText(note);
    report.mutate({ reason, ...(cleaned ? { note: cleaned } : {}) });
  };

  const error = report.isError && !isSignInNeeded(report.error) ? errorMessage(report.error) : null;

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger asChild>
        <button
          type="button"
          className="btn btn-secondary"
          aria-label={t.label({ title: props.rank.title })}
        >
          <Flag size={16} aria-hidden="true" />
          {t.report}
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog report-dialog" aria-describedby={undefined}>
          <DialogHead title={t.title} />
          <form className="report-form" onSubmit={onSubmit}>
            <p className="dialog__text">
              <RichText
                text={t.question}
                values={{
                  title: (
                    <bdi>
                      <strong>{props.rank.title}</strong>
                    </bdi>
                  ),
                }}
              />
            </p>
            <fieldset className="report-form__reasons">
              <legend className="visually-hidden">{t.reason}</legend>
              {REPORT_REASONS.map((value) => (
                <label key={value} className="radio-row">
                  <input
                    type="radio"
                    name={ids.reasons}
                    value={value}
                    checked={reason === value}
                    onChange={() => setReason(value)}
                  />
                  {reasonLabel(t, value)}
                </label>
              ))}
            </fieldset>
            <div className="field">
              <label htmlFor={ids.note}>{t.note}</label>
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
                  {t.cancel}
                </button>
              </Dialog.Close>
              <button
                type="submit"
                className="btn btn-primary"
                aria-disabled={report.isPending}
                aria-describedby={error ? ids.error : undefined}
              >
                {report.isPending ? t.reporting : t.report}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
