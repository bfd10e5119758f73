/**
 * The bottom navigation (SPEC §2 Shell): Community, a round '+' Create button, My Ranks. Not on
 * /admin and /login. Below MOBILE_BREAKPOINT_PX wide it slides away on downward scroll (beyond
 * SCROLL_HIDE_THRESHOLD_PX) on the home, community and my-ranks pages, and comes back on upward
 * scroll, near the top, or when a keyboard user tabs into it.
 */
import { Globe, ListOrdered, Plus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { MOBILE_BREAKPOINT_PX, SCROLL_HIDE_THRESHOLD_PX } from '../../../domain/limits';
import { hidesBottomNav, hidesNavOnScroll, paths } from '../../paths';
import { useText } from '../../i18n/i18n';
import { navText } from '../../i18n/messages/shell';

/** Hidden-by-scroll state for the page at `pathname`; a new page starts shown. */
function useHideOnScroll(pathname: string, enabled: boolean): [boolean, () => void] {
  const [hiddenOn, setHiddenOn] = useState<string | null>(null);

  useEffect(() => {
    if (!enabled) return;
    const narrow = window.matchMedia(`(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`);
    let lastY = window.scrollY;
    const onScroll = () => {
      const y = window.scrollY;
      if (!narrow.matches || y <= SCROLL_HIDE_THRESHOLD_PX) {
        setHiddenOn(null);
        lastY = y;
      } else if (y - lastY > SCROLL_HIDE_THRESHOLD_PX) {
        setHiddenOn(pathname);
        lastY = y;
      } else if (y < lastY) {
        setHiddenOn(null);
        lastY = y;
      }
    };
    const onResize = () => {
      if (!narrow.matches) setHiddenOn(null);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    narrow.addEventListener('change', onResize);
    return () => {
      window.removeEventListener('scroll', onScroll);
      narrow.removeEventListener('change', onResize);
    };
  }, [pathname, enabled]);

  return [enabled && hiddenOn === pathname, () => setHiddenOn(null)];
}

export function BottomNav() {
  const t = useText(navText);
  const { pathname } = useLocation();
  const [hidden, reveal] = useHideOnScroll(pathname, hidesNavOnScroll(pathname));
  if (hidesBottomNav(pathname)) return null;

  const communityActive = /^\/(?:community\/?)?$/i.test(pathname);
  const myRanksActive = /^\/myranks(?:\/|$)/i.test(pathname);
  const createActive = /^\/create(?:\/|$)/i.test(pathname);

  return (
    <nav
      className="bottom-nav"
      aria-label={t.label}
      data-testid="bottom-nav"
      data-state={hidden ? 'hidden' : 'visible'}
      onFocus={reveal}
    >
      <div className="bottom-nav__inner">
        <Link
          to={paths.community()}
          className="bottom-nav__link"
          aria-current={communityActive ? 'page' : undefined}
        >
          <Globe size={22} aria-hidden="true" />
          <span>{t.community}</span>
        </Link>
        <Link
          to={paths.create()}
          className="bottom-nav__create"
          aria-label={t.create}
          title={t.createTitle}
          aria-current={createActive ? 'page' : undefined}
        >
          <Plus size={28} strokeWidth={2.75} aria-hidden="true" />
        </Link>
        <Link
          to={paths.myRanks()}
          className="bottom-nav__link"
          aria-current={myRanksActive ? 'page' : undefined}
        >
          <ListOrdered size={22} aria-hidden="true" />
          <span>{t.myRanks}</span>
        </Link>
      </div>
    </nav>
  );
}
