/**
 * A real tablist (WAI-ARIA tabs, automatic activation): the selected tab is the one in the tab
 * order; Left/Right move between tabs (wrapping), Home/End go to the first/last.
 */
import { useRef, type KeyboardEvent } from 'react';

export type Tab<T extends string> = { id: T; label: string };

export function tabId(prefix: string, id: string) {
  return `${prefix}-tab-${id}`;
}

export function panelId(prefix: string, id: string) {
  return `${prefix}-panel-${id}`;
}

export function Tabs<T extends string>(props: {
  label: string;
  prefix: string;
  tabs: readonly Tab<T>[];
  selected: T;
  onSelect: (id: T) => void;
}) {
  const { tabs, selected, onSelect, prefix } = props;
  const refs = useRef(new Map<T, HTMLButtonElement>());

  const onKeyDown = (event: KeyboardEvent) => {
    const index = tabs.findIndex((tab) => tab.id === selected);
    const last = tabs.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    const tab = tabs[next];
    if (!tab) return;
    onSelect(tab.id);
    refs.current.get(tab.id)?.focus();
  };

  return (
    <div className="tabs" role="tablist" aria-label={props.label} onKeyDown={onKeyDown}>
      {tabs.map((tab) => {
        const active = tab.id === selected;
        return (
          <button
            key={tab.id}
            ref={(node) => {
              if (node) refs.current.set(tab.id, node);
              else refs.current.delete(tab.id);
            }}
            type="button"
            role="tab"
            id={tabId(prefix, tab.id)}
            className="tabs__tab"
            aria-selected={active}
            aria-controls={panelId(prefix, tab.id)}
            tabIndex={active ? 0 : -1}
            onClick={() => onSelect(tab.id)}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}
