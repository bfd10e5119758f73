/**
 * What lists show around their entries: card skeletons, an error with Retry (My Ranks, the player
 * page, public profiles), and Load more.
 */
import { RefreshCw } from 'lucide-react';
import { errorMessage } from '../api/errors';
import { useText } from '../i18n/i18n';
import { listStatesText } from '../i18n/messages/ui';
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

/**
 * A list that did not load: `message` is the list's whole sentence from its own catalog ("Users
 * didn't load."), followed by why.
 */
export function ListError(props: { error: unknown; onRetry: () => void; message: string }) {
  const t = useText(listStatesText);
  return (
    <div className="card list-error" role="alert">
      <p>
        {props.message} {errorMessage(props.error)}
      </p>
      <button type="button" className="btn btn-secondary" onClick={props.onRetry}>
        <RefreshCw size={16} aria-hidden="true" />
        {t.retry}
      </button>
    </div>
  );
}

export function LoadMore(props: { loading: boolean; onLoad: () => void }) {
  const t = useText(listStatesText);
  return (
    <div className="load-more">
      <button
        type="button"
        className="btn btn-secondary"
        aria-disabled={props.loading}
        onClick={() => (props.loading ? undefined : props.onLoad())}
      >
        {props.loading ? t.loading : t.loadMore}
      </button>
    </div>
  );
}
