/** A centred card for empty, error and not-found states: a title, a line, and what to do next. */
import type { ReactNode } from 'react';

export function StatusCard(props: {
  icon?: ReactNode;
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
  tone?: 'neutral' | 'error';
}) {
  return (
    <section
      className={`card status-card${props.tone === 'error' ? ' status-card--error' : ''}`}
      role={props.tone === 'error' ? 'alert' : undefined}
    >
      {props.icon ? (
        <div className="status-card__icon" aria-hidden="true">
          {props.icon}
        </div>
      ) : null}
      <h1 className="status-card__title">{props.title}</h1>
      {props.children ? <div className="status-card__body">{props.children}</div> : null}
      {props.actions ? <div className="status-card__actions">{props.actions}</div> : null}
    </section>
  );
}
