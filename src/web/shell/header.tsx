/** The top bar: the crown logo (home), and Sign In or the user's name with Sign out. */
import { Crown, LogOut, UserRound } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { paths } from '../paths';
import { useSignOut } from './use-sign-out';
import { useViewer } from './use-viewer';

export function Header() {
  const viewer = useViewer();
  const location = useLocation();
  const { signOut, signingOut } = useSignOut();
  const onAccountPage = location.pathname === '/account' || location.pathname === '/login';

  const here = `${location.pathname}${location.search}${location.hash}`;

  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Link to={paths.home()} className="logo" aria-label="Crowned home">
          <span className="logo__mark" aria-hidden="true">
            <Crown size={22} strokeWidth={2.25} />
          </span>
          <span className="logo__word">Crowned</span>
        </Link>
        <nav className="site-header__actions" aria-label="Account">
          {viewer.status === 'loading' ? (
            <span className="header-placeholder" aria-hidden="true" />
          ) : viewer.status === 'signed-in' ? (
            <>
              <span className="header-user" title={viewer.user.email}>
                <UserRound size={18} aria-hidden="true" />
                <span className="header-user__name">{viewer.user.name}</span>
              </span>
              <button
                type="button"
                className="btn btn-header"
                onClick={signOut}
                disabled={signingOut}
                title="Sign out"
              >
                <LogOut size={16} aria-hidden="true" />
                <span className="btn-header__text">{signingOut ? 'Signing out…' : 'Sign out'}</span>
              </button>
            </>
          ) : onAccountPage ? null : (
            <Link className="btn btn-header" to={paths.account(here === '/' ? undefined : here)}>
              Sign In
            </Link>
          )}
        </nav>
      </div>
    </header>
  );
}
