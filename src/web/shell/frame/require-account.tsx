/**
 * The auth gate of the login-required routes (SPEC §2, §6): while the session is unknown it shows
 * 'Signing you in…'; a signed-out person (a guest counts as signed out) then goes to
 * /login?next={path+query+hash}, and the target is also kept in local storage.
 *
 * `composeFirst` (for /create only) lets everyone in once the session is known: anyone may
 * compose a rank, and the page asks for an account when Create is pressed, keeping the draft
 * (SPEC §4 Create flow; decisions 0006 and 0020). The server still refuses a game without one.
 *
 * The redirect waits a moment: right after a sign-in the session store can still say "signed
 * out" for a tick before it starts refetching, and that glimpse must not bounce the person back.
 */
import { useEffect, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../../paths';
import { PageLoading } from '../../ui/loading';
import { currentTarget, rememberLoginNext } from '../session/login-next';
import { useViewer } from '../session/use-viewer';
import { useText } from '../../i18n/i18n';
import { bootText } from '../../i18n/messages/shell';

const GATE_GRACE_MS = 100;

export function RequireAccount(props: { children: ReactNode; composeFirst?: boolean }) {
  const t = useText(bootText);
  const viewer = useViewer();
  const location = useLocation();
  const navigate = useNavigate();
  const target = currentTarget(location);
  const admitted =
    viewer.status === 'signed-in' || (viewer.status !== 'loading' && props.composeFirst === true);
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
  // Composing waits only to know whether Create will create or ask for an account.
  return <PageLoading label={props.composeFirst ? t.checking : t.signingIn} />;
}
