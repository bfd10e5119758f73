/**
 * The auth gate of the login-required routes (SPEC §2, §6): while the session is unknown it shows
 * 'Signing you in…'; a signed-out person (a guest counts as signed out) then goes to
 * /login?next={path+query+hash}, and the target is also kept in local storage.
 *
 * `admitGuests` lets a guest in (for /create only: the spec's create flow starts with an anonymous
 * user pressing Create; decision 0006). Someone fully signed out still goes to /login.
 *
 * The redirect waits a moment: right after a sign-in the session store can still say "signed
 * out" for a tick before it starts refetching, and that glimpse must not bounce the person back.
 */
import { useEffect, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../paths';
import { PageLoading } from './loading';
import { currentTarget, rememberLoginNext } from './login-next';
import { useViewer } from './use-viewer';

const GATE_GRACE_MS = 100;

export function RequireAccount(props: { children: ReactNode; admitGuests?: boolean }) {
  const viewer = useViewer();
  const location = useLocation();
  const navigate = useNavigate();
  const target = currentTarget(location);
  const admitted =
    viewer.status === 'signed-in' || (viewer.status === 'guest' && props.admitGuests === true);
  const mustSignIn = viewer.status !== 'loading' && !admitted;

  useEffect(() => {
    if (!mustSignIn) return;
    const timer = setTimeout(() => {
      rememberLoginNext(target);
      navigate(paths.login(target), { replace: true });
    }, GATE_GRACE_MS);
    return () => clearTimeout(timer);
  }, [mustSignIn, target, navigate]);

  if (admitted) return <>{props.children}</>;
  return <PageLoading label="Signing you in…" />;
}
