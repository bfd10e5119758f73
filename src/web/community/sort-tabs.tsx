/**
 * New / Popular: a real tablist. Arrow keys (and Home, End) move between the tabs and select
 * them; only the selected tab is in the Tab order (roving tabindex).
 */
import { useRef, type KeyboardEvent } from 'react';
import type { CommunitySort } from '../../domain/community';
import { useText } from '../i18n/i18n';
import { sortTabsText } from '../i18n/messages/community';

/** In tab order; each one's label is its message in `sortTabsText`. */
export const SORTS: readonly { value: CommunitySort }[] = [{ value: 'new' }, { value: 'popular' }];

export function tabId(idBase: string, sort: CommunitySort): string {
  return `${idBase}-tab-${sort}`;
}

export function SortTabs(props: {
  idBase: string;
  panelId: string;
  value: CommunitySort;
  onChange: (sort: CommunitySort) => void;
}) {
  const t = useText(sortTabsText);
  const tabs = useRef(new Map<CommunitySort, HTMLButtonElement>());

  const select = (sort: CommunitySort) => {
    props.onChange(sort);
    tabs.current.get(sort)?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = SORTS.length - 1;
    const next =
      event.key === 'ArrowRight' || event.key === 'ArrowDown'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft' || event.key === 'ArrowUp'
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
    const sort = SORTS[next];
    if (sort) select(sort.value);
  };

  return (
    <div className="sort-tabs" role="tablist" aria-label={t.label}>
      {SORTS.map((sort, index) => {
        const selected = sort.value === props.value;
        return (
          <button
            key={sort.value}
            ref={(element) => {
              if (element) tabs.current.set(sort.value, element);
              else tabs.current.delete(sort.value);
            }}
            id={tabId(props.idBase, sort.value)}
            type="button"
            role="tab"
            className="sort-tabs__tab"
            aria-selected={selected}
            aria-controls={props.panelId}
            tabIndex={selected ? 0 : -1}
            onClick={() => select(sort.value)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {t[sort.value]}
          </button>
        );
      })}
    </div>
  );
}
