/**
 * /community-cop's moderation parts: the open-reports badge, Hide / Restore for admins, and the
 * admins' report queue (who reported what, when and why).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { EyeOff, Flag, RotateCcw, ShieldAlert } from 'lucide-react';
import { Link } from 'react-router';
import { toast } from '../shell/toasts';
import type { CommunityRankView, RankReportView } from '../../domain/community';
import { communityKeys, hideRank, updateCachedRank, useReports } from '../api/community';
import { errorMessage } from '../api/errors';
import { paths } from '../paths';
import { SkeletonList } from '../shell/loading';

const REASONS: Record<RankReportView['reason'], string> = {
  spam: 'Spam',
  offensive: 'Offensive',
  other: 'Other',
};

export function ModerationBadges(props: { rank: CommunityRankView }) {
  const moderation = props.rank.moderation;
  if (!moderation) return null;
  return (
    <>
      {moderation.hidden ? (
        <span className="badge badge--hidden" data-testid="hidden-badge">
          <EyeOff size={14} aria-hidden="true" />
          Hidden
        </span>
      ) : null}
      {moderation.openReports > 0 ? (
        <span className="badge badge--reports" data-testid="reports-badge">
          <Flag size={14} aria-hidden="true" />
          {moderation.openReports} {moderation.openReports === 1 ? 'report' : 'reports'}
        </span>
      ) : null}
    </>
  );
}

/** Hides a rank from every public list, or restores it. */
export function useHideRank() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { rankId: string; hidden: boolean }) =>
      hideRank(input.rankId, input.hidden),
    onSuccess: (rank) => {
      updateCachedRank(queryClient, rank.id, () => rank);
      void queryClient.invalidateQueries({ queryKey: communityKeys.all });
      toast.success(rank.moderation?.hidden ? 'Rank hidden' : 'Rank restored');
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
}

export function HideButton(props: { rankId: string; title: string; hidden: boolean }) {
  const hide = useHideRank();
  const pending = hide.isPending;
  return (
    <button
      type="button"
      className="btn btn-secondary"
      aria-disabled={pending}
      aria-label={`${props.hidden ? 'Restore' : 'Hide'} ${props.title}`}
      onClick={() =>
        pending ? undefined : hide.mutate({ rankId: props.rankId, hidden: !props.hidden })
      }
    >
      {props.hidden ? (
        <RotateCcw size={16} aria-hidden="true" />
      ) : (
        <EyeOff size={16} aria-hidden="true" />
      )}
      {pending ? (props.hidden ? 'Restoring…' : 'Hiding…') : props.hidden ? 'Restore' : 'Hide'}
    </button>
  );
}

export function ReportQueue() {
  const reports = useReports(true);
  return (
    <section className="card report-queue" aria-labelledby="report-queue-title">
      <h2 id="report-queue-title" className="report-queue__title">
        <ShieldAlert size={20} aria-hidden="true" />
        Report queue
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
            Retry
          </button>
        </div>
      ) : reports.data.length === 0 ? (
        <p className="muted">No open reports. All quiet.</p>
      ) : (
        <ul className="report-queue__list" data-testid="report-queue">
          {reports.data.map((report) => (
            <li key={report.id} className="report-queue__item">
              <div className="report-queue__text">
                <Link to={paths.communityRank(report.rankId)} className="report-queue__rank">
                  {report.rankTitle}
                </Link>
                <span className="chip">{REASONS[report.reason]}</span>
                {report.hidden ? <span className="badge badge--hidden">Hidden</span> : null}
                <p className="muted report-queue__meta">
                  by {report.reporterName}, {new Date(report.createdAt).toLocaleString()}
                  {report.note ? `: “${report.note}”` : ''}
                </p>
              </div>
              <HideButton rankId={report.rankId} title={report.rankTitle} hidden={report.hidden} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
