/** When a page crashes: an honest card with a way out, instead of a blank screen. */
import { TriangleAlert } from 'lucide-react';
import { useRouteError } from 'react-router';
import { paths } from '../paths';
import { StatusCard } from './status-card';

export function RouteError() {
  const error = useRouteError();
  console.error(error);
  return (
    <StatusCard
      tone="error"
      icon={<TriangleAlert size={32} />}
      title="Something went wrong"
      actions={
        <>
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => window.location.reload()}
          >
            Reload
          </button>
          <a className="btn btn-secondary" href={paths.home()}>
            Go home
          </a>
        </>
      }
    >
      <p>This page ran into a problem. Reloading usually fixes it.</p>
    </StatusCard>
  );
}
