/**
 * The frame around every page (SPEC §2 Shell): the boot screen until the session is known, then
 * the header, the page, the bottom navigation, toasts and the onboarding dialog; reacts when the
 * person behind the session changes.
 */
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { reconnectGameEvents } from '../../api/events';
import { hidesBottomNav } from '../../paths';
import { BootScreen } from './boot-screen';
import { useBootReady } from '../session/boot';
import { BottomNav } from './bottom-nav';
import { Header } from './header';
import { PageLoading } from '../../ui/loading';
import { Onboarding } from './onboarding';
import { RouteError, RouteErrorBoundary } from './route-error';
import { SessionEffects } from '../session/session-effects';
import { Toasts } from '../../ui/toasts';
import { Celebration } from '../../ui/celebration';
import { useViewer } from '../session/use-viewer';
import { useText } from '../../i18n/i18n';
import { commonText } from '../../i18n/messages/common';
import { appShellText, bootText } from '../../i18n/messages/shell';

/** When the person behind the session changes, cached answers and live streams are theirs no more. */
function useSessionChangeRefresh(): void {
  const viewer = useViewer();
  const queryClient = useQueryClient();
  const userId = viewer.status === 'loading' ? undefined : (viewer.user?.id ?? null);
  const previous = useRef<string | null | undefined>(undefined);
  useEffect(() => {
    if (userId === undefined) return;
    const before = previous.current;
    previous.current = userId;
    if (before === undefined || before === userId) return;
    reconnectGameEvents();
    void queryClient.invalidateQueries();
  }, [userId, queryClient]);
}

/** Moves focus to the main area after a client-side navigation, for keyboard and screen readers. */
function useFocusMainOnNavigate(): React.RefObject<HTMLElement | null> {
  const location = useLocation();
  const main = useRef<HTMLElement>(null);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    main.current?.focus({ preventScroll: true });
    window.scrollTo({ top: 0 });
  }, [location.pathname]);
  return main;
}

export function AppShell() {
  const t = useText(appShellText);
  const boot = useText(bootText);
  const c = useText(commonText);
  const ready = useBootReady();
  useSessionChangeRefresh();
  const main = useFocusMainOnNavigate();
  const { pathname } = useLocation();

  if (!ready) {
    return (
      <>
        <title>{c.pageTitle({ title: boot.title })}</title>
        <BootScreen />
      </>
    );
  }

  const withNav = !hidesBottomNav(pathname);
  return (
    <div className={withNav ? 'app app--with-nav' : 'app'}>
      <a className="skip-link" href="#main">
        {t.skipToContent}
      </a>
      <Header />
      <main id="main" ref={main} tabIndex={-1} className="main">
        <RouteErrorBoundary resetKey={pathname} fallback={<RouteError />}>
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </RouteErrorBoundary>
      </main>
      <BottomNav />
      <Toasts />
      <Celebration />
      <Onboarding />
      <SessionEffects />
    </div>
  );
}
