/**
 * The moderation parts of /community-cop and /admin/reports: the open-reports badge, Hide /
 * Restore for admins, and the admins' report queue (who reported what, when and why).
 */
import { EyeOff, Flag, RotateCcw, ShieldAlert } from 'lucide-react';
import { Link } from 'react-router';
import { toast } from '../ui/toasts';
import type { CommunityRankView, RankReportView, ReportedPicture } from '../../domain/community';
import { useSetPictureHidden } from '../api/admin';
import { useReports } from '../api/community';
import { useHideRank } from '../api/community-mutations';
import { errorMessage } from '../api/errors';
import { paths } from '../paths';
import { SkeletonList } from '../ui/loading';
import { formatDateTime } from '../i18n/format';
import { useText } from '../i18n/i18n';
import { moderationText } from '../i18n/messages/community';
import './moderation.css';

function reasonText(
  t: ReturnType<typeof moderationText.get>,
  reason: RankReportView['reason'],
): string {
  return { spam: t.reasonSpam, offensive: t.reasonOffensive, other: t.reasonOther }[reason];
}

export function ModerationBadges(props: { rank: CommunityRankView }) {
  const t = useText(moderationText);
  const moderation = props.rank.moderation;
  if (!moderation) return null;
  return (
    <>
      {moderation.hidden ? (
        <span className="badge badge--hidden" data-testid="hidden-badge">
          <EyeOff size={14} aria-hidden="true" />
          {t.hidden}
        </span>
      ) : null}
      {moderation.openReports > 0 ? (
        <span className="badge badge--reports" data-testid="reports-badge">
          <Flag size={14} aria-hidden="true" />
          {t.reports(moderation.openReports)}
        </span>
      ) : null}
    </>
  );
}

export function HideButton(props: { rankId: string; title: string; hidden: boolean }) {
  const t = useText(moderationText);
  const hide = useHideRank({
    onSuccess: (rank) => toast.success(rank.moderation?.hidden ? t.rankHidden : t.rankRestored),
    onError: (error) => toast.error(errorMessage(error)),
  });
  const pending = hide.isPending;
  return (
    <button
      type="button"
      className="btn btn-secondary"
      aria-disabled={pending}
      aria-label={(props.hidden ? t.restoreLabel : t.hideLabel)({ title: props.title })}
      onClick={() =>
        pending ? undefined : hide.mutate({ rankId: props.rankId, hidden: !props.hidden })
      }
    >
      {props.hidden ? (
        <RotateCcw size={16} aria-hidden="true" />
      ) : (
        <EyeOff size={16} aria-hidden="true" />
      )}
      {pending ? (props.hidden ? t.restoring : t.hiding) : props.hidden ? t.restore : t.hide}
    </button>
  );
}

/** A reported rank's pictures, each hidden or shown again by a tap (an admin's, logged). */
function ReportedPictures(props: { pictures: readonly ReportedPicture[] }) {
  const t = useText(moderationText);
  const setHidden = useSetPictureHidden();
  return (
    <div className="report-queue__pictures">
      <p className="muted report-queue__pictures-title">{t.pictures}</p>
      <ul className="report-queue__picture-list" data-testid="reported-pictures">
        {props.pictures.map((picture) => {
          const pending = setHidden.isPending && setHidden.variables?.imageId === picture.id;
          return (
            <li key={picture.id} className="report-queue__picture">
              <img src={picture.thumbUrl} alt={picture.alt} loading="lazy" />
              <button
                type="button"
                className="btn btn-secondary btn-sm"
                aria-disabled={pending}
                aria-label={(picture.hidden ? t.showPicture : t.hidePicture)({ alt: picture.alt })}
                onClick={() =>
                  pending
                    ? undefined
                    : setHidden.mutate(
                        { imageId: picture.id, hidden: !picture.hidden },
                        {
                          onSuccess: (answer) =>
                            toast.success(answer.picture.hidden ? t.pictureHidden : t.pictureShown),
                          onError: (error) => toast.error(errorMessage(error)),
                        },
                      )
                }
              >
                {picture.hidden ? (
                  <RotateCcw size={16} aria-hidden="true" />
                ) : (
                  <EyeOff size={16} aria-hidden="true" />
                )}
                {pending
                  ? picture.hidden
                    ? t.restoring
                    : t.hiding
                  : picture.hidden
                    ? t.restore
                    : t.hide}
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

export function ReportQueue() {
  const t = useText(moderationText);
  const reports = useReports(true);
  return (
    <section className="card report-queue" aria-labelledby="report-queue-title">
      <h2 id="report-queue-title" className="report-queue__title">
        <ShieldAlert size={20} aria-hidden="true" />
        {t.queueTitle}
      </h2>
      {reports.isPending ? (
        <SkeletonList rows={2} />
      ) : reports.isError ? (
        <div role="alert">
          <p className="form-error">{errorMessage(reports.error)}</p>
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() => void reports.refetch()}
          >
            {t.retry}
          </button>
        </div>
      ) : reports.data.length === 0 ? (
        <p className="muted">{t.noReports}</p>
      ) : (
        <ul className="report-queue__list" data-testid="report-queue">
          {reports.data.map((report) => (
            <li key={report.id} className="report-queue__item">
              <div className="report-queue__text">
                <Link to={paths.communityRank(report.rankId)} className="report-queue__rank">
                  {report.rankTitle}
                </Link>
                <span className="chip">{reasonText(t, report.reason)}</span>
                {report.hidden ? <span className="badge badge--hidden">{t.hidden}</span> : null}
                <p className="muted report-queue__meta">
                  {report.note
                    ? t.reportedByWithNote({
                        name: report.reporterName,
                        date: formatDateTime(report.createdAt),
                        note: report.note,
                      })
                    : t.reportedBy({
                        name: report.reporterName,
                        date: formatDateTime(report.createdAt),
                      })}
                </p>
              </div>
              <HideButton rankId={report.rankId} title={report.rankTitle} hidden={report.hidden} />
              {report.pictures.length > 0 ? <ReportedPictures pictures={report.pictures} /> : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
