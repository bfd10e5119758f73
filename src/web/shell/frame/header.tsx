/**
 * The top bar (SPEC §2 Shell): the crown logo (home); for signed-out visitors and guests
 * 'Sign In' (to /account); for signed-in people a 'Lv. N' button with their crowns (to /player),
 * live from the profile stream, and an Admin link when their role is admin. For everyone, the
 * theme toggle (System → Light → Dark).
 */
import { CloudOff, Crown, ShieldCheck, UserRound } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { paths } from '../../paths';
import { isSignInPath } from '../session/login-next';
import { useProfile } from '../session/profile';
import { ThemeToggle } from './theme-toggle';
import { useText } from '../../i18n/i18n';
import { commonText } from '../../i18n/messages/common';
import { headerText } from '../../i18n/messages/shell';

export function Header() {
  const t = useText(headerText);
  const c = useText(commonText);
  const { viewer, profile, isPending } = useProfile();
  const location = useLocation();

  const here = `${location.pathname}${location.search}${location.hash}`;
  const isAdmin =
    viewer.status === 'signed-in' && (profile?.role === 'admin' || viewer.user.role === 'admin');

  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Link to={paths.home()} className="logo" aria-label={t.home}>
          <span className="logo__mark" aria-hidden="true">
            <Crown size={22} strokeWidth={2.25} />
          </span>
          <span className="logo__word">{c.brand}</span>
        </Link>
        <nav className="site-header__actions" aria-label={t.account}>
          <ThemeToggle />
          {viewer.status === 'loading' ? (
            <span className="header-placeholder" aria-hidden="true" />
          ) : viewer.status === 'signed-in' ? (
            <>
              {isAdmin ? (
                <Link className="btn btn-header" to={paths.admin()} title={t.admin}>
                  <ShieldCheck size={16} aria-hidden="true" />
                  <span className="btn-header__text">{t.admin}</span>
                </Link>
              ) : null}
              {viewer.offline && !profile ? (
                // The last known account, shown while offline (last-session.ts): marked so.
                <Link
                  className="btn btn-header header-offline"
                  to={paths.player()}
                  data-testid="offline-account"
                >
                  <CloudOff size={16} aria-hidden="true" />
                  <span className="header-user__name">{viewer.user.name}</span>
                  <span className="header-offline__tag">{t.offline}</span>
                </Link>
              ) : profile ? (
                <Link
                  className="btn btn-header level-button"
                  to={paths.player()}
                  title={t.yourProfile}
                  data-testid="level-button"
                >
                  {/* Named by what it shows ("Lv. 2 5 crowns"): speech users say what they see. */}
                  <span className="level-button__level">
                    {t.level({ level: profile.level })}
                  </span>{' '}
                  <span className="level-button__crowns">
                    <Crown size={14} strokeWidth={2.5} aria-hidden="true" />
                    {profile.crowns}
                    <span className="visually-hidden">{t.crowns(profile.crowns)}</span>
                  </span>
                </Link>
              ) : isPending ? (
                <span className="header-placeholder" aria-hidden="true" />
              ) : (
                // No profile to show (an older server): still a way to the player page.
                <Link className="btn btn-header" to={paths.player()} title={viewer.user.email}>
                  <UserRound size={16} aria-hidden="true" />
                  <span className="header-user__name">{viewer.user.name}</span>
                </Link>
              )}
            </>
          ) : isSignInPath(location.pathname) ? null : (
            <Link
              className="btn btn-header"
              to={paths.account(here === '/' || here === '/community' ? undefined : here)}
            >
              {t.signIn}
            </Link>
          )}
        </nav>
      </div>
    </header>
  );
}
