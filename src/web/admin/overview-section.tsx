/**
 * /admin: grants to review (when any), the totals, who was active lately, and the last 30 days
 * drawn as charts.
 */
import { lazy, Suspense } from 'react';
import { ListError } from '../ui/list-states';
import { SkeletonList } from '../ui/loading';
import type { DailyCounts } from '../../domain/admin';
import { useAdminOverview } from '../api/admin';
import { dayLabel, formatCount as format } from './admin-format';
import { GrantReviews } from './grant-reviews';
import { StatGrid } from './stat-grid';
import { useText } from '../i18n/i18n';
import { overviewText } from '../i18n/messages/admin';

// The chart library loads with the first chart, not with the admin app.
const DailyChart = lazy(() => import('./daily-chart').then((m) => ({ default: m.DailyChart })));

/** Each chart's series, and its title's message key. */
const SERIES = [
  { key: 'signups', title: 'signups' },
  { key: 'gamesCreated', title: 'gamesCreated' },
  { key: 'rankingsSubmitted', title: 'rankingsSubmitted' },
  { key: 'publishes', title: 'publishes' },
] as const satisfies {
  key: keyof Omit<DailyCounts, 'day'>;
  title: keyof ReturnType<typeof overviewText.get>;
}[];

export function OverviewSection() {
  const t = useText(overviewText);
  const overview = useAdminOverview();
  if (overview.isPending) return <SkeletonList rows={4} />;
  if (overview.isError) {
    return (
      <ListError
        error={overview.error}
        message={t.didNotLoad}
        onRetry={() => void overview.refetch()}
      />
    );
  }
  const { totals, active, daily } = overview.data;
  return (
    <div className="admin-stack">
      <GrantReviews />
      <StatGrid
        label={t.totals}
        stats={[
          { label: t.users, value: totals.users, hint: t.guests({ count: format(totals.guests) }) },
          { label: t.games, value: totals.games },
          { label: t.rankings, value: totals.rankings },
          { label: t.communityRanks, value: totals.communityRanks },
        ]}
      />
      <StatGrid
        label={t.active}
        stats={[
          { label: t.today, value: active.day1, hint: t.last24Hours },
          { label: t.thisWeek, value: active.day7, hint: t.last7Days },
          { label: t.thisMonth, value: active.day30, hint: t.last30Days },
        ]}
      />
      <section className="admin-charts" aria-label={t.charts}>
        {SERIES.map((series) => (
          <figure key={series.key} className="card admin-chart">
            <figcaption className="admin-chart__title">
              {t[series.title]}
              <span className="muted">
                {' '}
                {t.inThirtyDays({
                  count: format(daily.reduce((sum, d) => sum + d[series.key], 0)),
                })}
              </span>
            </figcaption>
            <Suspense fallback={<div className="admin-chart__plot skeleton-block" />}>
              <DailyChart daily={daily} series={series.key} title={t[series.title]} />
            </Suspense>
            <details className="admin-chart__table">
              <summary>{t.showTable}</summary>
              <table className="admin-table admin-table--compact">
                <thead>
                  <tr>
                    <th scope="col">{t.day}</th>
                    <th scope="col">{t[series.title]}</th>
                  </tr>
                </thead>
                <tbody>
                  {daily.map((d) => (
                    <tr key={d.day}>
                      <td>{dayLabel(d.day)}</td>
                      <td className="num">{format(d[series.key])}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </details>
          </figure>
        ))}
      </section>
    </div>
  );
}
