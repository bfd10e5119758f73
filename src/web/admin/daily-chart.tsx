/**
 * The charts of the admin app (recharts, loaded on demand). Colours come from the theme's CSS
 * variables (admin.css), so the charts follow light and dark; each chart has a text summary for
 * screen readers, and the pages put a table beside it.
 */
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { DailyCounts } from '../../domain/admin';
import { useText } from '../i18n/i18n';
import { dailyChartText } from '../i18n/messages/admin';
import { dayLabel, formatCount } from './admin-format';

export function DailyChart(props: {
  daily: DailyCounts[];
  series: keyof Omit<DailyCounts, 'day'>;
  title: string;
}) {
  const t = useText(dailyChartText);
  const data = props.daily.map((d) => ({ day: dayLabel(d.day), value: d[props.series] }));
  const peak = data.reduce<(typeof data)[number] | undefined>(
    (best, d) => (!best || d.value > best.value ? d : best),
    undefined,
  );
  const summary = peak?.value
    ? t.busiest({ title: props.title, day: peak.day, count: formatCount(peak.value) })
    : t.none({ title: props.title });
  return (
    <div className="admin-chart__plot" role="img" aria-label={summary}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
          <CartesianGrid vertical={false} className="admin-chart__grid" />
          <XAxis dataKey="day" tickLine={false} minTickGap={24} className="admin-chart__axis" />
          <YAxis allowDecimals={false} tickLine={false} axisLine={false} width={48} />
          <Tooltip
            cursor={{ className: 'admin-chart__cursor' }}
            wrapperClassName="admin-chart__tooltip"
            formatter={(value) => [formatCount(Number(value)), props.title]}
          />
          <Bar dataKey="value" className="admin-chart__bar" radius={[4, 4, 0, 0]} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

/** A horizontal bar chart of named counts (the analytics funnel). */
export function CountsChart(props: { rows: { label: string; value: number }[]; title: string }) {
  const t = useText(dailyChartText);
  const rows = props.rows.map((r) => t.count({ label: r.label, value: formatCount(r.value) }));
  const summary = t.counts({ title: props.title, rows: rows.join(', ') });
  return (
    <div
      className="admin-chart__plot admin-chart__plot--bars"
      role="img"
      aria-label={summary}
      style={{ height: `${Math.max(160, props.rows.length * 48)}px` }}
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart
          data={props.rows}
          layout="vertical"
          margin={{ top: 0, right: 24, bottom: 0, left: 0 }}
        >
          <XAxis type="number" allowDecimals={false} hide />
          <YAxis type="category" dataKey="label" width={120} tickLine={false} axisLine={false} />
          <Tooltip
            cursor={{ className: 'admin-chart__cursor' }}
            wrapperClassName="admin-chart__tooltip"
            formatter={(value) => [formatCount(Number(value)), t.visitors]}
          />
          <Bar
            dataKey="value"
            className="admin-chart__bar"
            radius={[0, 4, 4, 0]}
            label={{ position: 'right', className: 'admin-chart__label' }}
          />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
