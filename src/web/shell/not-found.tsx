/** Any path the app does not know: says which, and offers the way home. */
import { Compass } from 'lucide-react';
import { useLayoutEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { paths } from '../paths';
import { cancelArrivalBurst } from './arrival-confetti';
import { StatusCard } from './status-card';

export function NotFoundPage() {
  const location = useLocation();
  useLayoutEffect(cancelArrivalBurst, []);
  return (
    <>
      <title>Not found · Crowned</title>
      <StatusCard
        icon={<Compass size={32} />}
        title="Not found"
        actions={
          <Link className="btn btn-primary" to={paths.home()}>
            Go home
          </Link>
        }
      >
        <p>
          There is nothing at <code className="path">{location.pathname}</code>.
        </p>
      </StatusCard>
    </>
  );
}
