/**
 * Tiers (issue 25): the creator's tier rows and a pool of items, placed any of three ways that all
 * go through one rule (`placeIn`, tier-placement.ts): drag an item onto a tier or back to the pool
 * (mouse, pen, or a long press on touch); tap an item to pick it up, then tap a tier row or one of
 * the tier buttons pinned in the submit bar; or, from the keyboard, Enter on an item and then a
 * tier, or a number key straight away (1 is the top tier; 0 or Delete puts it back in the pool).
 * Inside a tier the order does not count. Every placement is announced to screen readers.
 */
import {
  DndContext,
  DragOverlay,
  pointerWithin,
  TouchSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type DragStartEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { Inbox, X } from 'lucide-react';
import {
  memo,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
} from 'react';
import { createPortal } from 'react-dom';
import type { TierSpec } from '../../domain/ballot';
import type { ItemView } from '../../domain/game';
import type { ItemImageView } from '../../domain/item-pictures';
import { ItemPictureButton } from './item-picture';
import { textOn } from './tier-colors';
import { useText } from '../i18n/i18n';
import { tierBoardText } from '../i18n/messages/ballot';
import { RichText } from '../i18n/rich-text';
import { MouseAndPenSensor } from './drag-sensors';
import { placeIn, POOL, poolOf, tierOf, type Placement } from './tier-placement';

const POOL_ID = 'pool';
const tierId = (index: number) => `tier:${index}`;
/** The destination a droppable id stands for. */
const destinationOf = (id: UniqueIdentifier): number =>
  id === POOL_ID ? POOL : Number(String(id).slice('tier:'.length));

/** After a placement from the keyboard or a tap, where focus goes. */
type Refocus = { kind: 'item'; id: string } | { kind: 'pool'; index: number };

export function TierBoard(props: {
  items: readonly ItemView[];
  tiers: readonly TierSpec[];
  placement: Placement;
  onPlacementChange: (update: (placement: Placement) => Placement) => void;
  /** Where the tier buttons go while an item is picked up (the sticky submit bar). */
  hintSlot: HTMLElement | null;
}) {
  const { items, tiers, placement, onPlacementChange } = props;
  const t = useText(tierBoardText);
  const ids = { instructions: useId(), pool: useId() };
  const labels = useMemo(() => new Map(items.map((item) => [item.id, item.label])), [items]);
  const images = useMemo(
    () => new Map(items.flatMap((item) => (item.image ? [[item.id, item.image]] : []))),
    [items],
  );
  const pool = useMemo(() => poolOf(items, placement), [items, placement]);
  const boardRef = useRef<HTMLDivElement>(null);
  const refocus = useRef<Refocus | null>(null);

  const latest = useRef({ placement, pool, labels, tiers });
  useLayoutEffect(() => {
    latest.current = { placement, pool, labels, tiers };
  }, [placement, pool, labels, tiers]);

  const label = useCallback(
    (id: UniqueIdentifier) => latest.current.labels.get(String(id)) ?? String(id),
    [],
  );
  const tierLabel = useCallback(
    (index: number) => (index === POOL ? t.pool : (latest.current.tiers[index]?.label ?? '')),
    [t],
  );

  const [status, setStatus] = useState('');
  const announce = useCallback((text: string) => {
    setStatus((previous) => (previous === text ? `${text}\u00a0` : text));
  }, []);

  // Tap-to-place: the item picked up, if any.
  const [pickedState, setPickedState] = useState<string | null>(null);
  const picked = pickedState !== null && labels.has(pickedState) ? pickedState : null;
  const pickedRef = useRef<string | null>(null);
  const setPicked = useCallback((id: string | null) => {
    pickedRef.current = id;
    setPickedState(id);
  }, []);

  /** Puts an item in a tier (or the pool), says so, and notes where focus goes next. */
  const place = useCallback(
    (id: string, to: number, options: { refocus: boolean }) => {
      const current = latest.current;
      const from = tierOf(current.placement, id);
      setPicked(null);
      if (from === to) {
        announce(t.cancelled({ label: label(id) }));
        if (options.refocus) refocus.current = { kind: 'item', id };
        return;
      }
      if (options.refocus) {
        // From the pool, focus stays in the pool (on the item taking its place), so a keyboard
        // can go through the pool one key an item; otherwise it follows the item.
        const index = current.pool.findIndex((item) => item.id === id);
        refocus.current =
          from === POOL && current.pool.length > 1 ? { kind: 'pool', index } : { kind: 'item', id };
      }
      onPlacementChange((latestPlacement) => placeIn(latestPlacement, id, to));
      announce(
        to === POOL
          ? t.pooled({ label: label(id) })
          : t.placed({ label: label(id), tier: tierLabel(to) }),
      );
    },
    [announce, label, onPlacementChange, setPicked, t, tierLabel],
  );

  const onPick = useCallback(
    (id: string) => {
      if (pickedRef.current === id) {
        setPicked(null);
        announce(t.cancelled({ label: label(id) }));
      } else {
        setPicked(id);
        announce(t.picked({ label: label(id) }));
      }
    },
    [announce, label, setPicked, t],
  );

  /** A tap on a tier row (or a tier button) while an item is picked up. */
  const onTarget = useCallback(
    (to: number) => {
      const id = pickedRef.current;
      if (id !== null) place(id, to, { refocus: true });
    },
    [place],
  );

  const onItemKey = useCallback(
    (id: string, event: KeyboardEvent<HTMLButtonElement>) => {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      const count = latest.current.tiers.length;
      if (/^[1-9]$/.test(event.key) && Number(event.key) <= count) {
        event.preventDefault();
        place(id, Number(event.key) - 1, { refocus: true });
      } else if (event.key === '0' || event.key === 'Delete' || event.key === 'Backspace') {
        event.preventDefault();
        place(id, POOL, { refocus: true });
      }
    },
    [place],
  );

  // Escape puts the picked item down wherever focus is.
  useEffect(() => {
    if (picked === null) return;
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      event.preventDefault();
      setPicked(null);
      announce(t.cancelled({ label: label(picked) }));
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [picked, announce, label, setPicked, t]);

  // A placed item moves to another list, which drops focus: put it where `refocus` says.
  useLayoutEffect(() => {
    const request = refocus.current;
    refocus.current = null;
    const board = boardRef.current;
    if (!request || !board) return;
    let target: HTMLElement | null | undefined;
    if (request.kind === 'pool') {
      const chips = board.querySelectorAll<HTMLElement>('.tier-pool .tier-chip');
      target = chips[Math.min(request.index, chips.length - 1)];
    } else {
      target = board.querySelector<HTMLElement>(
        `.tier-chip[data-item-id="${CSS.escape(request.id)}"]`,
      );
    }
    if (target && document.activeElement !== target) target.focus();
  }, [placement, picked]);

  const sensors = useSensors(
    useSensor(MouseAndPenSensor, { activationConstraint: { distance: 5 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 5 } }),
  );
  const [dragging, setDragging] = useState<string | null>(null);
  // The press under way became a drag: its click is not a tap.
  const dragged = useRef(false);
  const inDrag = useRef(false);

  const announcements = useMemo<Announcements>(() => {
    const where = (id: UniqueIdentifier) => tierLabel(destinationOf(id));
    return {
      onDragStart: ({ active }) => t.picked({ label: label(active.id) }),
      onDragOver: ({ active, over }) =>
        over
          ? t.dragOver({ label: label(active.id), where: where(over.id) })
          : t.dragOutside({ label: label(active.id) }),
      onDragEnd: ({ active, over }) =>
        over
          ? destinationOf(over.id) === POOL
            ? t.pooled({ label: label(active.id) })
            : t.placed({ label: label(active.id), tier: where(over.id) })
          : t.cancelled({ label: label(active.id) }),
      onDragCancel: ({ active }) => t.cancelled({ label: label(active.id) }),
    };
  }, [label, tierLabel, t]);
  const screenReaderInstructions = useMemo(() => ({ draggable: t.instructions }), [t]);

  const onDragStart = useCallback(
    ({ active }: DragStartEvent) => {
      dragged.current = true;
      inDrag.current = true;
      if (pickedRef.current !== null) setPicked(null);
      setDragging(String(active.id));
    },
    [setPicked],
  );
  const dragOver = useCallback(() => {
    inDrag.current = false;
    setDragging(null);
  }, []);
  const onDragEnd = useCallback(
    ({ active, over }: DragEndEvent) => {
      dragOver();
      if (!over) return;
      onPlacementChange((current) => placeIn(current, String(active.id), destinationOf(over.id)));
    },
    [onPlacementChange, dragOver],
  );
  // The click that ends a drag's press is not a tap, whenever the button comes up (a drag let go
  // with Escape is over before it); the next press, or a key once the drag is over, is afresh.
  useEffect(() => {
    const press = () => {
      dragged.current = false;
    };
    const key = () => {
      if (!inDrag.current) dragged.current = false;
    };
    window.addEventListener('pointerdown', press, true);
    window.addEventListener('keydown', key, true);
    return () => {
      window.removeEventListener('pointerdown', press, true);
      window.removeEventListener('keydown', key, true);
    };
  }, []);
  const onItemClick = useCallback(
    (id: string) => {
      if (!dragged.current) onPick(id);
    },
    [onPick],
  );

  const pickedLabel = picked === null ? null : (labels.get(picked) ?? picked);
  const hint =
    picked === null ? null : (
      <TierMenu
        label={pickedLabel ?? ''}
        tiers={tiers}
        from={tierOf(placement, picked)}
        onPlace={onTarget}
        onCancel={() => {
          refocus.current = { kind: 'item', id: picked };
          setPicked(null);
          announce(t.cancelled({ label: label(picked) }));
        }}
      />
    );

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={pointerWithin}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={dragOver}
      accessibility={{ announcements, screenReaderInstructions }}
    >
      {props.hintSlot ? (hint ? createPortal(hint, props.hintSlot) : null) : hint}
      <div
        ref={boardRef}
        className={picked === null ? 'tier-board' : 'tier-board tier-board--placing'}
        data-testid="tier-board"
      >
        <p id={ids.instructions} className="visually-hidden">
          {t.instructions}
        </p>
        <ol className="tier-rows" aria-label={t.tiersLabel}>
          {tiers.map((tier, index) => (
            <TierRow
              key={index}
              index={index}
              tier={tier}
              ids={placement[index] ?? []}
              labels={labels}
              images={images}
              picked={picked}
              pickedLabel={pickedLabel}
              dragging={dragging}
              describedBy={ids.instructions}
              onTarget={onTarget}
              onItemClick={onItemClick}
              onItemKey={onItemKey}
            />
          ))}
        </ol>
        <PoolZone
          items={pool}
          headingId={ids.pool}
          picked={picked}
          pickedLabel={pickedLabel}
          pickedInPool={picked !== null && tierOf(placement, picked) === POOL}
          dragging={dragging}
          describedBy={ids.instructions}
          onTarget={onTarget}
          onItemClick={onItemClick}
          onItemKey={onItemKey}
        />
      </div>
      <DragOverlay dropAnimation={null}>
        {dragging === null ? null : (
          <span className="tier-chip tier-chip--overlay">{labels.get(dragging) ?? dragging}</span>
        )}
      </DragOverlay>
      <div
        className="visually-hidden"
        role="status"
        aria-live="polite"
        aria-atomic="true"
        data-testid="tier-status"
      >
        {status}
      </div>
    </DndContext>
  );
}

type ItemHandlers = {
  picked: string | null;
  pickedLabel: string | null;
  dragging: string | null;
  describedBy: string;
  onTarget: (to: number) => void;
  onItemClick: (id: string) => void;
  onItemKey: (id: string, event: KeyboardEvent<HTMLButtonElement>) => void;
};

const TierRow = memo(function TierRow(
  props: ItemHandlers & {
    index: number;
    tier: TierSpec;
    ids: readonly string[];
    labels: ReadonlyMap<string, string>;
    images: ReadonlyMap<string, ItemImageView>;
  },
) {
  const { index, tier, picked } = props;
  const t = useText(tierBoardText);
  const { setNodeRef, isOver } = useDroppable({ id: tierId(index) });
  const placing = picked !== null && !props.ids.includes(picked);
  const name = t.tierName({ tier: tier.label });
  const classes = ['tier-row'];
  if (isOver) classes.push('tier-row--over');
  if (placing) classes.push('tier-row--target');
  const style = { '--tier-color': tier.color } as React.CSSProperties;
  return (
    <li
      ref={setNodeRef}
      className={classes.join(' ')}
      style={style}
      data-testid="tier-row"
      data-tier={index}
      onClick={placing ? () => props.onTarget(index) : undefined}
    >
      {placing ? (
        <button
          type="button"
          className={`tier-row__label tier-row__label--${textOn(tier.color)}`}
          aria-label={t.putIn({ label: props.pickedLabel ?? '', tier: tier.label })}
          onClick={(event: MouseEvent) => {
            event.stopPropagation();
            props.onTarget(index);
          }}
        >
          <span dir="auto">{tier.label}</span>
        </button>
      ) : (
        <div className={`tier-row__label tier-row__label--${textOn(tier.color)}`}>
          <span dir="auto">{tier.label}</span>
        </div>
      )}
      <ul className="tier-row__items" aria-label={`${name}, ${t.inTier(props.ids.length)}`}>
        {props.ids.length === 0 ? (
          <li className="tier-row__empty" aria-hidden="true">
            {t.tierEmpty}
          </li>
        ) : null}
        {props.ids.map((id) => (
          <TierChip
            key={id}
            id={id}
            label={props.labels.get(id) ?? id}
            image={props.images.get(id)}
            where={tier.label}
            picked={picked === id}
            hidden={props.dragging === id}
            describedBy={props.describedBy}
            onClick={props.onItemClick}
            onKey={props.onItemKey}
          />
        ))}
      </ul>
    </li>
  );
});

function PoolZone(
  props: ItemHandlers & { items: readonly ItemView[]; headingId: string; pickedInPool: boolean },
) {
  const t = useText(tierBoardText);
  const { setNodeRef, isOver } = useDroppable({ id: POOL_ID });
  const placing = props.picked !== null && !props.pickedInPool;
  const classes = ['tier-pool'];
  if (isOver) classes.push('tier-pool--over');
  if (placing) classes.push('tier-pool--target');
  return (
    <section
      ref={setNodeRef}
      className={classes.join(' ')}
      aria-labelledby={props.headingId}
      data-testid="tier-pool"
      onClick={placing ? () => props.onTarget(POOL) : undefined}
    >
      <div className="tier-pool__head">
        <h2 id={props.headingId} className="tier-pool__title">
          <Inbox size={18} aria-hidden="true" />
          {t.pool}
        </h2>
        <span className="tier-pool__count">{t.poolLeft(props.items.length)}</span>
        {placing ? (
          <button
            type="button"
            className="btn btn-secondary tier-pool__back"
            onClick={(event) => {
              event.stopPropagation();
              props.onTarget(POOL);
            }}
          >
            {t.backToPool({ label: props.pickedLabel ?? '' })}
          </button>
        ) : null}
      </div>
      {props.items.length === 0 ? (
        <p className="tier-pool__empty">{t.poolEmpty}</p>
      ) : (
        <ul className="tier-pool__items">
          {props.items.map((item) => (
            <TierChip
              key={item.id}
              id={item.id}
              label={item.label}
              image={item.image}
              where={t.pool}
              picked={props.picked === item.id}
              hidden={props.dragging === item.id}
              describedBy={props.describedBy}
              onClick={props.onItemClick}
              onKey={props.onItemKey}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

const TierChip = memo(function TierChip(props: {
  id: string;
  label: string;
  image: ItemImageView | undefined;
  /** The tier (or pool) it is in, for its accessible name. */
  where: string;
  picked: boolean;
  hidden: boolean;
  describedBy: string;
  onClick: (id: string) => void;
  onKey: (id: string, event: KeyboardEvent<HTMLButtonElement>) => void;
}) {
  const t = useText(tierBoardText);
  const { setNodeRef, listeners } = useDraggable({ id: props.id });
  const classes = ['tier-chip'];
  if (props.picked) classes.push('tier-chip--picked');
  if (props.hidden) classes.push('tier-chip--dragging');
  return (
    <li className={props.image ? 'tier-chip__slot tier-chip__slot--picture' : 'tier-chip__slot'}>
      <ItemPictureButton image={props.image} label={props.label} />
      <button
        ref={setNodeRef}
        type="button"
        className={classes.join(' ')}
        data-item-id={props.id}
        data-testid="tier-chip"
        aria-pressed={props.picked}
        aria-label={
          props.picked
            ? t.putDown({ label: props.label })
            : t.pickUp({ label: props.label, where: props.where })
        }
        aria-describedby={props.describedBy}
        {...listeners}
        onClick={(event) => {
          event.stopPropagation();
          props.onClick(props.id);
        }}
        onKeyDown={(event) => props.onKey(props.id, event)}
      >
        <span dir="auto">{props.label}</span>
      </button>
    </li>
  );
});

/** Pinned in the submit bar while an item is picked up: a button for each tier, and Cancel. */
function TierMenu(props: {
  label: string;
  tiers: readonly TierSpec[];
  from: number;
  onPlace: (to: number) => void;
  onCancel: () => void;
}) {
  const t = useText(tierBoardText);
  return (
    <div className="tier-menu" data-testid="tier-menu">
      <p className="tier-menu__text">
        <RichText
          text={t.placing}
          values={{
            label: (
              <strong dir="auto" className="tier-menu__label">
                {props.label}
              </strong>
            ),
          }}
        />
      </p>
      <div className="tier-menu__buttons">
        {props.tiers.map((tier, index) => (
          <button
            key={index}
            type="button"
            className={`tier-menu__tier tier-row__label--${textOn(tier.color)}`}
            style={{ background: tier.color }}
            aria-label={t.putIn({ label: props.label, tier: tier.label })}
            aria-current={props.from === index ? 'true' : undefined}
            onClick={() => props.onPlace(index)}
          >
            <span dir="auto">{tier.label}</span>
          </button>
        ))}
        {props.from === POOL ? null : (
          <button
            type="button"
            className="btn btn-secondary tier-menu__pool"
            aria-label={t.backToPool({ label: props.label })}
            onClick={() => props.onPlace(POOL)}
          >
            {t.pool}
          </button>
        )}
        <button
          type="button"
          className="btn btn-secondary tier-menu__cancel"
          onClick={props.onCancel}
          aria-label={t.cancel}
        >
          <X size={16} aria-hidden="true" />
          <span className="tier-menu__cancel-text">{t.cancel}</span>
        </button>
      </div>
    </div>
  );
}
