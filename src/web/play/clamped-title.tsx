/**
 * The game's title on the play page: at most three lines, so a long prompt does not push the list
 * off the first screen; when it is cut, a "more" button shows the whole of it (and "less" folds it
 * again). Screen readers read the whole title either way: the cut is visual only.
 */
import { useLayoutEffect, useRef, useState } from 'react';
import { useText } from '../i18n/i18n';
import { playPageText } from '../i18n/messages/play';

export function ClampedTitle(props: { id: string; text: string }) {
  const t = useText(playPageText);
  const title = useRef<HTMLHeadingElement>(null);
  const [expanded, setExpanded] = useState(false);
  const [cut, setCut] = useState(false);

  // Whether the clamp hides anything, again whenever the title's box changes size.
  useLayoutEffect(() => {
    const element = title.current;
    if (!element || expanded) return;
    const measure = () => setCut(element.scrollHeight > element.clientHeight + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [expanded, props.text]);

  return (
    <div className="clamped-title">
      <h1
        ref={title}
        id={props.id}
        className={`game-head__title${expanded ? '' : ' clamped-title__text'}`}
        dir="auto"
      >
        {props.text}
      </h1>
      {cut || expanded ? (
        <button
          type="button"
          className="clamped-title__toggle"
          aria-expanded={expanded}
          aria-controls={props.id}
          onClick={() => setExpanded((open) => !open)}
        >
          {expanded ? t.less : t.more}
        </button>
      ) : null}
    </div>
  );
}
