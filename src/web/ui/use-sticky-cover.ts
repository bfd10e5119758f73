/**
 * How much of the viewport's bottom a page's sticky action bar covers (with the navigation below
 * it), kept in the `--sticky-bottom-cover` property on <html>. shell.css makes it the page's
 * scroll-padding-bottom, so a control reached with Tab scrolls clear of the bar instead of under it
 * (WCAG 2.2 Focus Not Obscured), and lifts toasts above the bar. Measured, because a bar grows with
 * an error, an offline note or a hint, and its offset changes with the navigation.
 *
 * One bar per page: the play page's Submit, the create screen's and the builder's Create.
 */
import { useEffect, useState } from 'react';

const PROPERTY = '--sticky-bottom-cover';

/** The `ref` for the sticky bar (position: sticky, with a `bottom` offset). */
export function useStickyCover(): (bar: HTMLElement | null) => void {
  const [bar, setBar] = useState<HTMLElement | null>(null);

  useEffect(() => {
    if (!bar) return;
    const root = document.documentElement;
    const measure = () => {
      const offset = Number.parseFloat(getComputedStyle(bar).bottom) || 0;
      root.style.setProperty(PROPERTY, `${Math.ceil(bar.offsetHeight + offset)}px`);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(bar);
    window.addEventListener('resize', measure);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
      root.style.removeProperty(PROPERTY);
    };
  }, [bar]);

  return setBar;
}
