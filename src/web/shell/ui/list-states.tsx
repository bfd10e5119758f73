/**
 * What lists show around their entries: card skeletons, an error with Retry (My Ranks, the player
 * page, public profiles), and Load more.
 */
import { RefreshCw } from 'lucide-react';
import { errorMessage } from '../../api/errors';
import './list-states.css';

export function CardSkeletons(props: { count?: number }) {
  return (
    <div className="card-skeletons" aria-hidden="true">
      {Array.from({ length: props.count ?? 3 }, (_, i) => (
        <div key={i} className="card card-skeleton">
          <span className="card-skeleton__icon skeleton-block" />
          <span className="card-skeleton__lines">
            <span className="skeleton-line skeleton-line--title" />
            <span className="skeleton-line" />
          </span>
        </div>
      ))}
    </div>
  );
}

export function ListError(props: { error: unknown; onRetry: () => void; what: string }) {
  return (
    <div className="card list-error" role="alert">
      <p>
        {`${props.what} didn't load. `}
        {errorMessage(props.error)}
      </p>
      <button type="button" className="btn btn-secondary" onClick={props.onRetry}>
        <RefreshCw size={16} aria-hidden="true" />
        Retry
      </button>
    </div>
  );
}

export function LoadMore(props: { loading: boolean; onLoad: () => void }) {
  return (
    <div className="load-more">
      <button
        type="button"
        className="btn btn-secondary"
        aria-disabled={props.loading}
        onClick={() => (props.loading ? undefined : props.onLoad())}
      >
        {props.loading ? 'Loading…' : 'Load more'}
      </button>
    </div>
  );
}
