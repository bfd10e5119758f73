/**
 * How much of the viewport's bottom the sticky submit bar (and the navigation below it) covers,
 * kept in the `--play-bottom-cover` property on <html>: play.css makes it the page's
 * scroll-padding-bottom, so a row reached with Tab scrolls clear of the bar instead of under it.
 * Measured, because the bar grows with an error, the offline note or the tap-to-place hint.
 */
import { useEffect, useState } from 'react';

const PROPERTY = '--play-bottom-cover';

export function useBottomCover(): (bar: HTMLElement | null) => void {
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
