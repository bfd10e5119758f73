/**
 * A game's ballot, whatever its kind (a full ranking, a top N, tiers): the board's state, the
 * board, its help line and its Submit words. The play page and a live room's phones (issue 27)
 * both play a game through these; what happens around the ballot (progress saving, offline
 * keeping, a room's countdown) stays with each page.
 */
import { Crown, Layers, ListOrdered } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { GameView } from '../../domain/game';
import { placeAll } from '../../domain/lifecycle';
import type { BallotValue } from '../api/games';
import { formatNumber } from '../i18n/format';
import { useText } from '../i18n/i18n';
import { ballotKindText } from '../i18n/messages/ballot';
import { playPageText } from '../i18n/messages/play';
import { RichText } from '../i18n/rich-text';
import { SkeletonList } from '../ui/loading';
import { PictureViewerProvider } from './item-picture';
import { RankList, type Order } from './rank-list';
import { emptyPlacement, keptPlacement, placedCount, type Placement } from './tier-placement';
import { keptPicks } from './top-picks';
import './ballot.css';
import './ranking.css';

// The top-N picker and the tier board load only for the games that ask for them: most games are
// full rankings, and the play page's first visit is the one the JavaScript budget is for.
const TopPicker = lazy(() => import('./top-picker').then((m) => ({ default: m.TopPicker })));
const TierBoard = lazy(() => import('./tier-board').then((m) => ({ default: m.TierBoard })));

/** What a ballot asks for, as far as the board's state depends on it: a
 * board keyed by it starts anew when the owner changes the shape. */
export function ballotShape(ballot: GameView['ballot']): string {
  if (ballot.kind === 'top') return `top ${ballot.n}`;
  if (ballot.kind === 'tiers') return `tiers ${ballot.tiers.length}`;
  return ballot.kind;
}

/** Where a ballot starts: a kept or saved ranking (or top picks), or saved tiers. */
export type BallotStart = { ranking?: Order | null; tiers?: Placement | null };

export type BallotState = {
  game: GameView;
  order: Order;
  picks: Order;
  placement: Placement;
  onOrderChange: (update: (order: Order) => Order) => void;
  onPicksChange: (update: (picks: Order) => Order) => void;
  onPlacementChange: (update: (placement: Placement) => Placement) => void;
  /** What Submit sends (and a progress save). */
  value: BallotValue;
  /** Why Submit cannot be pressed yet (a top N not all picked, no item in a tier), if it can't. */
  notReady: string | null;
  /** The items in the order the player put them (a closed game shows them so). */
  ordered: Order;
};

/**
 * The ballot's state, kept in step with the game's items when the owner edits them while the
 * board is open. `onMove` is called on each of the player's moves (not on the first render).
 */
export function useBallot(game: GameView, start: BallotStart, onMove: () => void): BallotState {
  const { ballot } = game;
  const k = useText(ballotKindText);
  const moved = useRef(onMove);
  useEffect(() => {
    moved.current = onMove;
  }, [onMove]);
  const items = useRef(game.items);
  useEffect(() => {
    items.current = game.items;
  }, [game.items]);

  const [savedOrder, setOrder] = useState<Order>(() => start.ranking ?? []);
  const order = useMemo(() => placeAll(savedOrder, game.items), [savedOrder, game.items]);
  const onOrderChange = useCallback((update: (order: Order) => Order) => {
    moved.current();
    setOrder((current) => update(placeAll(current, items.current)));
  }, []);
  // Top N: the picks, best first (issue 25).
  const n = ballot.kind === 'top' ? ballot.n : 0;
  const [savedPicks, setPicks] = useState<Order>(() =>
    ballot.kind === 'top' ? (start.ranking ?? []) : [],
  );
  const picks = useMemo(() => keptPicks(savedPicks, game.items, n), [savedPicks, game.items, n]);
  const onPicksChange = useCallback((update: (picks: Order) => Order) => {
    moved.current();
    setPicks(update);
  }, []);
  // Tiers: one array of item ids per tier.
  const tierCount = ballot.kind === 'tiers' ? ballot.tiers.length : 0;
  const [savedPlacement, setPlacement] = useState<Placement>(
    () => start.tiers ?? emptyPlacement(tierCount),
  );
  const placement = useMemo(
    () => keptPlacement(savedPlacement, game.items, tierCount),
    [savedPlacement, game.items, tierCount],
  );
  const onPlacementChange = useCallback((update: (placement: Placement) => Placement) => {
    moved.current();
    setPlacement(update);
  }, []);

  const notReady =
    ballot.kind === 'top' && picks.length !== n
      ? picks.length < n
        ? k.pickMore({ count: n - picks.length })(n - picks.length)
        : null
      : ballot.kind === 'tiers' && placedCount(placement) === 0
        ? k.placeOne
        : null;
  const value = useMemo<BallotValue>(
    () =>
      ballot.kind === 'tiers'
        ? { tiers: placement.map((tier) => [...tier]) }
        : { ranking: [...(ballot.kind === 'top' ? picks : order)] },
    [ballot.kind, placement, picks, order],
  );
  const ordered =
    ballot.kind === 'top' ? picks : ballot.kind === 'tiers' ? placement.flat() : order;
  return {
    game,
    order,
    picks,
    placement,
    onOrderChange,
    onPicksChange,
    onPlacementChange,
    value,
    notReady,
    ordered,
  };
}

