/** /admin: the totals, who was active lately, and the last 30 days drawn as charts. */
import { lazy, Suspense } from 'react';
import { ListError } from '../shell/ui/list-states';
import { SkeletonList } from '../shell/ui/loading';
import type { DailyCounts } from '../../domain/admin';
import { useAdminOverview } from '../api/admin';
import { dayLabel, formatCount as format } from './admin-format';
import { StatGrid } from './stat-grid';

// The chart library loads with the first chart, not with the admin app.
const DailyChart = lazy(() => import('./daily-chart').then((m) => ({ default: m.DailyChart })));

const SERIES: { key: keyof Omit<DailyCounts, 'day'>; title: string }[] = [
  { key: 'signups', title: 'Signups' },
  { key: 'gamesCreated', title: 'Games created' },
  { key: 'rankingsSubmitted', title: 'Rankings submitted' },
  { key: 'publishes', title: 'Community publishes' },
];

export function OverviewSection() {
  const overview = useAdminOverview();
  if (overview.isPending) return <SkeletonList rows={4} />;
  if (overview.isError) {
    return (
      <ListError
        error={overview.error}
        what="The overview"
        onRetry={() => void overview.refetch()}
      />
    );
  }
  const { totals, active, daily } = overview.data;
  return (
    <div className="admin-stack">
      <StatGrid
        label="Totals"
        stats={[
          { label: 'Users', value: totals.users, hint: `${format(totals.guests)} guests` },
          { label: 'Games', value: totals.games },
          { label: 'Rankings', value: totals.rankings },
          { label: 'Community ranks', value: totals.communityRanks },
        ]}
      />
      <StatGrid
        label="Active users"
        stats={[
          { label: 'Today', value: active.day1, hint: 'last 24 hours' },
          { label: 'This week', value: active.day7, hint: 'last 7 days' },
          { label: 'This month', value: active.day30, hint: 'last 30 days' },
        ]}
      />
      <section className="admin-charts" aria-label="The last 30 days">
        {SERIES.map((series) => (
          <figure key={series.key} className="card admin-chart">
            <figcaption className="admin-chart__title">
              {series.title}
              <span className="muted">
                {' '}
                · {format(daily.reduce((sum, d) => sum + d[series.key], 0))} in 30 days
              </span>
            </figcaption>
            <Suspense fallback={<div className="admin-chart__plot skeleton-block" />}>
              <DailyChart daily={daily} series={series.key} title={series.title} />
            </Suspense>
            <details className="admin-chart__table">
              <summary>Show as a table</summary>
              <table className="admin-table admin-table--compact">
                <thead>
                  <tr>
                    <th scope="col">Day</th>
                    <th scope="col">{series.title}</th>
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
