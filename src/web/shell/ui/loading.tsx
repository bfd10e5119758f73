/** Loading states: a spinner with a label screen readers hear, and skeleton lines. */

export function Spinner(props: { label?: string; size?: 'sm' | 'md' }) {
  return (
    <span className={`spinner spinner--${props.size ?? 'md'}`} role="status">
      <span className="visually-hidden">{props.label ?? 'Loading…'}</span>
    </span>
  );
}

export function PageLoading(props: { label?: string }) {
  return (
    <div className="page-loading">
      <Spinner label={props.label} />
      <p className="muted" aria-hidden="true">
        {props.label ?? 'Loading…'}
      </p>
    </div>
  );
}

/** Placeholder rows in the shape of a list, while it loads. */
export function SkeletonList(props: { rows?: number }) {
  return (
    <div className="skeleton-list" aria-hidden="true">
      {Array.from({ length: props.rows ?? 5 }, (_, i) => (
        <div key={i} className="skeleton-row" />
      ))}
    </div>
  );
}