/** The board for the ballot's kind. `hintSlot`: where moving hints go (the sticky submit bar). */
export function BallotBoard(props: {
  state: BallotState;
  labelledBy: string;
  hintSlot: HTMLElement | null;
}) {
  const { state, hintSlot } = props;
  const { game } = state;
  const { ballot } = game;
  return (
    <PictureViewerProvider>
      {/* One fallback for the kinds whose boards load on demand; a full ranking's never waits. */}
      <Suspense fallback={<SkeletonList rows={6} />}>
        {ballot.kind === 'top' ? (
          <TopPicker
            items={game.items}
            n={ballot.n}
            picks={state.picks}
            onPicksChange={state.onPicksChange}
            hintSlot={hintSlot}
          />
        ) : ballot.kind === 'tiers' ? (
          <TierBoard
            items={game.items}
            tiers={ballot.tiers}
            placement={state.placement}
            onPlacementChange={state.onPlacementChange}
            hintSlot={hintSlot}
          />
        ) : (
          <RankList
            items={game.items}
            order={state.order}
            onOrderChange={state.onOrderChange}
            labelledBy={props.labelledBy}
            hintSlot={hintSlot}
          />
        )}
      </Suspense>
    </PictureViewerProvider>
  );
}

/** The line above the board: what goes where (its `id` describes the ballot's form). */
export function BallotHelp(props: { game: GameView; id: string }) {
  const { game, id } = props;
  const { ballot } = game;
  const t = useText(playPageText);
  const k = useText(ballotKindText);
  if (ballot.kind === 'ranking') {
    return (
      <p id={id} className="play-form__help">
        <RichText
          text={t.help}
          values={{
            best: <strong>{t.best}</strong>,
            how: <span className="play-form__how">{t.how}</span>,
          }}
        />
      </p>
    );
  }
  return (
    <div className="play-form__kind" data-testid="ballot-kind">
      {ballot.kind === 'top' ? (
        <ListOrdered size={20} aria-hidden="true" />
      ) : (
        <Layers size={20} aria-hidden="true" />
      )}
      <div>
        <p className="play-form__kind-title">
          {ballot.kind === 'top' ? k.top({ n: ballot.n }) : k.tiers}
        </p>
        <p id={id} className="play-form__help">
          {ballot.kind === 'top'
            ? k.topHelp({ n: ballot.n, total: formatNumber(game.items.length) })
            : k.tiersHelp}
        </p>
      </div>
    </div>
  );
}

/** The ballot's Submit button: its words for the kind, "Submitting…" while it is sent. */
export function SubmitBallotButton(props: {
  game: GameView;
  className: string;
  pending: boolean;
  /** Why it cannot be sent yet (null: it can): the button stays pressable and says why. */
  notReady: string | null;
  describedBy: string | undefined;
}) {
  const t = useText(playPageText);
  const label = useSubmitLabel(props.game);
  return (
    <button
      type="submit"
      className={props.className}
      disabled={props.pending}
      aria-disabled={props.notReady !== null}
      data-testid="submit-button"
      aria-describedby={props.describedBy}
    >
      <Crown size={20} aria-hidden="true" />
      {props.pending ? t.submitting : label}
    </button>
  );
}

/** The Submit button's words for the ballot's kind. */
function useSubmitLabel(game: GameView): string {
  const t = useText(playPageText);
  const k = useText(ballotKindText);
  const { ballot } = game;
  return ballot.kind === 'top'
    ? k.submitTop({ n: ballot.n })
    : ballot.kind === 'tiers'
      ? k.submitTiers
      : t.submit;
}
