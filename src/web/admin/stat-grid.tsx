/** A row of big numbers with their labels (the admin overview). */
import { formatCount } from './admin-format';

export function StatGrid(props: {
  label: string;
  stats: { label: string; value: number; hint?: string }[];
}) {
  return (
    <section className="admin-stats-group" aria-label={props.label}>
      <h2 className="admin-subtitle">{props.label}</h2>
      <dl className="admin-stats">
        {props.stats.map((stat) => (
          <div key={stat.label} className="card admin-stat">
            <dt className="admin-stat__label">{stat.label}</dt>
            <dd className="admin-stat__value">{formatCount(stat.value)}</dd>
            {stat.hint ? <dd className="admin-stat__hint muted">{stat.hint}</dd> : null}
          </div>
        ))}
      </dl>
    </section>
  );
}
