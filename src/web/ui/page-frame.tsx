/** The frame of a page: its heading with an optional lead line and actions, and empty states. */
import type { ReactNode } from 'react';

export function PageHead(props: {
  title: ReactNode;
  eyebrow?: ReactNode;
  lede?: ReactNode;
  actions?: ReactNode;
  icon?: ReactNode;
}) {
  return (
    <header className="page-frame__head">
      {props.icon ? (
        <span className="page-frame__icon" aria-hidden="true">
          {props.icon}
        </span>
      ) : null}
      <div className="page-frame__text">
        {props.eyebrow ? <p className="eyebrow">{props.eyebrow}</p> : null}
        <h1 className="page-title">{props.title}</h1>
        {props.lede ? <p className="muted">{props.lede}</p> : null}
      </div>
      {props.actions ? <div className="page-frame__actions">{props.actions}</div> : null}
    </header>
  );
}

/** An honest "nothing here yet" card: what will appear, and what to do now. */
export function EmptyState(props: {
  icon: ReactNode;
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
  headingLevel?: 2 | 3;
}) {
  const Heading = props.headingLevel === 3 ? 'h3' : 'h2';
  return (
    <section className="card empty-state" data-testid="empty-state">
      <div className="empty-state__icon" aria-hidden="true">
        {props.icon}
      </div>
      <Heading className="empty-state__title">{props.title}</Heading>
      {props.children ? <div className="empty-state__body">{props.children}</div> : null}
      {props.actions ? <div className="empty-state__actions">{props.actions}</div> : null}
    </section>
  );
}
