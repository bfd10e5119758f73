/**
 * Top N (issue 25): "Rank your top N". The picks are an ordinary ranking list (rank-list.tsx:
 * drag, Move buttons, tap-to-place, the keyboard) with a remove button on each row; below them a
 * search box over the items not picked yet (type to filter, Enter adds the first match) and those
 * items, each added with a tap or a click. On a phone the picks and the search box stay at the top
 * of the screen while the list below scrolls, so what is picked is always in sight.
 */
import { Plus, Search } from 'lucide-react';
import { memo, useCallback, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { ItemView } from '../../domain/game';
import type { ItemImageView } from '../../domain/item-pictures';
import { ItemPictureButton } from './item-picture';
import { formatNumber } from '../i18n/format';
import { useText } from '../i18n/i18n';
import { topPickerText } from '../i18n/messages/ballot';
import { RankList, type Order } from './rank-list';
import { addPick, matchingItems, removePick } from './top-picks';

export function TopPicker(props: {
  items: readonly ItemView[];
  n: number;
  picks: Order;
  onPicksChange: (update: (picks: Order) => Order) => void;
  /** Where the "Moving …" hint goes (the sticky submit bar). */
  hintSlot: HTMLElement | null;
}) {
  const { items, n, picks, onPicksChange } = props;
  const t = useText(topPickerText);
  const ids = { picks: useId(), search: useId(), found: useId() };
  const [query, setQuery] = useState('');
  const picked = useMemo(() => new Set(picks), [picks]);
  const found = useMemo(() => matchingItems(items, query, picked), [items, query, picked]);
  const labels = useMemo(() => new Map(items.map((item) => [item.id, item.label])), [items]);
  const full = picks.length >= n;
  const poolRef = useRef<HTMLUListElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  // After a tap adds an item, focus goes to the item that took its place in the list.
  const refocus = useRef<number | null>(null);

  const [status, setStatus] = useState('');
  const announce = useCallback((text: string) => {
    setStatus((previous) => (previous === text ? `${text}\u00a0` : text));
  }, []);

  const latest = useRef({ picks, n, labels });
  useLayoutEffect(() => {
    latest.current = { picks, n, labels };
  }, [picks, n, labels]);

  /** Adds an item to the picks and says so; says why not when N are picked already. */
  const add = useCallback(
    (id: string) => {
      const current = latest.current;
      const label = current.labels.get(id) ?? id;
      if (current.picks.length >= current.n) {
        announce(t.full({ n: current.n }));
        return false;
      }
      onPicksChange((latestPicks) => addPick(latestPicks, id, current.n));
      announce(t.added({ label, count: current.picks.length + 1, n: current.n }));
      return true;
    },
    [announce, onPicksChange, t],
  );

  const onPoolClick = useCallback(
    (id: string, index: number) => {
      if (add(id)) refocus.current = index;
    },
    [add],
  );

  useLayoutEffect(() => {
    const index = refocus.current;
    refocus.current = null;
    if (index === null) return;
    const buttons = poolRef.current?.querySelectorAll<HTMLElement>('.pool-item');
    if (!buttons || buttons.length === 0) {
      searchRef.current?.focus();
      return;
    }
    buttons[Math.min(index, buttons.length - 1)]?.focus();
  }, [found]);

  const onRemove = useCallback(
    (id: string) => onPicksChange((latestPicks) => removePick(latestPicks, id)),
    [onPicksChange],
  );

  const onSearchKey = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
      // Enter adds the first match, and never submits the form.
      event.preventDefault();
      const first = found[0];
      if (!first || query.trim() === '') {
        if (query.trim() !== '') announce(t.noMatch({ query: query.trim() }));
        return;
      }
      if (add(first.id)) setQuery('');
    } else if (event.key === 'Escape' && query !== '') {
      event.preventDefault();
      setQuery('');
    } else if (event.key === 'ArrowDown') {
      const first = poolRef.current?.querySelector<HTMLElement>('.pool-item');
      if (first) {
        event.preventDefault();
        first.focus();
      }
    }
  };

  const slots = Math.min(n, 10);
  return (
    <div className="top-picker" style={{ '--pick-slots': slots } as React.CSSProperties}>
      <section className="top-picker__panel" aria-labelledby={ids.picks}>
        <div className="top-picker__head">
          <h2 id={ids.picks} className="top-picker__title">
            {t.yourPicks}
          </h2>
          <p
            className={full ? 'top-picker__count top-picker__count--full' : 'top-picker__count'}
            data-testid="pick-count"
          >
            {t.count({ count: formatNumber(picks.length), n: formatNumber(n) })}
          </p>
        </div>
        <div className="top-picker__picks" data-testid="top-picks">
          <RankList
            items={items}
            order={picks}
            onOrderChange={onPicksChange}
            labelledBy={ids.picks}
            hintSlot={props.hintSlot}
            onRemove={onRemove}
            empty={<li className="top-picker__empty">{t.empty}</li>}
          />
        </div>
        <div className="top-picker__search">
          <label htmlFor={ids.search} className="visually-hidden">
            {t.searchLabel}
          </label>
          <Search size={18} aria-hidden="true" className="top-picker__search-icon" />
          <input
            ref={searchRef}
            id={ids.search}
            className="input top-picker__search-input"
            type="search"
            autoComplete="off"
            enterKeyHint="enter"
            placeholder={t.searchPlaceholder}
            aria-describedby={ids.found}
            aria-controls={`${ids.search}-pool`}
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            onKeyDown={onSearchKey}
            data-testid="pick-search"
          />
        </div>
        <p id={ids.found} className="top-picker__found">
          {query.trim() === ''
            ? t.left(found.length)
            : found.length === 0
              ? t.noMatch({ query: query.trim() })
              : t.matches(found.length)}
        </p>
      </section>
      <section className="top-picker__finder" aria-label={t.poolLabel}>
        <ul
          ref={poolRef}
          id={`${ids.search}-pool`}
          className="top-picker__pool"
          data-testid="pick-pool"
        >
          {found.map((item, index) => (
            <PoolItem
              key={item.id}
              id={item.id}
              label={item.label}
              image={item.image}
              index={index}
              full={full}
              onAdd={onPoolClick}
            />
          ))}
        </ul>
      </section>
      <div className="visually-hidden" role="status" aria-live="polite" data-testid="pick-status">
        {status}
      </div>
    </div>
  );
}

const PoolItem = memo(function PoolItem(props: {
  id: string;
  label: string;
  image: ItemImageView | undefined;
  index: number;
  full: boolean;
  onAdd: (id: string, index: number) => void;
}) {
  const t = useText(topPickerText);
  return (
    <li className={props.image ? 'pool-item__slot pool-item__slot--picture' : undefined}>
      <ItemPictureButton image={props.image} label={props.label} />
      <button
        type="button"
        className="pool-item"
        aria-label={t.add({ label: props.label })}
        aria-disabled={props.full}
        data-item-id={props.id}
        onClick={() => props.onAdd(props.id, props.index)}
      >
        <Plus size={18} aria-hidden="true" className="pool-item__icon" />
        <span className="pool-item__label" dir="auto">
          {props.label}
        </span>
      </button>
    </li>
  );
});
