/**
 * The head-to-head matrix: for each pair, the share of players who put the row's item above the
 * column's, as a heat map. A grid: one cell focusable at a time, arrow keys (and Home/End) move
 * between cells, and every cell says in words what it shows. Items with a picture show its
 * thumbnail in their row's and column's headers (issue 26), small enough that a column stays
 * as narrow as its cells.
 */
import { ChevronDown, Swords } from 'lucide-react';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import type { ItemImageView } from '../../domain/item-pictures';
import type { ItemResult } from '../../domain/results';
import { ItemThumb } from '../ui/item-thumb';
import { pairShare } from './pair-share';
import { useText } from '../i18n/i18n';
import { formatPercent } from '../i18n/format';
import { headToHeadText } from '../i18n/messages/results';

/** Items shown at first, and at most (a bigger grid helps nobody on a screen). */
const FIRST = 8;
const MOST = 20;

export function HeadToHead(props: {
  items: readonly ItemResult[];
  headToHead: Record<string, Record<string, number>>;
  /** Items' pictures by item id (the game's, as the results rows show them). */
  pictures: ReadonlyMap<string, ItemImageView>;
}) {
  const t = useText(headToHeadText);
  const [open, setOpen] = useState(false);
  const [all, setAll] = useState(false);
  const panelId = useId();
  const shown = props.items.slice(0, all ? MOST : FIRST);
  const more = Math.min(props.items.length, MOST) - shown.length;

  return (
    <section className="h2h" aria-labelledby={`${panelId}-title`}>
      <h2 id={`${panelId}-title`} className="section-title">
        <button
          type="button"
          className="h2h__toggle"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen(!open)}
        >
          <Swords size={20} aria-hidden="true" />
          {t.title}
          <ChevronDown size={18} aria-hidden="true" className="h2h__chevron" />
        </button>
      </h2>
      <div id={panelId} hidden={!open}>
        {open ? (
          <>
            <p className="muted h2h__lede">{t.lede}</p>
            <Matrix items={shown} headToHead={props.headToHead} pictures={props.pictures} />
            {more > 0 ? (
              <button
                type="button"
                className="btn btn-secondary btn-sm"
                onClick={() => setAll(true)}
              >
                {t.showMore(more)}
              </button>
            ) : null}
            {props.items.length > MOST && all ? (
              <p className="muted">{t.topShown({ count: MOST })}</p>
            ) : null}
          </>
        ) : null}
      </div>
    </section>
  );
}

function Matrix(props: {
  items: readonly ItemResult[];
  headToHead: Record<string, Record<string, number>>;
  pictures: ReadonlyMap<string, ItemImageView>;
}) {
  const { items, pictures } = props;
  const t = useText(headToHeadText);
  const n = items.length;
  const [focus, setFocus] = useState({ row: 0, col: Math.min(1, n - 1) });
  const grid = useRef<HTMLTableElement>(null);

  const move = (row: number, col: number) => {
    const next = { row: clamp(row, n), col: clamp(col, n) };
    setFocus(next);
    grid.current?.querySelector<HTMLElement>(`[data-cell="${next.row}-${next.col}"]`)?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    const { row, col } = focus;
    const moves: Record<string, [number, number]> = {
      ArrowUp: [row - 1, col],
      ArrowDown: [row + 1, col],
      ArrowLeft: [row, col - 1],
      ArrowRight: [row, col + 1],
      Home: [row, 0],
      End: [row, n - 1],
    };
    const target = moves[event.key];
    if (!target) return;
    event.preventDefault();
    move(...target);
  };

  return (
    <div className="h2h__scroll">
      <table
        ref={grid}
        role="grid"
        className="h2h__grid"
        aria-label={t.gridLabel}
        onKeyDown={onKeyDown}
      >
        <thead>
          <tr>
            <td />
            {items.map((item, col) => (
              <th key={item.id} scope="col" className="h2h__col" title={item.label}>
                <span className="h2h__col-head">
                  <span className="h2h__col-label" dir="auto">
                    <span aria-hidden="true">{col + 1}. </span>
                    {item.label}
                  </span>
                  <ItemThumb picture={pictures.get(item.id)} className="h2h__picture" />
                </span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {items.map((rowItem, row) => (
            <tr key={rowItem.id}>
              <th scope="row" className="h2h__row" title={rowItem.label}>
                <span className="h2h__row-head">
                  <ItemThumb picture={pictures.get(rowItem.id)} className="h2h__picture" />
                  <span className="h2h__row-label" dir="auto">
                    <span aria-hidden="true">{row + 1}. </span>
                    {rowItem.label}
                  </span>
                </span>
              </th>
              {items.map((colItem, col) => {
                const tabIndex = focus.row === row && focus.col === col ? 0 : -1;
                const cell = {
                  'data-cell': `${row}-${col}`,
                  tabIndex,
                  onFocus: () => setFocus({ row, col }),
                };
                if (row === col) {
                  return (
                    <td key={colItem.id} {...cell} className="h2h__cell h2h__cell--self">
                      <span aria-hidden="true">—</span>
                      <span className="visually-hidden">{t.itself({ item: rowItem.label })}</span>
                    </td>
                  );
                }
                const duel = pairShare(props.headToHead, rowItem.id, colItem.id);
                return (
                  <td
                    key={colItem.id}
                    {...cell}
                    className="h2h__cell"
                    style={{ background: heat(duel?.share ?? 0.5) }}
                  >
                    <span aria-hidden="true">{duel ? formatPercent(duel.share) : '·'}</span>
                    <span className="visually-hidden">
                      {duel
                        ? t.duel({
                            row: rowItem.label,
                            column: colItem.label,
                            share: formatPercent(duel.share),
                            total: duel.total,
                          })
                        : t.noDuel({ row: rowItem.label, column: colItem.label })}
                    </span>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function clamp(value: number, n: number): number {
  return Math.max(0, Math.min(n - 1, value));
}

/**
 * Lavender (the row loses) through white (even) to gold (the row wins). Every stop keeps the dark
 * text above 4.5:1, in light and dark themes alike (the cells carry their own background).
 */
function heat(share: number): string {
  const lose = [201, 188, 245];
  const even = [255, 255, 255];
  const win = [245, 195, 59];
  const t = Math.abs(share - 0.5) * 2;
  const to = share >= 0.5 ? win : lose;
  const mix = even.map((c, i) => Math.round(c + ((to[i] ?? c) - c) * t));
  return `rgb(${mix.join(' ')})`;
}
