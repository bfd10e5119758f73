/** A game that failed to load: 'Game not found' with a way home, or a retry for anything else. */
import { RefreshCw, SearchX } from 'lucide-react';
import { Link } from 'react-router';
import { errorMessage, isNotFound } from '../api/errors';
import { paths } from '../paths';
import { StatusCard } from './status-card';

export function GameLoadError(props: { error: unknown; retry: () => void }) {
  if (isNotFound(props.error)) {
    return (
      <>
        <title>Game not found · Crowned</title>
        <StatusCard
          icon={<SearchX size={32} />}
          title="Game not found"
          actions={
            <Link className="btn btn-primary" to={paths.home()}>
              Go home
            </Link>
          }
        >
          <p>This link doesn't lead to a rank. It may have been mistyped or deleted.</p>
        </StatusCard>
      </>
    );
  }
  return (
    <StatusCard
      tone="error"
      icon={<RefreshCw size={32} />}
      title="Couldn't load this game"
      actions={
        <>
          <button type="button" className="btn btn-primary" onClick={props.retry}>
            Try again
          </button>
          <Link className="btn btn-secondary" to={paths.home()}>
            Go home
          </Link>
        </>
      }
    >
      <p>{errorMessage(props.error)}</p>
    </StatusCard>
  );
}
