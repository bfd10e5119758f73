/**
 * /admin/analytics: the funnel (session start → create → share opened → first ranking), the top
 * UTM sources by first and last touch, device types and locales, over 7, 30 or 90 days. Visitors
 * are counted by their anonymous id; no address or e-mail is ever stored.
 */
import { BarChart3 } from 'lucide-react';
import { lazy, Suspense, useId } from 'react';
import { useSearchParams } from 'react-router';
import { ListError } from '../ui/list-states';
import { SkeletonList } from '../ui/loading';
import { EmptyState } from '../ui/page-frame';
import type { FunnelStep } from '../../domain/analytics';
import { useAdminAnalytics } from '../api/admin';
import { formatPercent } from '../i18n/format';
import { useText } from '../i18n/i18n';
import { analyticsText } from '../i18n/messages/admin';
import { formatCount } from './admin-format';

const CountsChart = lazy(() => import('./daily-chart').then((m) => ({ default: m.CountsChart })));

const WINDOWS = [7, 30, 90] as const;

/** Each funnel step's name, by its message key. */
const STEPS = {
  session_start: 'visited',
  game_create: 'createdGame',
  share_open: 'openedShare',
  ranking_submit: 'submittedRanking',
} as const satisfies Record<FunnelStep, keyof ReturnType<typeof analyticsText.get>>;

export function AnalyticsSection() {
  const t = useText(analyticsText);
  const [params, setParams] = useSearchParams();
  const asked = Number(params.get('days'));
  const days = (WINDOWS as readonly number[]).includes(asked) ? asked : 30;
  const analytics = useAdminAnalytics(days);
  const selectId = useId();
  return (
    <section className="admin-stack" aria-label={t.label}>
      <div className="admin-toolbar">
        <label htmlFor={selectId}>{t.period}</label>
        <select
          id={selectId}
          className="input admin-select"
          value={days}
          onChange={(event) => setParams({ days: event.target.value }, { replace: true })}
        >
          {WINDOWS.map((n) => (
            <option key={n} value={n}>
              {t.lastDays({ count: n })}
            </option>
          ))}
        </select>
      </div>
      {analytics.isPending ? (
        <SkeletonList rows={4} />
      ) : analytics.isError ? (
        <ListError
          error={analytics.error}
          message={t.didNotLoad}
          onRetry={() => void analytics.refetch()}
        />
      ) : analytics.data.funnel.every((step) => step.visitors === 0) ? (
        <EmptyState icon={<BarChart3 size={30} />} title={t.emptyTitle}>
          <p>{t.emptyText}</p>
        </EmptyState>
      ) : (
        <>
          <figure className="card admin-chart" data-testid="admin-funnel">
            <figcaption className="admin-chart__title">{t.funnelTitle}</figcaption>
            <Suspense fallback={<div className="admin-chart__plot skeleton-block" />}>
              <CountsChart
                title={t.funnel}
                rows={analytics.data.funnel.map((s) => ({
                  label: t[STEPS[s.step]],
                  value: s.visitors,
                }))}
              />
            </Suspense>
            <CountsTable
              caption={t.funnel}
              head={t.step}
              rows={analytics.data.funnel.map((s, i) => ({
                label: t[STEPS[s.step]],
                value: s.visitors,
                note: i === 0 ? '' : percent(s.visitors, analytics.data.funnel[0]?.visitors ?? 0),
              }))}
            />
          </figure>
          <div className="admin-grid">
            <TopList
              title={t.firstTouch}
              head={t.source}
              rows={analytics.data.firstTouch.map((r) => ({ label: r.source, value: r.visitors }))}
            />
            <TopList
              title={t.lastTouch}
              head={t.source}
              rows={analytics.data.lastTouch.map((r) => ({ label: r.source, value: r.visitors }))}
            />
            <TopList
              title={t.devices}
              head={t.device}
              rows={analytics.data.devices.map((r) => ({ label: r.device, value: r.visitors }))}
            />
            <TopList
              title={t.locales}
              head={t.locale}
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
  return analyticsText.get().ofVisitors({ share: formatPercent(part / whole) });
}

type Row = { label: string; value: number; note?: string };

/** A card with a table of counts, each with a bar showing its share of the largest. */
function TopList(props: { title: string; head: string; rows: Row[] }) {
  const t = useText(analyticsText);
  return (
    <section className="card admin-top" aria-label={props.title}>
      <h2 className="admin-chart__title">{props.title}</h2>
      {props.rows.length === 0 ? (
        <p className="muted">{t.nothing}</p>
      ) : (
        <CountsTable caption={props.title} head={props.head} rows={props.rows} bars />
      )}
    </section>
  );
}

function CountsTable(props: { caption: string; head: string; rows: Row[]; bars?: boolean }) {
  const t = useText(analyticsText);
  const max = Math.max(1, ...props.rows.map((r) => r.value));
  return (
    <table className="admin-table admin-table--compact">
      <caption className="visually-hidden">{props.caption}</caption>
      <thead>
        <tr>
          <th scope="col">{props.head}</th>
          <th scope="col" className="num">
            {t.visitors}
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
