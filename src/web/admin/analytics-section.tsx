/**
 * /admin/analytics: the funnel (session start → create → share opened → first ranking), the top
 * UTM sources by first and last touch, device types and locales, over 7, 30 or 90 days. Visitors
 * are counted by their anonymous id; no address or e-mail is ever stored.
 */
import { BarChart3 } from 'lucide-react';
import { lazy, Suspense, useId } from 'react';
import { useSearchParams } from 'react-router';
import { ListError } from '../shell/ui/list-states';
import { SkeletonList } from '../shell/ui/loading';
import { EmptyState } from '../shell/ui/page-frame';
import type { FunnelStep } from '../../domain/analytics';
import { useAdminAnalytics } from '../api/admin';
import { formatCount } from './admin-format';

const CountsChart = lazy(() => import('./daily-chart').then((m) => ({ default: m.CountsChart })));

const WINDOWS = [7, 30, 90] as const;

const STEPS: Record<FunnelStep, string> = {
  session_start: 'Visited',
  game_create: 'Created a game',
  share_open: 'Opened a share',
  ranking_submit: 'Submitted a ranking',
};

export function AnalyticsSection() {
  const [params, setParams] = useSearchParams();
  const asked = Number(params.get('days'));
  const days = (WINDOWS as readonly number[]).includes(asked) ? asked : 30;
  const analytics = useAdminAnalytics(days);
  const selectId = useId();
  return (
    <section className="admin-stack" aria-label="Analytics">
      <div className="admin-toolbar">
        <label htmlFor={selectId}>Period</label>
        <select
          id={selectId}
          className="input admin-select"
          value={days}
          onChange={(event) => setParams({ days: event.target.value }, { replace: true })}
        >
          {WINDOWS.map((n) => (
            <option key={n} value={n}>
              Last {n} days
            </option>
          ))}
        </select>
      </div>
      {analytics.isPending ? (
        <SkeletonList rows={4} />
      ) : analytics.isError ? (
        <ListError
          error={analytics.error}
          what="Analytics"
          onRetry={() => void analytics.refetch()}
        />
      ) : analytics.data.funnel.every((step) => step.visitors === 0) ? (
        <EmptyState icon={<BarChart3 size={30} />} title="No visits recorded yet">
          <p>Visits, games created, shares opened and rankings appear here as they happen.</p>
        </EmptyState>
      ) : (
        <>
          <figure className="card admin-chart" data-testid="admin-funnel">
            <figcaption className="admin-chart__title">Funnel · visitors per step</figcaption>
            <Suspense fallback={<div className="admin-chart__plot skeleton-block" />}>
              <CountsChart
                title="Funnel"
                rows={analytics.data.funnel.map((s) => ({
                  label: STEPS[s.step],
                  value: s.visitors,
                }))}
              />
            </Suspense>
            <CountsTable
              caption="Funnel"
              head="Step"
              rows={analytics.data.funnel.map((s, i) => ({
                label: STEPS[s.step],
                value: s.visitors,
                note: i === 0 ? '' : percent(s.visitors, analytics.data.funnel[0]?.visitors ?? 0),
              }))}
            />
          </figure>
          <div className="admin-grid">
            <TopList
              title="Top sources · first touch"
              head="Source"
              rows={analytics.data.firstTouch.map((r) => ({ label: r.source, value: r.visitors }))}
            />
            <TopList
              title="Top sources · last touch"
              head="Source"
              rows={analytics.data.lastTouch.map((r) => ({ label: r.source, value: r.visitors }))}
            />
            <TopList
              title="Devices"
              head="Device"
              rows={analytics.data.devices.map((r) => ({ label: r.device, value: r.visitors }))}
            />
            <TopList
              title="Locales"
              head="Locale"
              rows={analytics.data.locales.map((r) => ({ label: r.locale, value: r.visitors }))}
            />
          </div>
        </>
      )}
    </section>
  );
}

function percent(part: number, whole: number): string {
  if (whole === 0) return '';
  return `${Math.round((part / whole) * 100)}% of visitors`;
}

type Row = { label: string; value: number; note?: string };

/** A card with a table of counts, each with a bar showing its share of the largest. */
function TopList(props: { title: string; head: string; rows: Row[] }) {
  return (
    <section className="card admin-top" aria-label={props.title}>
      <h2 className="admin-chart__title">{props.title}</h2>
      {props.rows.length === 0 ? (
        <p className="muted">Nothing recorded in this period.</p>
      ) : (
        <CountsTable caption={props.title} head={props.head} rows={props.rows} bars />
      )}
    </section>
  );
}

function CountsTable(props: { caption: string; head: string; rows: Row[]; bars?: boolean }) {
  const max = Math.max(1, ...props.rows.map((r) => r.value));
  return (
    <table className="admin-table admin-table--compact">
      <caption className="visually-hidden">{props.caption}</caption>
      <thead>
        <tr>
          <th scope="col">{props.head}</th>
          <th scope="col" className="num">
            Visitors
          </th>
        </tr>
      </thead>
      <tbody>
        {props.rows.map((row) => (
          <tr key={row.label}>
            <td>
              <span dir="auto">{row.label}</span>
              {row.note ? <span className="muted"> · {row.note}</span> : null}
              {props.bars ? (
                <span
                  className="admin-bar"
                  aria-hidden="true"
                  style={{ width: `${(row.value / max) * 100}%` }}
                />
              ) : null}
            </td>
            <td className="num">{formatCount(row.value)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
