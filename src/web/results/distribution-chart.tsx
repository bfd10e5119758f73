/** A tiny bar chart of how often an item landed in each position, with a text alternative. */
import { memo } from 'react';
import { ordinal } from '../game/format';
import { useText } from '../i18n/i18n';
import { distributionText } from '../i18n/messages/results';

export const DistributionChart = memo(function DistributionChart(props: {
  label: string;
  distribution: readonly number[];
}) {
  const { distribution } = props;
  const t = useText(distributionText);
  const n = distribution.length;
  const max = Math.max(1, ...distribution);
  const described = distribution
    .map((count, p) => (count > 0 ? t.place({ place: ordinal(p + 1), count }) : null))
    .filter((part) => part !== null);
  const text =
    described.length > 0
      ? t.ranked({ label: props.label, places: described.join(', ') })
      : t.nobody({ label: props.label });

  return (
    <figure className="dist" title={text}>
      <svg
        className="dist__svg"
        viewBox={`0 0 ${n * 10} 40`}
        preserveAspectRatio="none"
        aria-hidden="true"
        focusable="false"
      >
        <line className="dist__baseline" x1="0" y1="39.5" x2={n * 10} y2="39.5" />
        {distribution.map((count, p) => {
          const height = count === 0 ? 0 : Math.max(3, (count / max) * 38);
          return (
            <rect
              key={p}
              className={p === 0 ? 'dist__bar dist__bar--first' : 'dist__bar'}
              x={p * 10 + 1.5}
              y={39 - height}
              width={7}
              height={height}
              rx={1.5}
            />
          );
        })}
      </svg>
      <div className="dist__scale" aria-hidden="true">
        <span>{ordinal(1)}</span>
        {n > 1 ? <span>{ordinal(n)}</span> : null}
      </div>
      <figcaption className="visually-hidden">{text}</figcaption>
    </figure>
  );
});
