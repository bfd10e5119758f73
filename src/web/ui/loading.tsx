/** Loading states: a spinner with a label screen readers hear, and skeleton lines. */
import { useText } from '../i18n/i18n';
import { loadingText } from '../i18n/messages/ui';

export function Spinner(props: { label?: string; size?: 'sm' | 'md' }) {
  const t = useText(loadingText);
  return (
    <span className={`spinner spinner--${props.size ?? 'md'}`} role="status">
      <span className="visually-hidden">{props.label ?? t.loading}</span>
    </span>
  );
}

export function PageLoading(props: { label?: string }) {
  const t = useText(loadingText);
  return (
    <div className="page-loading">
      <Spinner label={props.label} />
      <p className="muted" aria-hidden="true">
        {props.label ?? t.loading}
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
