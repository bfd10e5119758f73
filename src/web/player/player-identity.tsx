/** A player's avatar (the initial of their name), name and, below, their handle or its editor. */
import type { ReactNode } from 'react';

export function initialOf(name: string): string {
  const first = [...name.trim()][0];
  return first ? first.toLocaleUpperCase() : '?';
}

export function PlayerIdentity(props: { name: string; children?: ReactNode }) {
  return (
    <div className="player-identity">
      <span className="player-avatar" aria-hidden="true">
        {initialOf(props.name)}
      </span>
      <h1 className="player-identity__name" dir="auto">
        {props.name}
      </h1>
      <div className="player-identity__more">{props.children}</div>
    </div>
  );
}
